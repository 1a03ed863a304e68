import sharp from 'sharp';

/** Test fixtures for upload routes (imported by test files only). */

export const pngImage = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#218687' } })
    .png()
    .toBuffer();

export const jpegImage = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#1C5153' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
    .toBuffer();

/** A multipart body: text fields, then files as `[field, data, filename]`. */
export function formData(
  fields: Record<string, string | string[]>,
  files: [string, Buffer, string?][] = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const [name, data, filename] of files)
    form.append(name, new Blob([new Uint8Array(data)]), filename ?? 'upload.png');
  return form;
}

/** A raw multipart payload cut off in the middle (no closing boundary). */
export function truncatedMultipart(): { payload: string; headers: Record<string, string> } {
  const boundary = '----qbank-test';
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="question"\r\n\r\n1`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
