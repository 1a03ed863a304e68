import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper';
import { buildQuestion, buildUser, type TestUser } from '../../test/factories';
import { formData, pngImage } from '../../test/uploads';
import { buildPlan } from '../../test/factories';
import { loadMediaSecret, MediaSigner, SIGNED_URL_TTL_SECONDS } from './media-signing';

const { app, database, dataDir } = await setupTestApp();
const db = database.db;
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const bare = (url: string) => url.split('?')[0]!;
const keyOf = (url: string) => bare(url).replace('/media/', '');

async function post(url: string, owner: TestUser, payload: FormData) {
  const res = await app.inject({ method: 'POST', url, headers: owner.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Each private kind: uploads one file as `owner` and answers the URL the API gave back. */
const privateKinds: Record<string, (owner: TestUser) => Promise<string>> = {
  'note image': async (owner) => {
    const question = await buildQuestion(db);
    const note = await post(
      '/api/noteitemsdetail/',
      owner,
      formData({ question: String(question.id), content: 'x' }, [
        ['noteItem_attachments[0]', await pngImage()],
      ]),
    );
    return note.images[0].url;
  },
  'attachment item': async (owner) => {
    const question = await buildQuestion(db);
    const item = await post(
      '/api/attachmentsitem/',
      owner,
      formData({ question: String(question.id) }, [['images[0]', await pngImage()]]),
    );
    return item.images[0].url;
  },
  'purchase receipt': async (owner) => {
    const plan = await buildPlan(db);
    const purchase = await post(
      '/api/buysubscription/',
      owner,
      formData({ plan: String(plan.id), payment_reference: 'TRX-9' }, [
        ['receipt', await pngImage(), 'receipt.png'],
      ]),
    );
    return purchase.receipt;
  },
};

describe.each(Object.entries(privateKinds))('a private %s', (_kind, upload) => {
  it('is served through the signed URL the owner got, privately cached', async () => {
    const owner = await buildUser(db);
    const url = await upload(owner);
    expect(url).toMatch(/^\/media\/[a-z]+\/[0-9a-f-]+\.png\?expires=\d+&signature=[\w-]{43}$/);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))![1],
    );
    expect(maxAge).toBeGreaterThanOrEqual(SIGNED_URL_TTL_SECONDS - 60);
    expect(maxAge).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS + 15 * 60);
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous caller and 404 to another learner without a valid signature', async () => {
    const owner = await buildUser(db);
    const other = await buildUser(db);
    const url = await upload(owner);
    const unsigned = bare(url);
    const anonymous = await get(unsigned);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const stranger = await get(unsigned, other.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'Not found.' });
    // Not even the owner's token opens it without the signature: the URL is the capability.
    expect((await get(unsigned, owner.headers)).statusCode).toBe(404);

    const tampered = url.replace(
      /signature=(.)/,
      (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await get(tampered)).statusCode).toBe(401);
    expect((await get(tampered, other.headers)).statusCode).toBe(404);
    const later = url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 900}`);
    expect((await get(later, other.headers)).statusCode).toBe(404);
    // A signature of one file does not open another.
    const otherFile = await upload(other);
    const swapped = `${bare(otherFile)}?${url.split('?')[1]}`;
    expect((await get(swapped, owner.headers)).statusCode).toBe(404);
  });

  it('stops working when the signature has expired', async () => {
    const owner = await buildUser(db);
    const key = keyOf(await upload(owner));
    // Tests share the app's secret through DATA_DIR.
    const signer = new MediaSigner(loadMediaSecret(undefined, dataDir));
    const old = signer.sign(key, Date.now() - (SIGNED_URL_TTL_SECONDS + 16 * 60) * 1000);
    const fresh = signer.sign(key);
    const expired = await get(`/media/${key}?expires=${old.expires}&signature=${old.signature}`);
    expect(expired.statusCode).toBe(401);
    expect(
      (await get(`/media/${key}?expires=${fresh.expires}&signature=${fresh.signature}`)).statusCode,
    ).toBe(200);
  });
});

describe('receipts for staff', () => {
  it('staff get a signed receipt URL in the purchase list', async () => {
    const learner = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const url = await privateKinds['purchase receipt']!(learner);
    const list = await get('/api/staff/purchases/?status=pending&page_size=100', staff.headers);
    expect(list.statusCode).toBe(200);
    const item = list
      .json()
      .results.find((p: { receipt: string }) => bare(p.receipt) === bare(url));
    expect((await get(item.receipt)).statusCode).toBe(200);
    expect((await get(bare(url), staff.headers)).statusCode).toBe(404);
  });
});

describe('public media', () => {
  it('serves comment images and profile images to anyone, publicly cached', async () => {
    const author = await buildUser(db);
    const question = await buildQuestion(db);
    const comment = await post(
      '/api/comments/',
      author,
      formData({ question: String(question.id), body: 'drawing' }, [
        ['attachments[0]', await pngImage()],
      ]),
    );
    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers: author.headers,
      payload: formData({}, [['image', await pngImage(), 'me.png']]),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    for (const url of [comment.attachments[0].url, profile.json().image]) {
      expect(url).not.toContain('?');
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=0');
    }
  });

  it('does not let a public-looking path reach a private file', async () => {
    const owner = await buildUser(db);
    const key = keyOf(await privateKinds['note image']!(owner));
    const file = key.split('/')[1]!;
    for (const url of [
      `/media/profiles/../notes/${file}`,
      `/media/profiles/%2e%2e/notes/${file}`,
      `/media/profiles%2F..%2Fnotes%2F${file}`,
      `/media//notes/${file}`,
      `/media/./notes/${file}`,
      `/media/NOTES/../notes/${file}`,
    ]) {
      const res = await get(url);
      expect([401, 404], url).toContain(res.statusCode);
    }
    expect((await get('/media/notes/missing.png?expires=1&signature=x')).statusCode).toBe(401);
    expect((await get('/media/profiles/missing.png')).statusCode).toBe(404);
  });
});

describe('the signing secret', () => {
  it('is generated once into DATA_DIR, readable by its owner only, unless configured', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-secret-'));
    try {
      const first = loadMediaSecret(undefined, dir);
      expect(loadMediaSecret(undefined, dir).equals(first)).toBe(true);
      expect(fs.statSync(path.join(dir, 'media-signing.key')).mode & 0o777).toBe(0o600);
      const configured = 'x'.repeat(40);
      expect(loadMediaSecret(configured, dir).toString()).toBe(configured);
      const a = new MediaSigner(first).sign('notes/a.png');
      expect(
        new MediaSigner(Buffer.from(configured)).verify(
          'notes/a.png',
          String(a.expires),
          a.signature,
        ),
      ).toBeNull();
      expect(
        new MediaSigner(first).verify('notes/a.png', String(a.expires), a.signature),
      ).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
