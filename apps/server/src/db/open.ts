import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { lockDataDir } from './data-dir-lock';

/**
 * The app's database: the PostgreSQL server when DATABASE_URL is set, else PGlite in DATA_DIR,
 * which only one process may have open (the app or an operator command, decision 031).
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  const release = await lockDataDir(config.dataDir);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
  } catch (error) {
    await release();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        await release();
      }
    },
  };
}
