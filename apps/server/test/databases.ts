import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

export function databaseUrlFor(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template on the
 * PostgreSQL server (DATABASE_URL), else an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) return openMigratedPglite();
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openDatabase({ url: databaseUrlFor(url, name), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A PGlite loaded from the run's migrated dump (see global-setup.ts): in memory, or in
 * `dataDir` on disk as the app keeps it.
 */
export async function openMigratedPglite(dataDir?: string): Promise<Database> {
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) {
    const database = await openDatabase({ dataDir });
    await database.migrate();
    return database;
  }
  return openDatabase({ dataDir, snapshot: new Blob([fs.readFileSync(snapshot)]) });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
