import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/processes';
import { readManifest } from './manifest';
import { socketPath } from './backup-socket';

/**
 * Issue 37: `npm run backup` beside an app running on the embedded database cannot open it (one
 * owner); it asks the app on DATA_DIR/backup.sock and the app makes the backup. Always PGlite:
 * on a PostgreSQL server the command makes the backup itself.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-backup-socket-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, BACKUP_EVERY: 'off' };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('makes the backup through the running app, on a socket only its owner may use', async () => {
  const server = await startServer(env);
  try {
    const socket = fs.statSync(socketPath(dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);

    const run = await runCli(['backup'], env);
    expect(run.code, run.output).toBe(0);
    const folder = /Backup written to (\S+) by the running app/.exec(run.output)?.[1];
    expect(folder, run.output).toBeDefined();
    expect(path.dirname(folder!)).toBe(path.join(dataDir, 'backups'));
    const manifest = readManifest(folder!);
    expect(manifest.database.kind).toBe('pglite');
    expect(manifest.tables.users).toBe(0);
    // The app kept serving while it made the backup.
    expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
  } finally {
    server.process.kill('SIGTERM');
    expect((await server.exited).code, server.output()).toBe(0);
  }
  // A stopped app leaves no socket: the next command takes the folder's lock itself.
  expect(fs.existsSync(socketPath(dataDir))).toBe(false);
  const alone = await runCli(['backup'], env);
  expect(alone.code, alone.output).toBe(0);
  expect(alone.output).toContain('by this command');
}, 300_000);
