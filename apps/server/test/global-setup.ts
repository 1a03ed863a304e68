import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { databaseUrlFor } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated template database that each test file copies (PostgreSQL runs only). */
    pgTemplate: string | null;
  }
}

/**
 * With DATABASE_URL: migrate one template database for this run; every test file clones it
 * (CREATE DATABASE ... TEMPLATE), so runs and files never collide. Dropped at the end.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', null);
    return;
  }
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
