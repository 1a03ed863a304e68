import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper';

const { app } = await setupTestApp();

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

async function documentOf() {
  const res = await app.inject({ method: 'GET', url: '/api/schema/' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    servers: { url: string }[];
    info: { license?: { name: string; url?: string } };
    paths: Record<string, Record<string, Operation>>;
  };
}

async function operations() {
  const doc = await documentOf();
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

describe('the OpenAPI document', () => {
  it("lints clean with Redocly's recommended rules (trailing slashes aside: the seed's routes end with one)", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'no-path-trailing-slash': 'off' },
    });
    const problems = await lintFromString({ source: JSON.stringify(await documentOf()), config });
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    ).toEqual([]);
  }, 60_000);

  it('names every operation once, the way drf-spectacular would', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map((o) => o.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9_]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = (method: string, path: string) =>
      all.find((o) => o.method === method && o.path === path)?.operation.operationId;
    expect(idOf('get', '/api/moduls/')).toBe('moduls_list');
    expect(idOf('get', '/api/moduls/{id}/')).toBe('moduls_retrieve');
    expect(idOf('post', '/api/auth/login/')).toBe('auth_login_create');
    expect(idOf('patch', '/api/auth/user/')).toBe('auth_user_partial_update');
    expect(idOf('delete', '/api/attachmentsitem/{id}/')).toBe('attachmentsitem_destroy');
    expect(idOf('get', '/api/health/')).toBe('health_retrieve');
    // No numeric suffixes, no doubled words (issue 32).
    expect(ids.filter((id) => /_\d+$|(^|_)(\w+)_\2(_|$)/.test(id!))).toEqual([]);
    expect(idOf('get', '/api/favorites_questions_list/')).toBe('favorites_questions_list');
    expect(idOf('patch', '/api/comments/{id}/')).toBe('comments_partial_update');
    expect(idOf('patch', '/api/comments/')).toBe('comments_partial_update_by_body');
  });

  it('describes what the API accepts: optional bodies, defaults, files, id types (issue 32)', async () => {
    type Body = { required?: boolean; content: Record<string, { schema: Schema }> };
    type Schema = { properties?: Record<string, Schema>; required?: string[]; format?: string };
    const doc = (await documentOf()) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: Body;
            parameters?: { in: string; name: string; schema: { type: string } }[];
            responses: Record<string, { content?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    const form = (method: string, path: string) =>
      op(method, path).requestBody!.content['multipart/form-data']!.schema;
    expect(op('patch', '/api/playlistitems/').requestBody!.required).toBe(false);
    expect(op('delete', '/api/module_filters/by-module/').requestBody!.required).toBe(false);
    const edit = op('patch', '/api/comments/{id}/').requestBody!.content['application/json']!;
    expect(edit.schema.required ?? []).not.toContain('removed_attachment_id');
    expect(form('patch', '/api/comments/{id}/').properties!.attachments).toMatchObject({
      items: { format: 'binary' },
    });
    expect(form('post', '/api/rports/').properties!.screenshot!.format).toBe('binary');
    expect(form('post', '/api/buysubscription/').required).toEqual([
      'plan',
      'payment_reference',
      'receipt',
    ]);
    expect(form('post', '/api/staff/imports/').properties!.file!.format).toBe('binary');
    expect(form('post', '/api/staff/media/').required).toEqual(['image']);
    expect(form('patch', '/api/auth/user/').properties!.image!.format).toBe('binary');
    expect(form('post', '/api/attachmentsitem/').properties!.images).toMatchObject({
      items: { format: 'binary' },
    });
    expect(Object.keys(op('get', '/api/staff/exports/').responses['200']!.content!)).toEqual([
      'application/json',
      'text/csv',
      'application/zip',
    ]);
    const idParams = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((o) => o.parameters ?? [])
      .filter(
        (p) => p.in === 'query' && /^(module|course|session|playlist|question)$/.test(p.name),
      );
    expect(idParams.length).toBeGreaterThan(20);
    expect(idParams.filter((p) => p.schema.type !== 'integer')).toEqual([]);
  });

  it('marks public operations with security: [] and documents a 4xx on every operation', async () => {
    const all = await operations();
    const byKey = new Map(all.map((o) => [`${o.method} ${o.path}`, o.operation]));
    for (const key of [
      'post /api/auth/login/',
      'get /api/health/',
      'post /api/password-reset/request/',
    ]) {
      expect(byKey.get(key)?.security, key).toEqual([]);
    }
    expect(byKey.get('get /api/auth/user/')?.security).toEqual([{ token: [] }]);
    for (const { path, method, operation } of all) {
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => /^4\d\d$/.test(s)),
        `${method} ${path}`,
      ).toBe(true);
      expect(statuses, `${method} ${path}`).toContain('401');
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
      if (path.startsWith('/api/staff/')) expect(statuses, `${method} ${path}`).toContain('403');
    }
  });

  it('keeps its promises: an authenticated operation refuses an anonymous caller with a documented 4xx', async () => {
    const guarded = (await operations()).filter((o) =>
      o.operation.security?.some((s) => 'token' in s),
    );
    expect(guarded.length).toBeGreaterThan(50);
    let unauthenticated = 0;
    for (const { path, method, operation } of guarded) {
      const res = await app.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace(/\{[^}]+\}/g, '1'),
      });
      // Input is checked by the schema before the handler asks for a user, so a request with
      // no (or bad) input may get its 400 first; it never gets data.
      expect([400, 401], `${method} ${path}`).toContain(res.statusCode);
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain(
        String(res.statusCode),
      );
      if (res.statusCode === 401) unauthenticated++;
    }
    expect(unauthenticated).toBeGreaterThan(guarded.length / 2);
  });

  it('names this instance as its server, and a licence', async () => {
    const doc = await documentOf();
    expect(doc.servers).toEqual([{ url: 'http://testserver', description: 'This instance' }]);
    expect(doc.info.license).toEqual({ name: 'Proprietary', url: 'http://testserver/about' });
  });

  it('still serves the client-facing docs page', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/api/moduls/'].get.operationId).toBe('moduls_list');
  });
});
