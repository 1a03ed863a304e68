import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** A worker that dies sooner than this after its start is not forked again at once. */
const RESTART_DELAY_MS = 1_000;

/**
 * The primary process of `WORKERS=N` (decision 041): forks N copies of the server, which share
 * the listening port (node:cluster hands connections out round-robin), forks a worker again when
 * one dies, and on SIGTERM/SIGINT stops them all gracefully (each answers its requests in flight)
 * before exiting. Workers are stateless: the database, Redis and object storage hold the state,
 * and caches stay coherent through PostgreSQL LISTEN/NOTIFY like separate instances.
 */
export function runPrimary(config: Config): void {
  let stopping = false;
  let listening = 0;
  const listened = new WeakSet<Worker>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listened.add(worker);
      listening++;
      // One ready line for the person who started the command, once every worker is up.
      if (listening === config.workers)
        console.log(`\n  QBank is ready: ${config.publicUrl} (${config.workers} workers)\n`);
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!listened.has(worker)) {
      // It failed before serving (bad configuration, database down): another would fail too.
      console.error(`worker ${worker.process.pid} could not start (${signal ?? code}); stopping`);
      process.exitCode = 1;
      stop('SIGTERM');
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    listening = Math.max(0, listening - 1);
    setTimeout(() => !stopping && fork(), RESTART_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean) as Worker[];
    if (workers.length === 0) process.exit();
    // Workers ignore SIGINT (a terminal's Ctrl-C reaches them too): SIGTERM starts their
    // graceful close, once.
    for (const worker of workers) worker.process.kill('SIGTERM');
    console.error(`${signal}: stopping ${workers.length} workers`);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}

/** In a worker of the cluster: the primary decides when to stop (see runPrimary). */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}
