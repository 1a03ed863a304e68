import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser } from '../../../test/factories';
import { formData, jpegImage, pngImage, truncatedMultipart } from '../../../test/uploads';

const { app, database } = await setupTestApp();
const db = database.db;

const keyOf = (url: string) => url.replace('/media/', '').split('?')[0]!;

async function reportWithShot(headers: Record<string, string>, image: Buffer, name = 'shot.png') {
  const question = await buildQuestion(db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/rports/',
    headers,
    payload: formData({ question: String(question.id), reason: 'typo', message: 'see image' }, [
      ['screenshot', image, name],
    ]),
  });
  return { res, question };
}

describe('report screenshots', () => {
  it('stores a screenshot privately and gives the owner a signed URL', async () => {
    const { headers } = await buildUser(db);
    const { res, question } = await reportWithShot(headers, await jpegImage(), 'a.jpg');
    expect(res.statusCode).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({ question: question.id, reason: 'typo', message: 'see image' });
    expect(report.screenshot).toMatch(
      /^\/media\/reports\/[^?]+\.jpg\?expires=\d+&signature=[\w-]+$/,
    );
    expect(await app.storage.exists(keyOf(report.screenshot))).toBe(true);

    const served = await app.inject({ method: 'GET', url: report.screenshot });
    expect(served.statusCode).toBe(200);
    // Re-encoded: the EXIF block of the upload is gone.
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const listed = await app.inject({ method: 'GET', url: '/api/rports/', headers });
    expect(keyOf(listed.json().results[0].screenshot)).toBe(keyOf(report.screenshot));
    const one = await app.inject({ method: 'GET', url: `/api/rports/${report.id}/`, headers });
    expect(one.json().screenshot).toMatch(/signature=/);
  });

  it('keeps the file from anonymous callers and other learners; staff get a URL', async () => {
    const { headers } = await buildUser(db);
    const { res } = await reportWithShot(headers, await pngImage());
    const report = res.json();

    const other = await buildUser(db);
    const unsigned = await app.inject({ method: 'GET', url: report.screenshot.split('?')[0] });
    expect(unsigned.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: report.screenshot.replace(/signature=[\w-]+/, 'signature=AAAA'),
      headers: other.headers,
    });
    expect(forged.statusCode).toBe(404);

    const theirs = await app.inject({
      method: 'GET',
      url: `/api/rports/${report.id}/`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/api/rports/${report.id}/` });
    expect(anonymous.statusCode).toBe(401);

    const staff = await buildUser(db, { isStaff: true });
    const queued = await app.inject({
      method: 'GET',
      url: `/api/staff/reports/${report.id}/`,
      headers: staff.headers,
    });
    expect(queued.statusCode).toBe(200);
    expect(queued.json().screenshot).toMatch(/^\/media\/reports\/.+signature=/);
    const served = await app.inject({ method: 'GET', url: queued.json().screenshot });
    expect(served.statusCode).toBe(200);
  });

  it('answers screenshot null for a JSON report', async () => {
    const { headers } = await buildUser(db);
    const question = await buildQuestion(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/rports/',
      headers,
      payload: { question: question.id, reason: 'other' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().screenshot).toBeNull();
  });

  it('refuses a file that is not an image, two files and a broken body with 400', async () => {
    const { headers } = await buildUser(db);
    const before = (await app.storage.list()).length;
    const { res: notImage } = await reportWithShot(
      headers,
      Buffer.from('%PDF-1.4 not an image'),
      'evil.png',
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({
      screenshot: [
        'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
      ],
    });

    const question = await buildQuestion(db);
    const two = await app.inject({
      method: 'POST',
      url: '/api/rports/',
      headers,
      payload: formData({ question: String(question.id), reason: 'typo' }, [
        ['screenshot', await pngImage()],
        ['screenshot', await pngImage()],
      ]),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ screenshot: ['Send one screenshot only.'] });

    const badFields = await app.inject({
      method: 'POST',
      url: '/api/rports/',
      headers,
      payload: formData({ question: 'abc' }, [['screenshot', await pngImage()]]),
    });
    expect(badFields.statusCode).toBe(400);
    expect(badFields.json()).toEqual({
      question: ['A valid integer is required.'],
      reason: ['This field is required.'],
    });

    const otherField = await app.inject({
      method: 'POST',
      url: '/api/rports/',
      headers,
      payload: formData({ question: String(question.id), reason: 'typo' }, [
        ['image', await pngImage()],
      ]),
    });
    expect(otherField.statusCode).toBe(400);
    expect(Object.keys(otherField.json())).toEqual(['image']);

    const truncated = truncatedMultipart();
    const broken = await app.inject({
      method: 'POST',
      url: '/api/rports/',
      headers: { ...headers, ...truncated.headers },
      payload: truncated.payload,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('detail');

    expect((await app.storage.list()).length).toBe(before);
  });

  it('deletes the file with the report (bulk_delete)', async () => {
    const { headers } = await buildUser(db);
    const { res } = await reportWithShot(headers, await pngImage());
    const key = keyOf(res.json().screenshot);
    const del = await app.inject({
      method: 'POST',
      url: '/api/rports/bulk_delete',
      headers,
      payload: { ids: [res.json().id] },
    });
    expect(del.json()).toEqual({ deleted: 1 });
    expect(await app.storage.exists(key)).toBe(false);
    const gone = await app.inject({ method: 'GET', url: res.json().screenshot });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps the file when another user tries to bulk-delete the report', async () => {
    const { headers } = await buildUser(db);
    const { res } = await reportWithShot(headers, await pngImage());
    const other = await buildUser(db);
    const del = await app.inject({
      method: 'POST',
      url: '/api/rports/bulk_delete',
      headers: other.headers,
      payload: { ids: [res.json().id] },
    });
    expect(del.json()).toEqual({ deleted: 0 });
    expect(await app.storage.exists(keyOf(res.json().screenshot))).toBe(true);
  });

  it('deletes the file with the account', async () => {
    const { headers } = await buildUser(db);
    const { res } = await reportWithShot(headers, await pngImage());
    const key = keyOf(res.json().screenshot);
    const gone = await app.inject({ method: 'DELETE', url: '/api/delete-account/', headers });
    expect(gone.statusCode).toBe(200);
    expect(await app.storage.exists(key)).toBe(false);
  });
});
