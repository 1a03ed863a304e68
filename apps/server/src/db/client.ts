import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { packageRoot } from '../lib/paths';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs a raw statement; used by health checks and tests. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations (apps/server/drizzle). */
export const migrationsFolder = () => path.join(packageRoot(), 'drizzle');

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** dataDir undefined: in memory (tests); `snapshot`: start from a dumped data folder. */
  | { dataDir: string | undefined; snapshot?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.snapshot);
}

async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, snapshot ? { loadDataDir: snapshot } : {});
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
