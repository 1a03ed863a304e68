import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from './client';

/** The app's database: the PostgreSQL server when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  return openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
}
