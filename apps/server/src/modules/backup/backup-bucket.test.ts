import fs from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, expect, it } from 'vitest';
import { emptyTarget, noteWithImage, setupBackupApp } from '../../../test/backup-instance';
import { buildQuestion, buildUser } from '../../../test/factories';
import { startS3Server } from '../../../test/s3-server';
import { createBackup } from './backup.service';
import { describeRestore, restoreBackup } from './restore.service';

/** Issue 37: a single-machine install can keep its backups off the machine, in a bucket. */
const s3 = await startS3Server(4412, 'qbank', ['qbank-backups']);
afterAll(() => s3.close());
const bucketEnv = { ...s3.env, BACKUP_BUCKET: 'qbank-backups/nightly', BACKUP_KEEP: '2' };
const { app, config } = await setupBackupApp(bucketEnv);

const client = new S3Client({
  endpoint: s3.env.S3_ENDPOINT,
  region: s3.env.S3_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => client.destroy());
const keysInBucket = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: 'qbank-backups' }))).Contents ?? [])
    .map((o) => o.Key!)
    .sort();

it('uploads each backup to the bucket, keeps the BACKUP_KEEP newest, and restores from there', async () => {
  const learner = await buildUser(app.database.db);
  const question = await buildQuestion(app.database.db);
  await noteWithImage(app, learner, question.id);

  const first = await createBackup(app, 'command');
  expect(first.folder).toMatch(/^s3:\/\/qbank-backups\/nightly\/qbank-backup-/);
  expect(first.run.location).toBe(first.folder);
  const name = first.folder.split('/').at(-1)!;
  const keys = await keysInBucket();
  expect(keys).toContain(`nightly/${name}/manifest.json`);
  expect(keys.filter((k) => k.startsWith(`nightly/${name}/files/notes/`))).toHaveLength(1);
  // Put together locally, kept only in the bucket.
  expect(fs.readdirSync(config.backup.dir).filter((n) => n.startsWith('qbank-backup-'))).toEqual(
    [],
  );

  for (let i = 0; i < 2; i++) await createBackup(app, 'command');
  const names = new Set((await keysInBucket()).map((k) => k.split('/')[1]));
  expect(names.size).toBe(2);
  expect(names.has(name)).toBe(false);

  const latest = (
    await app.inject({
      method: 'GET',
      url: '/api/staff/backups/',
      headers: (await buildUser(app.database.db, { isStaff: true })).headers,
    })
  ).json();
  expect(latest.last.location).toMatch(/^s3:\/\/qbank-backups\/nightly\//);

  const target = await emptyTarget();
  const report = await restoreBackup({ ...target, backup: config.backup }, latest.last.location);
  const { ok, lines } = describeRestore(report);
  expect(ok, lines.join('\n')).toBe(true);
  expect(report.files).toMatchObject({ restored: 1, mismatched: [] });
}, 120_000);
