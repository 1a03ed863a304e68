import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser } from '../../../test/factories';

/**
 * The request boundary (issue 17, decision 030): ids, text PostgreSQL refuses, malformed
 * multipart bodies, authentication before validation and DRF wording, each on named routes.
 * The property test next to this file walks every operation with random inputs of these kinds.
 */

const { app, database, expectServerErrors } = await setupTestApp();
const learner = await buildUser(database.db);
const staff = await buildUser(database.db, { isStaff: true });
const course = await buildCourse(database.db);
const question = await buildQuestion(database.db, { courseId: course.id });

const json = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: unknown,
  headers = learner.headers,
) =>
  app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const BOUNDARY = 'qbankBoundary';
function multipartBody(parts: { name: string; value: string; filename?: string }[]): string {
  return (
    parts
      .map((p) =>
        p.filename
          ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: image/png\r\n\r\n${p.value}\r\n`
          : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
      )
      .join('') + `--${BOUNDARY}--\r\n`
  );
}
const multipart = (
  method: 'POST' | 'PATCH',
  url: string,
  payload: string,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  headers: Record<string, string> = learner.headers,
) => app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload });

describe('ids out of range', () => {
  const paths = [
    'GET /api/sessions/{id}/',
    'DELETE /api/sessions/{id}/',
    'GET /api/playlist/{id}/',
    'PATCH /api/noteitems/{id}/',
    'DELETE /api/favorites/{id}/',
    'GET /api/rports/{id}/',
    'POST /api/comments/{id}/increase_rank/',
    'GET /api/moduls/{id}/',
    'GET /api/questns/{id}/',
    'GET /api/mysubscriptions/{id}/',
  ];
  const badIds = ['2147483648', '99999999999999999999', '0', '-1', 'abc', '1.5', '1e3', '%00'];

  it.each(paths)('%s answers 404 for ids that cannot exist, before the database', async (route) => {
    const [method, path] = route.split(' ') as ['GET', string];
    for (const id of badIds) {
      const res = await app.inject({
        method,
        url: path.replace('{id}', id),
        headers: learner.headers,
      });
      expect(res.statusCode, `${route} ${id}`).toBe(404);
      expect(res.json(), `${route} ${id}`).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 404 for a path that is not valid percent-encoding or is overlong', async () => {
    for (const id of ['%ED%A0%80', '%E0%A4%A', 'a'.repeat(600)]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/sessions/${id}/`,
        headers: learner.headers,
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ detail: 'Not found.' });
    }
  });

  it.each([
    ['POST', '/api/favorite_questions/', 'question'],
    ['POST', '/api/hide_questions/', 'question'],
    ['POST', '/api/question-evaluations/', 'question'],
    ['POST', '/api/question_answer_history/', 'question'],
    ['POST', '/api/rports/', 'question'],
    ['POST', '/api/playlistitems/', 'question'],
    ['POST', '/api/sessions/start-new-session/', 'course_id'],
    ['POST', '/api/sessions/clear-course-progress/', 'course_id'],
    ['POST', '/api/sessions/clear-module-progress/', 'module_id'],
    ['POST', '/api/module_filters/', 'module'],
  ] as const)('%s %s: a body id beyond int4 is a 400 on %s', async (method, url, field) => {
    for (const id of [2 ** 31, 2 ** 53 + 2, 1e300]) {
      const res = await json(method, url, {
        [field]: id,
        rating: 'good',
        reason: 'typo',
        choices: [1],
        playlist: 1,
      });
      expect(res.statusCode, `${url} ${id}`).toBe(400);
      expect(res.json()[field], `${url} ${id}`).toHaveLength(1);
    }
    const res = await json(method, url, {
      [field]: 2147483648,
      rating: 'good',
      reason: 'typo',
      choices: [1],
      playlist: 1,
    });
    expect(res.json()[field]).toEqual(['Invalid pk "2147483648" - object does not exist.']);
  });

  it('ids inside lists: beyond int4 is "Invalid pk" on the field, never a 500', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/rports/bulk_delete', { ids: [1, 2147483648] }, 'ids.1'],
      [
        'POST',
        '/api/sessions/',
        { course_id: course.id, question_ids: [2147483648] },
        'question_ids.0',
      ],
      [
        'POST',
        '/api/course_filters/',
        { course: course.id, course_sources: [2147483648] },
        'course_sources.0',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await json(method as 'POST', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        [field]: ['Invalid pk "2147483648" - object does not exist.'],
      });
    }
    const plan = await json(
      'POST',
      '/api/staff/plans/',
      { name: 'P', price: '1', currency: 'DZD', duration_days: 30, modules: [2147483648] },
      staff.headers,
    );
    expect(plan.statusCode).toBe(400);
    expect(plan.json()).toEqual({
      'modules.0': ['Invalid pk "2147483648" - object does not exist.'],
    });
  });
});

describe('text PostgreSQL refuses', () => {
  const NUL = { first_name: ['Null characters are not allowed.'] };

  it('refuses a NUL at registration as a 400 on the field, not "account already exists" (500)', async () => {
    const res = await json(
      'POST',
      '/api/auth/registration/',
      {
        email: 'nul@example.com',
        password1: 'Violet-Harbour-917',
        password2: 'Violet-Harbour-917',
        first_name: 'A\u0000da',
        last_name: 'Lovelace',
        phone: '+213 555 0101',
      },
      {} as Record<string, string> as never,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(NUL);
  });

  it('refuses a lone surrogate with DRF message naming its code point', async () => {
    const res = await json('POST', '/api/playlist/', { name: 'x\ud800y' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['Surrogate characters are not allowed: U+D800.'] });
    const low = await json('POST', '/api/playlist/', { name: '\udfff' });
    expect(low.json()).toEqual({ name: ['Surrogate characters are not allowed: U+DFFF.'] });
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await json('POST', '/api/playlist/', { name: 'Revision 😀' });
    expect(emoji.statusCode).toBe(201);
  });

  it.each([
    ['POST', '/api/playlist/', { name: 'a\u0000' }, 'name'],
    ['POST', '/api/noteitemsdetail/', { question: 1, content: 'a\u0000' }, 'content'],
    ['POST', '/api/rports/', { question: 1, reason: 'typo', message: '\u0000' }, 'message'],
    ['POST', '/api/comments/', { question: 1, body: 'hi\u0000' }, 'body'],
    ['PATCH', '/api/auth/user/', { last_name: '\u0000' }, 'last_name'],
    ['POST', '/api/sessions/', { course_id: 1, tags: ['ok', 'b\u0000'] }, 'tags.1'],
  ] as const)('%s %s refuses NUL in the field', async (method, url, body, field) => {
    const res = await json(method, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: ['Null characters are not allowed.'] });
  });

  it('refuses NUL in staff plan names and in query ids', async () => {
    const plan = await json(
      'POST',
      '/api/staff/plans/',
      { name: 'Gold\u0000', price: '1', currency: 'DZD', duration_days: 30, all_modules: true },
      staff.headers,
    );
    expect(plan.json()).toEqual({ name: ['Null characters are not allowed.'] });
    // In the query string, ids and choices refuse it by their format; search strips it (012).
    const query = await app.inject({
      method: 'GET',
      url: '/api/questns/?module=1%00',
      headers: learner.headers,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ module: ['A valid integer is required.'] });
  });

  it('refuses NUL and lone surrogates in multipart fields', async () => {
    const nul = await multipart(
      'POST',
      '/api/comments/',
      multipartBody([
        { name: 'question', value: String(question.id) },
        { name: 'body', value: 'a\u0000' },
      ]),
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ body: ['Null characters are not allowed.'] });
    const profile = await multipart(
      'PATCH',
      '/api/auth/user/',
      multipartBody([{ name: 'first_name', value: '\u0000' }]),
    );
    expect(profile.json()).toEqual({ first_name: ['Null characters are not allowed.'] });
  });
});

describe('malformed multipart, on every multipart route', () => {
  const routes = [
    ['PATCH', '/api/auth/user/'],
    ['POST', '/api/noteitemsdetail/'],
    ['POST', '/api/attachmentsitem/'],
    ['POST', '/api/comments/'],
    ['PATCH', '/api/comments/'],
    ['POST', '/api/comments_reply/'],
    ['PATCH', '/api/comments_reply/'],
    ['POST', '/api/buysubscription/'],
  ] as const;
  const whole = multipartBody([
    { name: 'question', value: '1' },
    { name: 'body', value: 'hello' },
  ]);

  it.each(routes)(
    '%s %s: no boundary, truncated parts and a bad header are 400',
    async (method, url) => {
      const attempts = [
        await multipart(method, url, whole, 'multipart/form-data'),
        await multipart(method, url, whole.slice(0, whole.length - 30)),
        await multipart(method, url, whole.slice(0, 40)),
        await multipart(
          method,
          url,
          `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`,
        ),
      ];
      for (const res of attempts) {
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toEqual({ detail: 'Multipart form parse error.' });
      }
    },
  );

  it.each([
    [
      'PATCH',
      '/api/auth/user/',
      [{ name: 'first_name', value: 'x', filename: 'a.png' }],
      'first_name',
    ],
    ['PATCH', '/api/auth/user/', [{ name: 'image', value: 'not a file' }], 'image'],
    [
      'POST',
      '/api/noteitemsdetail/',
      [{ name: 'question', value: '1', filename: 'a.png' }],
      'question',
    ],
    [
      'POST',
      '/api/noteitemsdetail/',
      [{ name: 'noteItem_attachments', value: 'text' }],
      'noteItem_attachments',
    ],
    ['POST', '/api/attachmentsitem/', [{ name: 'images[0]', value: 'text' }], 'images'],
    ['POST', '/api/comments/', [{ name: 'body', value: 'x', filename: 'a.png' }], 'body'],
    [
      'POST',
      '/api/comments/',
      [
        { name: 'question', value: '1' },
        { name: 'body', value: 'x' },
        { name: 'attachments[0]', value: 'text' },
      ],
      'attachments',
    ],
    ['POST', '/api/buysubscription/', [{ name: 'plan', value: '1', filename: 'a.png' }], 'plan'],
    [
      'POST',
      '/api/buysubscription/',
      [
        { name: 'plan', value: '1' },
        { name: 'payment_reference', value: 'R' },
        { name: 'receipt', value: 'text' },
      ],
      'receipt',
    ],
  ] as const)(
    '%s %s: a file where a field is expected (or the reverse) is a 400 on the field',
    async (method, url, parts, field) => {
      const res = await multipart(method, url, multipartBody([...parts]));
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    },
  );
});

describe('random bodies on the routes the issue names', () => {
  const bodies: unknown[] = [
    { ids: [[1]] },
    { ids: ['a', {}] },
    { ids: [1e308] },
    { ids: [null] },
    { ids: 'all' },
    { ids: { 0: 1 } },
    { question: { id: 1 }, rating: ['good'] },
    { question: [1], rating: 1 },
    { question: 1e308, rating: 'good' },
    { course_id: { a: 1 } },
    { course_id: [1, 2] },
    { course_id: 1e308 },
    { course_id: -5 },
    { module_id: '1; drop table' },
    { module_id: true },
    [],
    'text',
    12,
    null,
  ];
  it.each([
    '/api/question-evaluations/',
    '/api/rports/bulk_delete',
    '/api/sessions/clear-course-progress/',
    '/api/sessions/clear-module-progress/',
  ])('POST %s answers 400 in the DRF shape', async (url) => {
    for (const body of bodies) {
      const res = await json('POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const data = res.json() as Record<string, unknown>;
      for (const messages of Object.values(data))
        expect(Array.isArray(messages), res.body).toBe(true);
    }
  });
});

describe('the contract the seed client reads', () => {
  it('authenticates before it validates: anonymous callers get 401 whatever they send', async () => {
    for (const url of [
      '/api/questns/first-unanswered/',
      '/api/playlist_questions/',
      '/api/sessions/2147483648/',
      '/api/questns/?page_size=abc',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    const body = await app.inject({
      method: 'POST',
      url: '/api/rports/bulk_delete',
      headers: { 'content-type': 'application/json' },
      payload: '{"bad',
    });
    expect(body.statusCode).toBe(401);
    const learnerOnStaff = await json('POST', '/api/staff/plans/', { name: '\u0000' });
    expect(learnerOnStaff.statusCode).toBe(403);
    expect(learnerOnStaff.json()).toEqual({
      detail: 'You do not have permission to perform this action.',
    });
  });

  it('speaks DRF, never zod, for missing and mistyped fields and bad ids', async () => {
    const missing = await json('POST', '/api/question-evaluations/', {});
    expect(missing.json()).toEqual({
      question: ['This field is required.'],
      rating: ['This field is required.'],
    });
    const choice = await json('POST', '/api/question-evaluations/', {
      question: question.id,
      rating: 'meh',
    });
    expect(choice.json()).toEqual({ rating: ['"meh" is not a valid choice.'] });
    const course = await json('POST', '/api/sessions/clear-course-progress/', { course_id: 'x' });
    expect(course.json()).toEqual({ course_id: ['A valid integer is required.'] });
    const list = await json('POST', '/api/question-evaluations/', [1, 2]);
    expect(list.json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
    for (const res of [missing, choice, course, list]) {
      expect(res.body).not.toMatch(/Invalid input|expected|received/);
    }
  });
});

describe('server errors in tests', () => {
  it('a test may say it expects the server to log an error', async () => {
    expectServerErrors(1);
    app.log.error('an error this test expects');
  });
});
