import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrlFor } from './databases';

/**
 * The server and the operator commands as separate processes, run from the sources with tsx (no
 * build needed), for tests of what only a real process shows: signals, exit codes, locks.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Running {
  process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<Exit>;
}

/** `env` overrides the test's environment; an undefined value removes the variable. */
export function runSource(
  entry: 'server' | 'cli',
  args: string[],
  env: Record<string, string | undefined>,
): Running {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEMO_BANK: 'off',
    ...env,
  };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${entry}.ts`, ...args], {
    cwd: serverRoot,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, output: () => output, exited };
}

/** Runs an operator command to its end. */
export async function runCli(args: string[], env: Record<string, string | undefined>) {
  const run = runSource('cli', args, env);
  const exit = await run.exited;
  return { ...exit, output: run.output() };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server (on `port`, else a free one) and waits until /api/health/ answers. */
export async function startServer(env: Record<string, string | undefined>, port?: number) {
  port ??= await freePort();
  const run = runSource('server', [], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  let exitedEarly: Exit | null = null;
  void run.exited.then((exit) => (exitedEarly = exit));
  for (;;) {
    if (exitedEarly) throw new Error(`the server exited at start:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${run.output()}`);
    const ok = await fetch(`${url}/api/health/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { ...run, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The database settings of a spawned process: with DATABASE_URL a fresh copy of the run's
 * template on the PostgreSQL server (dropped by `drop`), else PGlite in DATA_DIR.
 */
export async function processDatabase(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) return { env: {}, drop: async () => {} };
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    env: { DATABASE_URL: databaseUrlFor(url, name) },
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
