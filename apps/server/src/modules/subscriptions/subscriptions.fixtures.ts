import sharp from 'sharp';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { planModules, plans } from '../../db/schema/index';

/** Test data and requests shared by the subscriptions test files. */

export type Headers = { authorization: string };

export async function buildPlan(
  db: Db,
  overrides: Partial<typeof plans.$inferInsert> & { moduleIds?: number[] } = {},
) {
  const { moduleIds = [], ...fields } = overrides;
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Cardiology 30 days',
      price: '12.00',
      currency: 'EUR',
      durationDays: 30,
      allModules: moduleIds.length === 0,
      ...fields,
    })
    .returning();
  if (moduleIds.length)
    await db
      .insert(planModules)
      .values(moduleIds.map((moduleId) => ({ planId: plan!.id, moduleId })));
  return plan!;
}

export const pngImage = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#218687' } })
    .png()
    .toBuffer();

export interface FilePart {
  field: string;
  filename: string;
  data: Buffer;
  type?: string;
}

/** A multipart body as the browser's FormData would send it. */
export async function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files)
    form.append(
      f.field,
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }),
      f.filename,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** POST /api/buysubscription/ with a PNG receipt unless `files` says otherwise. */
export async function buy(
  app: App,
  headers: Headers,
  fields: Record<string, string>,
  files?: FilePart[],
) {
  const body = await multipart(
    fields,
    files ?? [{ field: 'receipt', filename: 'receipt.png', data: await pngImage() }],
  );
  return app.inject({
    method: 'POST',
    url: '/api/buysubscription/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
