import { termsOf } from '../subscriptions/subscriptions.repository';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  attachmentItemImages,
  attachmentItems,
  authTokens,
  comments,
  noteItemAttachments,
  noteItems,
  plans,
  purchases,
  users,
} from '../../db/schema/index';
import { drfMessages } from '@qbank/contract';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser } from '../../../test/factories';

const { app, database } = await setupTestApp();
const db = database.db;

/** A small JPEG carrying EXIF (camera and GPS-like fields). */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: '#218687' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', Copyright: 'Private Person' } })
    .toBuffer();
}

function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
) {
  const boundary = `----qbank${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const patch = (headers: Record<string, string>, body: ReturnType<typeof multipart>) =>
  app.inject({
    method: 'PATCH',
    url: '/api/auth/user/',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });

describe('PATCH /api/auth/user/', () => {
  it('updates profile fields from JSON, leaving out null and empty values, e-mail read-only', async () => {
    const { user, token, headers } = await buildUser(db, { phone: '+1 555' });
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers,
      payload: {
        first_name: 'Marie',
        last_name: '',
        phone: null,
        date_of_birth: '1991-02-03',
        email: 'x@evil.test',
        is_staff: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: user.email,
      first_name: 'Marie',
      last_name: 'User',
      phone: '+1 555',
      date_of_birth: '1991-02-03',
      is_staff: false,
      token,
    });
  });

  it('refuses an image inside a JSON body on its field, changing nothing', async () => {
    const { headers } = await buildUser(db, { firstName: 'Before' });
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    for (const image of [png, { name: 'a.png' }, ['a.png']]) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/auth/user/',
        headers,
        payload: { first_name: 'After', image },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ image: [drfMessages.notAFile] });
    }
    const after = await app.inject({ method: 'GET', url: '/api/auth/user/', headers });
    expect(after.json()).toMatchObject({ first_name: 'Before', image: null });
  });

  it('updates fields and the image from multipart; the stored image has no EXIF and is served', async () => {
    const { headers } = await buildUser(db);
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await patch(
      headers,
      multipart([
        { name: 'first_name', value: 'Curie' },
        { name: 'image', value: original, filename: 'me.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.first_name).toBe('Curie');
    expect(body.image).toMatch(/^\/media\/profiles\/[0-9a-f-]+\.jpg$/);
    const key = body.image.replace('/media/', '');
    expect(await app.storage.exists(key)).toBe(true);
    const served = await app.inject({ method: 'GET', url: body.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    // A new image replaces the old one, whose file is deleted.
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#1C5153' } })
      .png()
      .toBuffer();
    const second = await patch(
      headers,
      multipart([{ name: 'image', value: png, filename: 'new.png', type: 'image/png' }]),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().image).toMatch(/\.png$/);
    expect(await app.storage.exists(key)).toBe(false);
  });

  it('refuses a text file named x.png, and keeps the old image', async () => {
    const { headers } = await buildUser(db);
    const res = await patch(
      headers,
      multipart([
        { name: 'image', value: 'not an image at all', filename: 'x.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      image: [
        'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
      ],
    });
  });

  it('validates the fields', async () => {
    const { headers } = await buildUser(db);
    const res = await patch(
      headers,
      multipart([
        { name: 'date_of_birth', value: '2001-02-30' },
        { name: 'phone', value: 'call me' },
        { name: 'first_name', value: 'x'.repeat(151) },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      date_of_birth: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      phone: ['Enter a valid phone number.'],
      first_name: ['Ensure this field has no more than 150 characters.'],
    });
    const future = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers,
      payload: { date_of_birth: '2999-01-01' },
    });
    expect(future.json()).toEqual({
      date_of_birth: ['The date of birth cannot be in the future.'],
    });
    const wrongType = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers,
      payload: { first_name: 5 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['first_name']);
    const list = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      headers,
      payload: [1],
    });
    expect(list.json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      payload: { first_name: 'A' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/delete-account/', () => {
  it('deletes the user, every personal record and file; comments stay without author', async () => {
    const { user, headers } = await buildUser(db);
    const other = await buildUser(db);
    const question = await buildQuestion(db);
    const image = await jpegWithExif();
    const withImage = await patch(
      headers,
      multipart([{ name: 'image', value: image, filename: 'me.jpg', type: 'image/jpeg' }]),
    );
    const profileKey = withImage.json().image.replace('/media/', '');
    expect(await app.storage.exists(profileKey)).toBe(true);

    const put = async (key: string) => {
      await app.storage.put(key, Buffer.from('file'));
      return key;
    };
    const [note] = await db
      .insert(noteItems)
      .values({ userId: user.id, questionId: question.id, content: 'n' })
      .returning();
    await db
      .insert(noteItemAttachments)
      .values({ noteItemId: note!.id, key: await put('notes/mine.jpg') });
    const [item] = await db
      .insert(attachmentItems)
      .values({ userId: user.id, questionId: question.id })
      .returning();
    await db
      .insert(attachmentItemImages)
      .values({ attachmentItemId: item!.id, key: await put('attachments/mine.jpg') });
    const [plan] = await db
      .insert(plans)
      .values({ name: 'Year', price: '10.00', currency: 'EUR', durationDays: 365 })
      .returning();
    await db.insert(purchases).values({
      userId: user.id,
      planId: plan!.id,
      ...termsOf(plan!, []),
      receipt: await put('receipts/mine.jpg'),
    });
    const [comment] = await db
      .insert(comments)
      .values({ userId: user.id, questionId: question.id, body: 'Hello' })
      .returning();
    // Another user's files stay.
    const [otherNote] = await db
      .insert(noteItems)
      .values({ userId: other.user.id, questionId: question.id })
      .returning();
    await db
      .insert(noteItemAttachments)
      .values({ noteItemId: otherNote!.id, key: await put('notes/theirs.jpg') });

    const res = await app.inject({ method: 'DELETE', url: '/api/delete-account/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'success' });

    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([]);
    expect(await db.select().from(noteItems).where(eq(noteItems.userId, user.id))).toEqual([]);
    expect(await db.select().from(purchases).where(eq(purchases.userId, user.id))).toEqual([]);
    const [kept] = await db.select().from(comments).where(eq(comments.id, comment!.id));
    expect(kept).toMatchObject({ body: 'Hello', userId: null });
    const files = await app.storage.list();
    expect(files).not.toContain(profileKey);
    expect(files).not.toContain('notes/mine.jpg');
    expect(files).not.toContain('attachments/mine.jpg');
    expect(files).not.toContain('receipts/mine.jpg');
    expect(files).toContain('notes/theirs.jpg');

    const after = await app.inject({ method: 'GET', url: '/api/auth/user/', headers });
    expect(after.statusCode).toBe(401);
    const otherStill = await app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: other.headers,
    });
    expect(otherStill.statusCode).toBe(200);
  });

  it("takes the deleted user's reactions out of the comments' ranks", async () => {
    const author = await buildUser(db);
    const leaving = await buildUser(db);
    const staying = await buildUser(db);
    const question = await buildQuestion(db);
    const created = await app.inject({
      method: 'POST',
      url: '/api/comments/',
      headers: author.headers,
      payload: { question: question.id, body: 'Useful mnemonic' },
    });
    const id = created.json().id as number;
    for (const voter of [leaving, staying]) {
      const up = await app.inject({
        method: 'POST',
        url: `/api/comments/${id}/increase_rank/`,
        headers: voter.headers,
      });
      expect(up.statusCode).toBe(200);
    }
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/delete-account/',
      headers: leaving.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const comment = await app.inject({
      method: 'GET',
      url: `/api/comments/${id}/`,
      headers: author.headers,
    });
    expect(comment.json().rank).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/delete-account/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
