import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../lib/storage';
import { FILES_FOLDER, type FileEntry } from './manifest';

/** Files copied (or checked) at once: keeps a bucket's round trips overlapping. */
const CONCURRENCY = 8;

/**
 * Copies every stored file into `folder/files/<key>` with its size and sha256. Listed after the
 * database snapshot: a file uploaded before it is there; one deleted since is only named in
 * `gone` (its row may still be in the snapshot: decision 047).
 */
export async function copyStoredFiles(storage: Storage, folder: string) {
  const keys = (await storage.list()).sort();
  const files: FileEntry[] = [];
  const gone: string[] = [];
  await eachAtOnce(keys, async (key) => {
    const stored = await storage.read(key);
    if (!stored) return void gone.push(key);
    const target = path.join(folder, FILES_FOLDER, key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const { size, sha256 } = await hashing(stored.body, fs.createWriteStream(target));
    files.push({ key, size, sha256 });
  });
  files.sort((a, b) => a.key.localeCompare(b.key));
  return { files, gone: gone.sort() };
}

export interface FileCheck {
  restored: number;
  bytes: number;
  /** Keys whose copy in the backup or in storage after the restore differs from the manifest. */
  mismatched: string[];
}

/** Puts the backup's files into storage, then reads each back and checks it against the manifest. */
export async function restoreStoredFiles(
  storage: Storage,
  folder: string,
  entries: FileEntry[],
): Promise<FileCheck> {
  const mismatched: string[] = [];
  let bytes = 0;
  await eachAtOnce(entries, async (entry) => {
    const source = path.join(folder, FILES_FOLDER, entry.key);
    const data = await fs.promises.readFile(source).catch(() => undefined);
    if (!data) return void mismatched.push(entry.key);
    await storage.put(entry.key, data);
    const stored = await storage.read(entry.key);
    const check = stored && (await hashing(stored.body));
    if (!check || check.sha256 !== entry.sha256 || check.size !== entry.size) {
      mismatched.push(entry.key);
    } else bytes += check.size;
  });
  return { restored: entries.length - mismatched.length, bytes, mismatched: mismatched.sort() };
}

/** Streams `body` (into `sink` when given) and returns its size and sha256. */
async function hashing(body: Readable, sink?: Writable) {
  const hash = createHash('sha256');
  let size = 0;
  const tap = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  };
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(body, tap, sink ?? discard);
  return { size, sha256: hash.digest('hex') };
}

async function eachAtOnce<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}
