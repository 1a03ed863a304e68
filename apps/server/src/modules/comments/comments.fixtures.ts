import sharp from 'sharp';
import type { App } from '../../app';

/** Test helpers for the discussion routes (imported by test files only). */

export const png = (): Promise<Buffer> =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#218687' } })
    .png()
    .toBuffer();

/** A multipart body: text fields (repeated for arrays), then files as `[field, data]`. */
export function multipart(
  fields: Record<string, string | string[]>,
  files: [string, Buffer][] = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  files.forEach(([name, data], i) =>
    form.append(name, new Blob([new Uint8Array(data)]), `photo-${i}.png`),
  );
  return form;
}

export async function fileCount(app: App): Promise<number> {
  return (await app.storage.list()).length;
}
