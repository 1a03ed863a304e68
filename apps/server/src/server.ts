import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { closeGracefully } from './lib/shutdown';
import { runStartupTasks } from './startup';

async function main(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  const closeApp = closeGracefully(app);
  await runStartupTasks(app);

  // SIGTERM/SIGINT: stop accepting, answer requests in flight with Connection: close, close idle
  // keep-alive connections, then close the database (PGlite flushes its data folder on close).
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await closeApp();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  app.log.info(`QBank is running at ${url} (database: ${database.kind})`);
  // The URL on its own line, for the person who just ran the start command.
  console.log(`\n  QBank is ready: ${url}\n`);
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
