import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { setupTestApp } from '../../../test/helper';
import { buildUser } from '../../../test/factories';
import { formData, pngImage } from '../../../test/uploads';

const { app, database } = await setupTestApp();
const staff = await buildUser(database.db, { isStaff: true });
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../content/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const schemas = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/qti');

/** xmllint's XSD validation errors of one document (empty when valid). */
async function schemaErrors(contents: string, schemaFile: string): Promise<string[]> {
  const schema = fs.readFileSync(path.join(schemas, schemaFile), 'utf8');
  const result = await validateXML({ xml: [{ fileName: 'doc.xml', contents }], schema: [schema] });
  return result.errors.map((e) => e.message);
}

const upload = (data: Buffer, filename: string, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/staff/imports/',
    headers: staff.headers,
    payload: formData(fields, [['file', data, filename]]),
  });

async function finished(id: string) {
  for (let i = 0; i < 200; i++) {
    const job = (
      await app.inject({ method: 'GET', url: `/api/staff/imports/${id}/`, headers: staff.headers })
    ).json();
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

describe('imports from the web', () => {
  it('reports each bad record with its line on a dry run, and writes nothing', async () => {
    const res = await upload(fixture('broken.csv'), 'broken.csv');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ ok: false, format: 'csv', job: null });
    expect(report.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5]);
    const bank = (
      await app.inject({ method: 'GET', url: '/api/staff/questions/', headers: staff.headers })
    ).json();
    expect(bank.count).toBe(0);
  });

  it('dry-runs, then imports with progress through the same importer as the command line', async () => {
    const data = fixture('valves.aiken.txt');
    const dry = (await upload(data, 'valves.txt', { module: 'Cardiology' })).json();
    expect(dry).toMatchObject({ ok: true, format: 'aiken', errors: [], job: null });
    expect(dry.questions).toBeGreaterThan(1);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/staff/questions/', headers: staff.headers })
      ).json().count,
    ).toBe(0);

    const run = await upload(data, 'valves.txt', { module: 'Cardiology', dry_run: 'false' });
    expect(run.statusCode).toBe(202);
    const job = await finished(run.json().job);
    expect(job).toMatchObject({
      state: 'done',
      done: dry.questions,
      total: dry.questions,
      created: dry.questions,
      updated: 0,
    });
    const bank = (
      await app.inject({ method: 'GET', url: '/api/staff/questions/', headers: staff.headers })
    ).json();
    expect(bank.count).toBe(dry.questions);
    expect(bank.results[0].module_name).toBe('Cardiology');
  });

  it('refuses a file whose format it cannot tell, and a missing file', async () => {
    expect((await upload(Buffer.from('x'), 'bank.docx')).json()).toEqual({
      format: [
        'Cannot tell the format of bank.docx from its name: choose one of json, csv, gift, aiken, moodle-xml.',
      ],
    });
    const none = await app.inject({
      method: 'POST',
      url: '/api/staff/imports/',
      headers: staff.headers,
      payload: formData({ dry_run: 'true' }),
    });
    expect(none.json()).toEqual({ file: ['No file was submitted.'] });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/staff/imports/5f0c8a43-4f7b-4b8e-9d8e-0a3c2e7f9b11/',
      headers: staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('exports our JSON, a CSV the CSV importer reads back, and a QTI 2.1 package', async () => {
    const json = await app.inject({
      method: 'GET',
      url: '/api/staff/exports/?format=json',
      headers: staff.headers,
    });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document).toMatchObject({ format: 'qbank', version: 1 });
    const count = document.questions.length;
    expect(count).toBeGreaterThan(1);

    const csv = await app.inject({
      method: 'GET',
      url: '/api/staff/exports/?format=csv',
      headers: staff.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const back = (await upload(Buffer.from(csv.body), 'export.csv')).json();
    expect(back).toMatchObject({ ok: true, errors: [], questions: count });

    const qti = await app.inject({
      method: 'GET',
      url: '/api/staff/exports/?format=qti',
      headers: staff.headers,
    });
    expect(qti.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(qti.rawPayload));
    const names = Object.keys(files);
    expect(names).toContain('imsmanifest.xml');
    const items = names.filter((n) => n.startsWith('items/'));
    expect(items).toHaveLength(count);
    const item = strFromU8(files[items[0]!]!);
    expect(item).toContain('<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1"');
    expect(item).toMatch(/<correctResponse><value>[A-H]<\/value><\/correctResponse>/);
    expect(strFromU8(files['imsmanifest.xml']!)).toContain('type="imsqti_item_xmlv2p1"');
  });

  it('writes QTI 2.1 items and a manifest that validate against their XML schemas', async () => {
    const qti = await app.inject({
      method: 'GET',
      url: '/api/staff/exports/?format=qti',
      headers: staff.headers,
    });
    const files = unzipSync(new Uint8Array(qti.rawPayload));
    const items = Object.keys(files).filter((n) => n.startsWith('items/'));
    for (const name of items) {
      expect([name, await schemaErrors(strFromU8(files[name]!), 'qti21-choice-items.xsd')]).toEqual(
        [name, []],
      );
    }
    const manifest = strFromU8(files['imsmanifest.xml']!);
    expect(await schemaErrors(manifest, 'imscp-v1p1-manifest.xsd')).toEqual([]);
    // The check can fail: an item without its required title is refused.
    const untitled = strFromU8(files[items[0]!]!).replace(/ title="[^"]*"/, '');
    expect(await schemaErrors(untitled, 'qti21-choice-items.xsd')).not.toEqual([]);
  });
});

describe('editor images', () => {
  it('stores an uploaded image and answers its URL; refuses what is not an image', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/media/',
      headers: staff.headers,
      payload: formData({}, [['image', await pngImage(), 'x.png']]),
    });
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/questions\/[0-9a-f-]+\.png$/);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/staff/media/',
      headers: staff.headers,
      payload: formData({}, [['image', Buffer.from('not an image'), 'x.png']]),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['image']);
  });
});
