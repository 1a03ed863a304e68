import sharp from 'sharp';
import type { App } from '../src/app';

/** Files and multipart bodies for the upload routes' tests (imported by test files only). */

export const pngImage = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#218687' } })
    .png()
    .toBuffer();

export const jpegImage = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#1C5153' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
    .toBuffer();

/** A multipart body: text fields (repeated for arrays), then files as `[field, data, filename]`. */
export function formData(
  fields: Record<string, string | string[]>,
  files: [string, Buffer, string?][] = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  files.forEach(([name, data, filename], i) =>
    form.append(name, new Blob([new Uint8Array(data)]), filename ?? `upload-${i}.png`),
  );
  return form;
}

export interface FilePart {
  field: string;
  filename: string;
  data: Buffer;
  type?: string;
}

/** A multipart body encoded as the browser's FormData would send it, for `app.inject`. */
export async function multipartPayload(fields: Record<string, string>, files: FilePart[] = []) {
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

/** A raw multipart payload cut off in the middle (no closing boundary). */
export function truncatedMultipart(): { payload: string; headers: Record<string, string> } {
  const boundary = '----qbank-test';
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="question"\r\n\r\n1`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** How many files the storage holds (a failed write must leave none behind). */
export async function fileCount(app: App): Promise<number> {
  return (await app.storage.list()).length;
}
