import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest } from './errors';
import type { Storage } from './storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
/** Django's message for an upload that is not an image. */
export const INVALID_IMAGE =
  'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

export interface CleanImage {
  data: Buffer;
  ext: string;
}

/**
 * Checks an upload by its content (JPEG, PNG or WebP, whatever its name says), then re-encodes
 * it with sharp, which drops EXIF/GPS and every other metadata block.
 */
export async function cleanImage(field: string, data: Buffer): Promise<CleanImage> {
  if (data.length > MAX_IMAGE_BYTES) throw badRequest(field, 'The file is larger than 5 MB.');
  const type = await fileTypeFromBuffer(data);
  const ext = type && ALLOWED.get(type.mime);
  if (!ext) throw badRequest(field, INVALID_IMAGE);
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const image = sharp(data, { limitInputPixels: 50_000_000 }).rotate();
    const out =
      ext === 'jpg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : ext === 'png'
          ? image.png()
          : image.webp({ quality: 85 });
    return { data: await out.toBuffer(), ext };
  } catch {
    throw badRequest(field, INVALID_IMAGE);
  }
}

/** Validates, re-encodes and stores an image under `folder/`; returns its storage key. */
export async function storeImage(
  storage: Storage,
  folder: string,
  field: string,
  data: Buffer,
): Promise<string> {
  const image = await cleanImage(field, data);
  const key = `${folder}/${randomUUID()}.${image.ext}`;
  await storage.put(key, image.data);
  return key;
}
