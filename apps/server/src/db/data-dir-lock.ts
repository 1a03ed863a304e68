import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Another process (the app, or an operator command) has the embedded database open. */
export class DataDirBusyError extends Error {}

/**
 * A lock whose mtime has not been refreshed for this long is stale (its owner is gone, or on
 * another host or container where its pid cannot be checked). Generous, because a long
 * synchronous PGlite statement (a migration, the demo bank) delays the refresh.
 */
const STALE_MS = 60_000;
const UPDATE_MS = 5_000;

/**
 * The embedded database has one owner (issue 17, decision 031): PGlite in a folder is not safe to
 * open from two processes (writes vanished, and once the folder would not start). The first
 * process takes `DATA_DIR/qbank.lock` (proper-lockfile: a directory created atomically, its mtime
 * refreshed while the owner lives); a second one refuses and writes nothing. A lock left by a
 * killed process does not block the next start: it is taken over at once when the process named
 * in it (same host) is gone, else once its mtime is older than a minute.
 * Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockfilePath = path.join(dataDir, 'qbank.lock');
  // Beside the lock directory (unlocking removes that directory, which must be empty).
  const ownerFile = path.join(dataDir, 'qbank.lock.owner.json');
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      // A lock found compromised (its mtime not refreshed for a while, e.g. an event loop blocked
      // by a long statement) must not crash the app that owns it.
      onCompromised: (err) =>
        console.warn(`The lock on ${dataDir} was compromised: ${err.message}`),
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    if (ownerAlive(ownerFile)) {
      throw new DataDirBusyError(
        `The app is running on ${dataDir}: stop it first, or use the API.`,
      );
    }
    fs.rmSync(lockfilePath, { recursive: true, force: true });
    release = await take();
  }
  fs.writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: os.hostname() }));
  return async () => {
    fs.rmSync(ownerFile, { force: true });
    // Already released when the lock was found compromised: nothing left to do.
    await release().catch((error: { code?: string }) => {
      if (error.code !== 'ERELEASED') throw error;
    });
  };
}

/**
 * False when the lock names a process of this host that no longer exists (or this very process:
 * a pid reused after a restart in a container). On another host nothing can be checked: the
 * lock's mtime decides (proper-lockfile's stale threshold).
 */
function ownerAlive(ownerFile: string): boolean {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(fs.readFileSync(ownerFile, 'utf8')) as typeof owner;
  } catch {
    return true; // being written by its owner right now
  }
  const pid = owner.pid;
  if (owner.host !== os.hostname() || typeof pid !== 'number') return true;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
