import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  emptyTarget,
  noteWithImage,
  scratchDir,
  setupBackupApp,
} from '../../../test/backup-instance';
import { buildQuestion, buildUser } from '../../../test/factories';
import { migrationsFolder } from '../../db/client';
import { createBackup, sha256File } from './backup.service';
import { readManifest } from './manifest';
import { describeRestore, restoreBackup, RestoreRefusedError } from './restore.service';

const { app, config, database } = await setupBackupApp({ BACKUP_KEEP: '2' });
const db = database.db;
const staff = await buildUser(db, { isStaff: true });
const learner = await buildUser(db);
const question = await buildQuestion(db);
await noteWithImage(app, learner, question.id);

const status = (headers: object = staff.headers) =>
  app.inject({ method: 'GET', url: '/api/staff/backups/', headers: headers as never });
const backUpNow = () =>
  app.inject({ method: 'POST', url: '/api/staff/backups/', headers: staff.headers });
const latestTag = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries.at(-1)!.tag;

describe('/api/staff/backups/', () => {
  it('is for staff only', async () => {
    expect((await status({})).statusCode).toBe(401);
    expect((await status(learner.headers)).statusCode).toBe(403);
    const post = await app.inject({
      method: 'POST',
      url: '/api/staff/backups/',
      headers: learner.headers,
    });
    expect(post.statusCode).toBe(403);
  });

  it('says missing before the first backup, then shows the one staff made', async () => {
    expect((await status()).json()).toMatchObject({ state: 'missing', last: null, keep: 2 });
    const res = await backUpNow();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      state: 'ok',
      every_hours: null,
      last: { status: 'succeeded', trigger: 'staff', file_count: 1, error: null },
    });
    expect(body.last.size_bytes).toBeGreaterThan(0);
    expect((await status()).json()).toEqual(body);

    // The manifest names the migration, the rows of every table and each file's checksum.
    const manifest = readManifest(body.last.location);
    expect(manifest.migration.tag).toBe(latestTag());
    expect(manifest.tables).toMatchObject({ users: 2, note_items: 1, questions: 1 });
    const [file] = manifest.files;
    expect(file!.key).toMatch(/^notes\//);
    expect(file!.sha256).toBe(await sha256File(path.join(body.last.location, 'files', file!.key)));
  });

  it('shows a failed backup to staff with its reason', async () => {
    const notAFolder = path.join(scratchDir('backup-blocked'), 'file');
    fs.writeFileSync(notAFolder, '');
    const blocked = { ...config, backup: { ...config.backup, dir: notAFolder } };
    await expect(
      createBackup({ config: blocked, database, storage: app.storage }, 'schedule'),
    ).rejects.toThrow();
    const body = (await status()).json();
    expect(body.state).toBe('failed');
    expect(body.last).toMatchObject({ status: 'failed', trigger: 'schedule', location: '' });
    expect(body.last.error).toMatch(/ENOTDIR|EEXIST/);
    expect(body.last_success.status).toBe('succeeded');
  });

  it('keeps the BACKUP_KEEP newest backups', async () => {
    for (let i = 0; i < 2; i++) await createBackup(app, 'command');
    const kept = fs.readdirSync(config.backup.dir).filter((name) => name.startsWith('qbank-'));
    expect(kept).toHaveLength(2);
  });
});

describe('restore', () => {
  it('restores into an empty target, then refuses it unless forced', async () => {
    const backup = await createBackup(app, 'command');
    const target = await emptyTarget();
    const report = await restoreBackup(target, backup.folder);
    const { ok, lines } = describeRestore(report);
    expect(ok, lines.join('\n')).toBe(true);
    expect(lines.at(-1)).toBe('Everything matched.');
    expect(report.files).toMatchObject({ restored: 1, mismatched: [] });

    await expect(restoreBackup(target, backup.folder)).rejects.toThrow(
      /Refusing to restore into .*: it is not empty\. Use --force/,
    );
    const forced = await restoreBackup(target, backup.folder, { force: true });
    expect(describeRestore(forced).ok).toBe(true);
  }, 120_000);

  it('refuses a damaged database file and names a file that does not match', async () => {
    const backup = await createBackup(app, 'command');
    const [file] = backup.manifest.files;
    fs.writeFileSync(path.join(backup.folder, 'files', file!.key), 'not the image');
    const report = await restoreBackup(await emptyTarget(), backup.folder);
    const { ok, lines } = describeRestore(report);
    expect(ok).toBe(false);
    expect(lines).toContain(`  MISMATCH file ${file!.key}: missing or different checksum.`);

    const dump = path.join(backup.folder, backup.manifest.database.file);
    fs.appendFileSync(dump, 'x');
    const refused = restoreBackup(await emptyTarget(), backup.folder);
    await expect(refused).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(refused).rejects.toThrow(/the backup is damaged/);
  }, 120_000);

  it('refuses a folder that is not a finished backup', async () => {
    await expect(restoreBackup(await emptyTarget(), scratchDir('not-a-backup'))).rejects.toThrow(
      /is not a finished backup: it has no manifest\.json/,
    );
  });
});
