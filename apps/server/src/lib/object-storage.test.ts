import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { setupTestApp } from '../../test/helper';
import { buildQuestion, buildUser, type TestUser } from '../../test/factories';
import { formData, pngImage } from '../../test/uploads';
import { buildPlan, buy } from '../../test/factories';
import { S3Storage } from './object-storage';

/** Every kind of upload through a real S3-protocol server (s3rver), decision 041. */
const s3 = await startS3Server(4410);
const { app, database, dataDir } = await setupTestApp(s3.env);
afterAll(() => s3.close());
const db = database.db;

const keyOf = (url: string) => decodeURIComponent(url.replace('/media/', '').split('?')[0]!);
const bucketKeys = () => app.storage.list();
const localMedia = () => fs.existsSync(path.join(dataDir, 'media'));

async function post(
  user: TestUser,
  url: string,
  form: FormData,
  method: 'POST' | 'PATCH' = 'POST',
) {
  const res = await app.inject({ method, url, headers: user.headers, payload: form });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe('object storage (S3_BUCKET)', () => {
  it('stores uploads in the bucket, none on the local disk', () => {
    expect(app.storage).toBeInstanceOf(S3Storage);
    expect(localMedia()).toBe(false);
  });

  it('serves a private note image only with its signature, and deletes it with the note', async () => {
    const me = await buildUser(db);
    const question = await buildQuestion(db);
    const png = await pngImage();
    const note = await post(
      me,
      '/api/noteitemsdetail/',
      formData({ question: String(question.id), content: 'with an image' }, [
        ['noteItem_attachments[0]', png],
      ]),
    );
    const url: string = note.images[0].url;
    expect(url).toMatch(/^\/media\/notes\/[^?]+\.png\?expires=\d+&signature=[\w-]+$/);
    expect(await bucketKeys()).toContain(keyOf(url));

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const unsigned = await app.inject({ method: 'GET', url: url.split('?')[0]! });
    expect(unsigned.statusCode).toBe(401);
    const forged = await app.inject({ method: 'GET', url: `${url.slice(0, -3)}AAA` });
    expect(forged.statusCode).toBe(401);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/noteitems/${note.id}/`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await bucketKeys()).not.toContain(keyOf(url));
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('deletes an attachment item with its images', async () => {
    const me = await buildUser(db);
    const question = await buildQuestion(db);
    const item = await post(
      me,
      '/api/attachmentsitem/',
      formData({ question: String(question.id) }, [
        ['images[0]', await pngImage()],
        ['images[1]', await pngImage()],
      ]),
    );
    const keys = item.images.map((i: { url: string }) => keyOf(i.url));
    expect(keys.every((k: string) => k.startsWith('attachments/'))).toBe(true);
    expect(await bucketKeys()).toEqual(expect.arrayContaining(keys));
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/attachmentsitem/${item.id}/`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(204);
    const left = await bucketKeys();
    for (const key of keys) expect(left).not.toContain(key);
  });

  it('deletes a cancelled purchase receipt', async () => {
    const me = await buildUser(db);
    const plan = await buildPlan(db);
    const bought = await buy(app, me.headers, { plan: String(plan.id), payment_reference: 'R' });
    expect(bought.statusCode).toBe(201);
    const receipt = keyOf(bought.json().receipt);
    expect(receipt).toMatch(/^receipts\//);
    expect(await bucketKeys()).toContain(receipt);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/mysubscriptions/${bought.json().id}/`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await bucketKeys()).not.toContain(receipt);
  });

  it('keeps public comment, report, editor and profile images; deletes the account files', async () => {
    const me = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const question = await buildQuestion(db);
    const png = await pngImage();
    const comment = await post(
      me,
      '/api/comments/',
      formData({ question: String(question.id), body: 'see' }, [['attachments[0]', png]]),
    );
    const commentUrl: string = comment.attachments[0].url;
    expect(commentUrl).toMatch(/^\/media\/comments\/[^?]+\.png$/);
    expect((await app.inject({ method: 'GET', url: commentUrl })).statusCode).toBe(200);

    const report = await post(
      me,
      '/api/rports/',
      formData({ question: String(question.id), reason: 'typo' }, [['screenshot', png]]),
    );
    expect(keyOf(report.screenshot)).toMatch(/^reports\//);
    expect((await app.inject({ method: 'GET', url: report.screenshot })).statusCode).toBe(200);

    const editor = await post(staff, '/api/staff/media/', formData({}, [['image', png]]));
    expect(editor.url).toMatch(/^\/media\/questions\/[^?]+\.png$/);
    expect(await bucketKeys()).toContain(keyOf(editor.url));

    const profile = await post(me, '/api/auth/user/', formData({}, [['image', png]]), 'PATCH');
    const profileKey = keyOf(profile.image);
    expect(profileKey).toMatch(/^profiles\//);
    const note = await post(
      me,
      '/api/noteitemsdetail/',
      formData({ question: String(question.id), content: 'n' }, [['noteItem_attachments[0]', png]]),
    );
    const noteKey = keyOf(note.images[0].url);

    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/delete-account/',
      headers: me.headers,
    });
    expect(gone.statusCode).toBe(200);
    const left = await bucketKeys();
    expect(left).not.toContain(profileKey);
    expect(left).not.toContain(noteKey);
    expect(left).toContain(keyOf(editor.url));
    expect(localMedia()).toBe(false);
  });
});
