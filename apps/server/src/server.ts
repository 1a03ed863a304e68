import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { isClusterWorker, runPrimary } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { closeGracefully } from './lib/shutdown';
import { startBackups } from './modules/backup/index';
import { runStartupTasks, warmCaches } from './startup';

async function main(config: Config): Promise<void> {
  if (config.workers > 1 && !isClusterWorker()) return runPrimary(config);
  const database = await openConfiguredDatabase(config);
  // Instances starting at once take turns (a PostgreSQL advisory lock): migrations and the
  // demo bank are applied once, by whichever comes first (decision 041).
  await database.migrate();
  const app = await buildApp({ config, database });
  const closeApp = closeGracefully(app);
  await database.exclusive(() => runStartupTasks(app));
  await startBackups(app);

  // SIGTERM/SIGINT: stop accepting, answer requests in flight with Connection: close, close idle
  // keep-alive connections, then close the database (PGlite flushes its data folder on close).
  // A cluster worker leaves SIGINT to its primary, which sends SIGTERM (src/cluster.ts).
  const worker = isClusterWorker();
  if (worker) process.on('SIGINT', () => {});
  closeWithGrace({ delay: 10_000, skip: worker ? ['SIGINT'] : [] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await closeApp();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  warmCaches(app);
  const url = config.publicUrl;
  app.log.info(`QBank is running at ${url} (database: ${database.kind})`);
  // The URL on its own line, for the person who just ran the start command (the primary says
  // it once for all its workers).
  if (!worker) console.log(`\n  QBank is ready: ${url}\n`);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
main(config).catch((error: unknown) => {
  console.error(error instanceof DataDirBusyError ? error.message : error);
  process.exit(1);
});
