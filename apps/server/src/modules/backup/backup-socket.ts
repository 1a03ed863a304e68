import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { App } from '../../lib/deps';
import { createBackup, type BackupResult } from './backup.service';

/**
 * How `npm run backup` reaches the embedded database of a running app (decision 047): PGlite
 * has one owner process, so the app itself makes the backup when asked on a Unix socket in its
 * data folder. The socket is the app owner's only (mode 0600): whoever may connect may already
 * read the data folder, so it asks nothing more.
 */
export const socketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** The answer on the socket: the backup made, or why not. */
export type SocketAnswer =
  | { ok: true; folder: string; duration_ms: number; size_bytes: number; files: number }
  | { ok: false; error: string };

export async function listenForBackups(app: App): Promise<void> {
  const file = socketPath(app.config.dataDir);
  // A socket file left by a killed app: this process holds the data folder's lock now.
  fs.rmSync(file, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    void answer(app).then((body) => {
      response.writeHead(body.ok ? 200 : 500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, resolve);
  });
  fs.chmodSync(file, 0o600);
  app.addHook('onClose', async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(file, { force: true });
  });
}

async function answer(app: App): Promise<SocketAnswer> {
  try {
    const result: BackupResult = await createBackup(app, 'command');
    return {
      ok: true,
      folder: result.folder,
      duration_ms: result.manifest.duration_ms,
      size_bytes: result.sizeBytes,
      files: result.manifest.files.length,
    };
  } catch (error) {
    app.log.error({ err: error }, 'backup failed');
    return { ok: false, error: (error as Error).message };
  }
}

/** Asks the app running on `dataDir` for a backup and waits for it. */
export function askRunningApp(dataDir: string): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: socketPath(dataDir), path: '/backup', method: 'POST' },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(body) as SocketAnswer));
      },
    );
    request.on('error', (error) =>
      reject(
        new Error(
          `The app holds ${dataDir} but its backup socket did not answer (${error.message}).`,
        ),
      ),
    );
    request.end();
  });
}
