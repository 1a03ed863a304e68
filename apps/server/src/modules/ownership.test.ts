import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper';
import {
  buildModule,
  buildCourse,
  buildQuestion,
  buildSource,
  buildUser,
} from '../../test/factories';
import { formData, pngImage } from '../../test/uploads';

/**
 * Every personal route of issue 4, called by a second user with the first user's ids: private
 * records answer 404 (never 403, which would confirm they exist); ids named in a body answer the
 * same 400 as an unknown id; staff routes answer 403; public comments answer 403 to edits by
 * anyone but their author. Afterwards the owner's records are exactly as they were.
 */

const { app, database } = await setupTestApp();
const db = database.db;
type Json = Record<string, unknown>;

const owner = await buildUser(db);
const intruder = await buildUser(db);
const question = await buildQuestion(db);
const png = await pngImage();

async function asOwner(method: 'POST' | 'PATCH' | 'GET', url: string, payload?: Json | FormData) {
  const res = await app.inject({ method, url, headers: owner.headers, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

// The owner's records, one of each kind.
const favorite = await asOwner('POST', '/api/favorites/', { module: (await buildModule(db)).id });
const hide = await asOwner('POST', '/api/hides/', { source: (await buildSource(db)).id });
await asOwner('POST', '/api/favorites/', { course: (await buildCourse(db)).id });
const favoriteQuestion = await asOwner('POST', '/api/favorite_questions/', {
  question: question.id,
});
const hideQuestion = await asOwner('POST', '/api/hide_questions/', { question: question.id });
const note = await asOwner(
  'POST',
  '/api/noteitemsdetail/',
  formData({ question: String(question.id), content: 'private' }, [
    ['noteItem_attachments[0]', png],
  ]),
);
const playlist = await asOwner('POST', '/api/playlist/', { name: 'Mine' });
const item = await asOwner('POST', '/api/playlistitems/', {
  playlist: playlist.id,
  question: question.id,
});
const attachment = await asOwner(
  'POST',
  '/api/attachmentsitem/',
  formData({ question: String(question.id) }, [['images[0]', png]]),
);
const report = await asOwner('POST', '/api/rports/', {
  question: question.id,
  reason: 'typo',
  message: 'A typo',
});
const comment = await asOwner('POST', '/api/comments/', {
  question: question.id,
  body: 'Public comment',
});
const reply = await asOwner('POST', '/api/comments_reply/', {
  comment: comment.id,
  body: 'Public reply',
});
await asOwner('POST', `/api/comments/${comment.id}/increase_rank/`);
await asOwner('POST', `/api/comments_reply/${reply.id}/increase_rank/`);

// The intruder's own records, to try removing the owner's images through them.
const intruderNote = await app
  .inject({
    method: 'POST',
    url: '/api/noteitemsdetail/',
    headers: intruder.headers,
    payload: { question: question.id, content: 'mine' },
  })
  .then((r) => r.json());
const intruderAttachment = await app
  .inject({
    method: 'POST',
    url: '/api/attachmentsitem/',
    headers: intruder.headers,
    payload: formData({ question: String(question.id) }, [['images', png]]),
  })
  .then((r) => r.json());

type Call = [
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Json | (() => FormData),
];

const privateRoutes: Call[] = [
  ['DELETE', `/api/favorites/${favorite.id}/`],
  ['DELETE', `/api/hides/${hide.id}/`],
  ['DELETE', `/api/favorite_questions/${favoriteQuestion.id}/`],
  ['DELETE', `/api/hide_questions/${hideQuestion.id}/`],
  ['PATCH', `/api/noteitems/${note.id}/`, { content: 'hijacked' }],
  ['DELETE', `/api/noteitems/${note.id}/`],
  ['GET', `/api/noteitemsdetail/${note.id}/`],
  ['PATCH', `/api/noteitemsdetail/${note.id}/`, { content: 'hijacked' }],
  [
    'PATCH',
    `/api/noteitemsdetail/${note.id}/`,
    () =>
      formData({ removed_attachment_id: String(note.images[0].id) }, [
        ['noteItem_attachments', png],
      ]),
  ],
  ['GET', `/api/playlist/${playlist.id}/`],
  ['PATCH', `/api/playlist/${playlist.id}/`, { name: 'hijacked' }],
  ['DELETE', `/api/playlist/${playlist.id}/`],
  ['GET', `/api/playlistitemsdetail/?playlist=${playlist.id}`],
  ['DELETE', `/api/playlistitems/${item.id}/`],
  ['GET', `/api/attachmentsitem/${attachment.id}/`],
  ['PATCH', `/api/attachmentsitem/${attachment.id}/`, () => formData({}, [['images', png]])],
  ['DELETE', `/api/attachmentsitem/${attachment.id}/`],
  ['GET', `/api/rports/${report.id}/`],
  ['PATCH', `/api/rports/${report.id}/`, { message: 'hijacked' }],
];

async function call([method, url, payload]: Call, headers: Record<string, string>) {
  return app.inject({
    method,
    url,
    headers,
    payload: typeof payload === 'function' ? payload() : payload,
  });
}

async function ownerSnapshot() {
  const urls = [
    '/api/favorites/',
    '/api/hides/',
    '/api/favorite_questions/',
    '/api/hide_questions/',
    `/api/noteitemsdetail/${note.id}/`,
    `/api/playlist/${playlist.id}/`,
    `/api/playlistitemsdetail/?playlist=${playlist.id}`,
    `/api/attachmentsitem/${attachment.id}/`,
    `/api/rports/${report.id}/`,
    `/api/comments/${comment.id}/`,
    `/api/comments_reply/${reply.id}/`,
  ];
  const bodies = [];
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers: owner.headers });
    expect(res.statusCode, url).toBe(200);
    bodies.push(res.json());
  }
  return { bodies, files: (await app.storage.list()).sort() };
}
const before = await ownerSnapshot();

describe("another user's personal records", () => {
  it.each(privateRoutes.map((c) => [`${c[0]} ${c[1]}`, c] as const))(
    '%s answers 404',
    async (_name, c) => {
      const res = await call(c, intruder.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    },
  );

  it('answers the same 400 as an unknown id when a body names them', async () => {
    const unknownPk = (field: string, id: number) => ({
      [field]: [`Invalid pk "${id}" - object does not exist.`],
    });
    const cases: [Call, Json][] = [
      [
        ['POST', '/api/playlistitems/', { playlist: playlist.id, question: question.id }],
        unknownPk('playlist', playlist.id),
      ],
      [
        ['PATCH', '/api/playlistitems/', { playlist: playlist.id, order: [item.id] }],
        unknownPk('playlist', playlist.id),
      ],
      [
        [
          'PATCH',
          `/api/noteitemsdetail/${intruderNote.id}/`,
          { removed_attachment_id: [note.images[0].id] },
        ],
        unknownPk('removed_attachment_id', note.images[0].id),
      ],
      [
        [
          'PATCH',
          `/api/attachmentsitem/${intruderAttachment.id}/`,
          () =>
            formData({ removed_attachment_id: String(attachment.images[0].id) }, [['images', png]]),
        ],
        unknownPk('removed_attachment_id', attachment.images[0].id),
      ],
    ];
    for (const [c, body] of cases) {
      const res = await call(c, intruder.headers);
      expect(res.statusCode, `${c[0]} ${c[1]}`).toBe(400);
      expect(res.json()).toEqual(body);
    }
  });

  it('leaves them out of every list', async () => {
    const arrays = [
      '/api/favorites/',
      '/api/hides/',
      `/api/questnotesitems/?question=${question.id}`,
    ];
    for (const url of arrays) {
      const res = await app.inject({ method: 'GET', url, headers: intruder.headers });
      expect(res.statusCode, url).toBe(200);
      expect(
        res.json().map((r: { id: number }) => r.id),
        url,
      ).not.toContain(note.id);
    }
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/favorites/', headers: intruder.headers })
      ).json(),
    ).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/hides/', headers: intruder.headers })).json(),
    ).toEqual([]);
    const pages = [
      '/api/favorite_questions/',
      '/api/hide_questions/',
      '/api/playlist/',
      '/api/rports/',
    ];
    for (const url of pages) {
      const res = await app.inject({ method: 'GET', url, headers: intruder.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().count, url).toBe(0);
    }
    for (const [url, own] of [
      ['/api/noteitems/', intruderNote.id],
      ['/api/noteitemsdetail/', intruderNote.id],
      ['/api/attachmentsitem/', intruderAttachment.id],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: intruder.headers });
      expect(
        res.json().results.map((r: { id: number }) => r.id),
        url,
      ).toEqual([own]);
    }
    const reactions = await app.inject({
      method: 'GET',
      url: `/api/comments_reaction/?question=${question.id}`,
      headers: intruder.headers,
    });
    expect(reactions.statusCode).toBe(200);
    expect(reactions.json()).toEqual([]);
    const replyReactions = await app.inject({
      method: 'GET',
      url: `/api/comments_reply_reaction/?comment=${comment.id}`,
      headers: intruder.headers,
    });
    expect(replyReactions.statusCode).toBe(200);
    expect(replyReactions.json()).toEqual([]);
  });

  it("bulk_delete ignores another user's reports", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/rports/bulk_delete',
      headers: intruder.headers,
      payload: { ids: [report.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 0 });
  });

  it('staff routes answer 403 to a learner', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/staff/reports/'],
      ['GET', `/api/staff/reports/${report.id}/`],
      ['PATCH', `/api/staff/reports/${report.id}/`, { status: 'resolved' }],
    ] as Call[]) {
      const res = await call([method, url, payload], intruder.headers);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
  });

  it('public comments and replies: readable, but edits and deletes by others answer 403', async () => {
    for (const [path, id, noun] of [
      ['/api/comments/', comment.id, 'comments'],
      ['/api/comments_reply/', reply.id, 'replies'],
    ] as const) {
      const read = await app.inject({
        method: 'GET',
        url: `${path}${id}/`,
        headers: intruder.headers,
      });
      expect(read.statusCode).toBe(200);
      const edit = await app.inject({
        method: 'PATCH',
        url: `${path}${id}/`,
        headers: intruder.headers,
        payload: { body: 'hijacked' },
      });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toEqual({ detail: `You can only edit your own ${noun}.` });
      const editById = await app.inject({
        method: 'PATCH',
        url: path,
        headers: intruder.headers,
        payload: { id, body: 'hijacked' },
      });
      expect(editById.statusCode).toBe(403);
      const del = await app.inject({
        method: 'DELETE',
        url: `${path}${id}/`,
        headers: intruder.headers,
      });
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual({ detail: `You can only delete your own ${noun}.` });
      // Removing a reaction only ever removes the caller's own: the owner's +1 stays.
      const unreact = await app.inject({
        method: 'DELETE',
        url: `${path}${id}/remove_reaction/`,
        headers: intruder.headers,
      });
      expect(unreact.statusCode).toBe(200);
      expect(unreact.json()).toEqual({ id, rank: 1, my_reaction: null });
    }
  });

  it("leaves the owner's records and files exactly as they were", async () => {
    const after = await ownerSnapshot();
    expect(after.bodies).toEqual(before.bodies);
    // The intruder's rejected uploads left no file behind.
    expect(after.files).toEqual(before.files);
  });
});

describe('malformed bodies on the personal routes', () => {
  const writes: [string, string][] = [
    ['POST', '/api/favorites/'],
    ['POST', '/api/hides/'],
    ['POST', '/api/favorite_questions/'],
    ['POST', '/api/hide_questions/'],
    ['PATCH', `/api/noteitems/${intruderNote.id}/`],
    ['POST', '/api/noteitemsdetail/'],
    ['PATCH', `/api/noteitemsdetail/${intruderNote.id}/`],
    ['POST', '/api/playlist/'],
    ['POST', '/api/playlistitems/'],
    ['PATCH', '/api/playlistitems/'],
    ['POST', '/api/attachmentsitem/'],
    ['PATCH', `/api/attachmentsitem/${intruderAttachment.id}/`],
  ];
  it.each(writes)('%s %s answers 400, never 500', async (method, url) => {
    const json = { ...intruder.headers, 'content-type': 'application/json' };
    const broken = await app.inject({
      method: method as 'POST',
      url,
      headers: json,
      payload: '{"question": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'JSON parse error.' });
    const list = await app.inject({ method: method as 'POST', url, headers: json, payload: '[1]' });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });
});

describe('OpenAPI', () => {
  it('documents every personal route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const path of [
      '/api/favorites/',
      '/api/favorites/{id}/',
      '/api/favorite_questions/',
      '/api/hides/',
      '/api/hide_questions/{id}/',
      '/api/noteitems/',
      '/api/noteitems/{id}/',
      '/api/noteitemsdetail/',
      '/api/noteitemsdetail/{id}/',
      '/api/questnotesitems/',
      '/api/playlist/',
      '/api/playlist/{id}/',
      '/api/playlistitems/',
      '/api/playlistitems/{id}/',
      '/api/playlistitemsdetail/',
      '/api/attachmentsitem/',
      '/api/attachmentsitem/{id}/',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    expect(paths['/api/playlistitems/']).toHaveProperty('patch');
    expect(paths['/api/noteitemsdetail/'].post.requestBody.content).toHaveProperty([
      'multipart/form-data',
    ]);
  });
});
