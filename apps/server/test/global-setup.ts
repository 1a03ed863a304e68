import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../src/db/client';
import { databaseUrlFor } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated template database that each test file copies (PostgreSQL runs only). */
    pgTemplate: string | null;
    /** A migrated PGlite data folder dumped as a tar file, which each test file loads (PGlite runs). */
    pgliteSnapshot: string | null;
  }
}

/**
 * Without DATABASE_URL: migrate one in-memory PGlite for this run and dump its data folder;
 * each test file starts from that dump instead of running every migration again.
 * With DATABASE_URL: migrate one template database for this run; every test file clones it
 * (CREATE DATABASE ... TEMPLATE), so runs and files never collide. Dropped at the end.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', null);
    const snapshot = await migratedPgliteSnapshot();
    project.provide('pgliteSnapshot', snapshot);
    return () => fs.rmSync(path.dirname(snapshot), { recursive: true, force: true });
  }
  project.provide('pgliteSnapshot', null);
  const template = `qbank_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ url: databaseUrlFor(url, template), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', template);

  return async () => {
    // Test files drop their own copies; this drops the template and any copy a crash left.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${template}%`],
    );
    for (const { datname } of rows.reverse()) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.end();
  };
}

async function migratedPgliteSnapshot(): Promise<string> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-pglite-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}
