import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client';
import { databaseUrlFor } from './databases';

/**
 * The PostgreSQL server the several-instance tests share one database on: DATABASE_URL's when
 * set, else the local server (those tests need a server even in the PGlite run; CI starts it).
 */
export const serverUrl = () =>
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the server, empty or migrated (a copy of the run's template when
 * there is one), dropped by `drop`.
 */
export async function createServerDatabase(options: { migrated: boolean }) {
  const name = `qbank_scale_${randomBytes(4).toString('hex')}`;
  const template = inject('pgTemplate');
  const url = databaseUrlFor(serverUrl(), name);
  if (options.migrated && template) {
    await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } else {
    await admin(`CREATE DATABASE ${name}`);
    if (options.migrated) {
      const database = await openDatabase({ url, poolSize: 1 });
      await database.migrate();
      await database.close();
    }
  }
  return { url, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
