import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from './errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** sharp's name of each accepted format, and the extension it is stored under. */
const ALLOWED = new Map([
  ['jpeg', 'jpg'],
  ['png', 'png'],
  ['webp', 'webp'],
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
  // sharp reads the format from the content's signature, whatever the file is called.
  const format = await sharp(data)
    .metadata()
    .then(
      (m) => m.format as string,
      () => undefined,
    );
  const ext = format && ALLOWED.get(format);
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

/** A fresh storage key for a cleaned image under `folder/`. */
export function newImageKey(folder: string, image: CleanImage): string {
  return `${folder}/${randomUUID()}.${image.ext}`;
}

/** Validates, re-encodes and stores an image under `folder/`; returns its storage key. */
export async function storeImage(
  storage: Storage,
  folder: string,
  field: string,
  data: Buffer,
): Promise<string> {
  const image = await cleanImage(field, data);
  const key = newImageKey(folder, image);
  await storage.put(key, image.data);
  return key;
}

/** Validates and re-encodes every upload; nothing is stored yet. */
export async function cleanImages(field: string, files: Buffer[]): Promise<CleanImage[]> {
  const images: CleanImage[] = [];
  for (const data of files) images.push(await cleanImage(field, data));
  return images;
}

/**
 * Stores the images under `folder/`, then runs `write` with their keys; if storing or `write`
 * fails, the files stored by this call are deleted before the error goes on.
 */
export async function withStoredImages<T>(
  storage: Storage,
  folder: string,
  images: CleanImage[],
  write: (keys: string[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const image of images) {
      const key = newImageKey(folder, image);
      await storage.put(key, image.data);
      keys.push(key);
    }
    return await write(keys);
  } catch (error) {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw error;
  }
}

/** Deletes files whose rows are gone; a failure is logged, the request still succeeds. */
export async function deleteStoredFiles(
  storage: Storage,
  keys: string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      log.warn({ err: result.reason, key: keys[i] }, 'file not deleted');
  });
}
