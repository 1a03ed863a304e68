import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /** Applies the pending migrations; on a PostgreSQL server one instance at a time. */
  migrate(): Promise<void>;
  /**
   * Runs `task` while holding the database-wide start-up lock: on a PostgreSQL server, instances
   * starting at once take turns (a PostgreSQL advisory lock); PGlite has one process anyway.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Runs a raw statement; used by health checks and tests. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations (apps/server/drizzle). */
export const migrationsFolder = () => path.join(packageRoot(), 'drizzle');

export type DatabaseOptions =
  /** `ownIdleMs`: how long the answers' own connection may stay unused (tests shorten it). */
  | { url: string; poolSize?: number; ownIdleMs?: number }
  /** dataDir undefined: in memory (tests); `snapshot`: start from a dumped data folder. */
  | { dataDir: string | undefined; snapshot?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    return openPostgres(options.url, options.poolSize ?? 10, options.ownIdleMs ?? OWN_IDLE_MS);
  }
  return openPglite(options.dataDir, options.snapshot);
}

/** The extensions the migrations create (search without accents, similar questions). */
export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PGlite runs PostgreSQL single-user, where nothing checkpoints by itself and a checkpoint keeps
 * up to max_wal_size (1 GB) of old WAL for reuse: an install's pg_wal grew to 900 MB, copied into
 * every backup. Small WAL limits make a checkpoint drop the old files; `keepWalSmall` checkpoints.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
];
const CHECKPOINT_AFTER_BYTES = 48 * 1024 * 1024;
const CHECKPOINT_CHECK_MS = 60_000;

/** Opens PGlite on `dataDir` (in memory when undefined) with the app's extensions and WAL limits. */
export function createPglite(dataDir: string | undefined, snapshot?: Blob): Promise<PGlite> {
  const options = { extensions: pgliteExtensions, startParams: PGLITE_START_PARAMS };
  return PGlite.create(dataDir, snapshot ? { ...options, loadDataDir: snapshot } : options);
}

/** Every minute, a checkpoint once 48 MB of WAL were written since the last one. */
function keepWalSmall(client: PGlite): () => void {
  const check = async () => {
    const { rows } = await client.query<{ behind: string }>(
      'select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::text as behind from pg_control_checkpoint()',
    );
    if (Number(rows[0]?.behind ?? 0) > CHECKPOINT_AFTER_BYTES) await client.exec('CHECKPOINT');
  };
  const timer = setInterval(() => {
    if (!client.closed) check().catch(() => undefined); // the next minute tries again
  }, CHECKPOINT_CHECK_MS).unref();
  return () => clearInterval(timer);
}

async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await createPglite(dataDir, snapshot);
  const stopCheckpoints = keepWalSmall(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    exclusive: (task) => task(),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      stopCheckpoints();
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number, ownIdleMs: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  const own = new OwnConnection(pool, ownIdleMs);
  ownConnections.set(pool, own);
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const exclusive = <T>(task: () => Promise<T>) => withAdvisoryLock(url, task);
  return {
    db,
    kind: 'postgres',
    migrate: () =>
      exclusive(() => migratePg(db as never, { migrationsFolder: migrationsFolder() })),
    exclusive,
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await own.close();
      await pool.end();
    },
  };
}

/**
 * A query builder's `.prepare(name)` made once per database and reused: on a PostgreSQL server
 * each connection parses and plans it once. For the hottest reads (decision 042).
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) byDb.set(db, (query = prepare(db)));
    return query;
  };
}

const dialect = new PgDialect();

/** Names of the statements run so far, by text: a text's hash is computed once. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `qbank_${createHash('sha1').update(text).digest('hex')}`;
    // Texts depend on shapes only (a handful); the bound guards against a caller that breaks it.
    if (statementNames.size >= 1_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `query` and returns its rows, as a named prepared statement on a PostgreSQL server: each
 * connection parses and plans a statement of the same text once, then only binds it. For the
 * hottest statements (the answer's, decision 042), whose text depends on their shape only.
 * PGlite runs it as `db.execute` does.
 */
export async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  return runPrepared<T>(pool, query);
}

const poolOf = (db: Db): pg.Pool | undefined => {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

async function runPrepared<T>(client: pg.Pool | pg.PoolClient, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}

/**
 * `executePrepared` on a connection kept out of the pool for one caller that runs one statement
 * at a time (the answer batches, decision 042): the statement goes out at once. Through the
 * pool it would go out on the next tick, after every promise callback already queued, such as
 * the replies of the batch before.
 */
export async function executeOnOwnConnection<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = poolOf(db);
  const own = pool && ownConnections.get(pool);
  return own ? own.run<T>(query) : executePrepared(db, query);
}

/** `application_name` of the answers' own connection (visible in pg_stat_activity). */
export const OWN_CONNECTION_NAME = 'qbank-answers';

/**
 * An own connection unused this long is closed, and the next statement takes a new one: one
 * held idle for hours could be cut by a firewall without a word, and the next answer would hang.
 */
const OWN_IDLE_MS = 10_000;

/**
 * A pool's own connection: taken from the pool at the first statement; dropped when it fails
 * (closed, reset; not a statement the server refused) or stays unused `idleMs`, and taken anew
 * by the next statement.
 */
class OwnConnection {
  /** The connection, or the promise of it while it is being taken. */
  private held: pg.PoolClient | Promise<pg.PoolClient> | undefined;
  private idle: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly idleMs: number,
  ) {}

  async run<T>(query: SQL): Promise<T[]> {
    const held = this.held ?? this.take();
    const client = held instanceof Promise ? await held : held;
    this.running = true;
    try {
      return await runPrepared<T>(client, query);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) this.letGo(client, error as Error);
      throw error;
    } finally {
      this.running = false;
      this.closeWhenIdle(client);
    }
  }

  /** Gives the connection back before the pool ends (`pool.end` waits for every client). */
  async close(): Promise<void> {
    const held = this.held;
    this.forget();
    const client = await Promise.resolve(held).catch(() => undefined);
    client?.release();
  }

  private take(): Promise<pg.PoolClient> {
    const taking = (async () => {
      const client = await this.pool.connect();
      // Out of the pool, its errors are no longer the pool's to catch.
      client.on('error', (error) => this.letGo(client, error));
      client.on('end', () => this.letGo(client, new Error('Connection ended.')));
      try {
        await client.query(`set application_name = '${OWN_CONNECTION_NAME}'`);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      return client;
    })();
    this.held = taking;
    // Unless the database was closed meanwhile (the closer gives it back).
    const settle = (client?: pg.PoolClient) => {
      if (this.held === taking) this.held = client;
    };
    taking.then(settle, () => settle());
    return taking;
  }

  private closeWhenIdle(client: pg.PoolClient): void {
    if (this.held !== client) return;
    if (this.idle) return void this.idle.refresh();
    this.idle = setTimeout(() => {
      if (this.running) return void this.idle?.refresh();
      this.letGo(client, true); // closed rather than pooled: it carries its name and listeners
    }, this.idleMs).unref();
  }

  /** Closes the current connection (true: unused; an error: failed); the pool replaces it. */
  private letGo(client: pg.PoolClient, why: Error | true): void {
    if (this.held !== client) return;
    this.forget();
    client.release(why);
  }

  private forget(): void {
    this.held = undefined;
    clearTimeout(this.idle);
    this.idle = undefined;
  }
}

const ownConnections = new WeakMap<pg.Pool, OwnConnection>();

/** Key of the start-up advisory lock ('QBAN' as an integer: the app's own lock space). */
export const STARTUP_LOCK_KEY = 0x5142414e;

/**
 * Runs `task` under a session-level advisory lock held on a connection of its own (not the
 * pool's: a pool of one connection would wait on itself). Every instance of the app, however
 * many start at once, migrates or loads the demo bank one after the other (decision 041).
 */
async function withAdvisoryLock<T>(url: string, task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'qbank-startup-lock' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await task();
  } finally {
    // Closing the session releases the lock too, even if the unlock is never reached.
    await client.end().catch(() => {});
  }
}
