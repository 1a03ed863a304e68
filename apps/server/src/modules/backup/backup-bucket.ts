import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { S3Storage } from '../../lib/object-storage';
import { MANIFEST_FILE } from './manifest';

/**
 * Backups kept in a bucket (BACKUP_BUCKET, decision 047): the folder a backup was put together
 * in is uploaded file by file with its manifest last, as on disk, so a backup without a manifest
 * in the bucket is unfinished; `s3://bucket/prefix/qbank-backup-…` names it for a restore.
 */
export type BucketConfig = NonNullable<Config['backup']['bucket']>;

const SCHEME = 's3://';

export const isBucketLocation = (location: string) => location.startsWith(SCHEME);

function openBucket(config: BucketConfig) {
  const storage = new S3Storage(config);
  const keyOf = (...parts: string[]) => [config.prefix, ...parts].filter(Boolean).join('/');
  return { storage, keyOf };
}

/** Every file under `folder`, relative to it, manifest last. */
function filesOf(folder: string): string[] {
  const files = fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  return [...files.filter((f) => f !== MANIFEST_FILE).sort(), MANIFEST_FILE];
}

/** Uploads a finished backup folder; answers its location in the bucket. */
export async function uploadBackup(config: BucketConfig, folder: string): Promise<string> {
  const { storage, keyOf } = openBucket(config);
  const name = path.basename(folder);
  try {
    for (const file of filesOf(folder)) {
      const local = path.join(folder, file);
      await storage.client.send(
        new PutObjectCommand({
          Bucket: storage.bucket,
          Key: keyOf(name, file.split(path.sep).join('/')),
          Body: fs.createReadStream(local),
          ContentLength: fs.statSync(local).size,
        }),
      );
    }
  } finally {
    storage.close();
  }
  return `${SCHEME}${storage.bucket}/${keyOf(name)}`;
}

/** Every key under `prefix/` (the whole bucket for no prefix). */
async function listKeys(storage: S3Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await storage.client.send(
      new ListObjectsV2Command({
        Bucket: storage.bucket,
        Prefix: prefix ? `${prefix}/` : undefined,
        ContinuationToken: token,
      }),
    );
    for (const { Key } of page.Contents ?? []) if (Key) keys.push(Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** The keys under the prefix, by backup name (the first part after the prefix). */
async function backupsInBucket(storage: S3Storage, prefix: string) {
  const byBackup = new Map<string, string[]>();
  for (const key of await listKeys(storage, prefix)) {
    const [name] = key.slice(prefix ? prefix.length + 1 : 0).split('/');
    byBackup.set(name!, [...(byBackup.get(name!) ?? []), key]);
  }
  return byBackup;
}

/** Deletes the finished backups of the bucket beyond the `keep` newest (names sort by time). */
export async function pruneBucket(
  config: BucketConfig,
  keep: number,
  isBackup: (name: string) => boolean,
): Promise<string[]> {
  const { storage } = openBucket(config);
  try {
    const backups = await backupsInBucket(storage, config.prefix);
    const finished = [...backups.keys()]
      .filter(
        (name) => isBackup(name) && backups.get(name)!.some((k) => k.endsWith(`/${MANIFEST_FILE}`)),
      )
      .sort();
    const old = finished.slice(0, Math.max(0, finished.length - keep));
    // The manifest first: a backup half deleted reads as unfinished, never as whole.
    for (const name of old) {
      const keys = backups
        .get(name)!
        .sort((a, b) => Number(b.endsWith(MANIFEST_FILE)) - Number(a.endsWith(MANIFEST_FILE)));
      for (const key of keys) await storage.delete(key);
    }
    return old;
  } finally {
    storage.close();
  }
}

/**
 * Downloads the backup at `location` (`s3://bucket/prefix/name`) into `into`/name, to restore it
 * from there; the bucket and keys are those of BACKUP_BUCKET's server.
 */
export async function downloadBackup(
  config: BucketConfig | undefined,
  location: string,
  into: string,
): Promise<string> {
  if (!config) throw new Error(`${location} is in a bucket: set BACKUP_BUCKET (and S3_ENDPOINT).`);
  const [bucket, ...rest] = location.slice(SCHEME.length).split('/');
  const backup = rest.join('/').replace(/\/+$/, '');
  const { storage } = openBucket({ ...config, bucket: bucket!, prefix: '' });
  const folder = path.join(into, path.posix.basename(backup));
  try {
    for (const key of await listKeys(storage, backup)) {
      const stored = await storage.read(key);
      if (!stored) continue;
      const target = path.join(folder, ...key.slice(backup.length + 1).split('/'));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await pipeline(stored.body as Readable, fs.createWriteStream(target));
    }
  } finally {
    storage.close();
  }
  return folder;
}
