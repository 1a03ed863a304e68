import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaSigner } from './media-signing';

/** A stored file being read. */
export interface StoredFile {
  body: Readable;
  length?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * Where uploaded files live. Keys are relative paths like `profiles/ab12….webp`; files are
 * served back under `/media/<key>`. Two implementations: a local folder (`LocalStorage`) and
 * S3-compatible object storage (`S3Storage`, lib/object-storage.ts), chosen by the
 * configuration (`createStorage`), decision 041.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream; null when there is no such key. */
  read(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key (tests count files with it to prove nothing is orphaned). */
  list(): Promise<string[]>;
  /**
   * URL a client may fetch the key at: a plain path for public files, a short-lived signed one
   * for private files (both implementations: the server checks the signature and serves the
   * file, decision 041).
   */
  url(key: string): string;
}

export const MEDIA_PREFIX = '/media/';

/**
 * Folders of private files (decision 032): note images, attachment items, purchase receipts and
 * report screenshots (decision 033), served only through signed URLs the API gives their owner
 * (and staff, for receipts and screenshots). Question, catalogue, comment and profile images are
 * public.
 */
export const PRIVATE_FOLDERS = ['notes', 'attachments', 'receipts', 'reports'] as const;

export const isPrivateKey = (key: string): boolean =>
  PRIVATE_FOLDERS.some((folder) => key.startsWith(`${folder}/`));

/** URL path of a public key (private keys go through `Storage.url`). */
export function mediaUrl(key: string | null | undefined): string | null {
  return key ? `${MEDIA_PREFIX}${key}` : null;
}

/** `/media/<key>`, signed when the key is private (decision 032). */
export function signedMediaUrl(key: string, signer: MediaSigner | undefined): string {
  if (!isPrivateKey(key)) return mediaUrl(key)!;
  if (!signer) throw new Error(`No signer for the private key ${key}`);
  const { expires, signature } = signer.sign(key);
  return `${MEDIA_PREFIX}${key}?expires=${expires}&signature=${signature}`;
}

export class LocalStorage implements Storage {
  /** Without a signer (command-line tools) private keys have no URL. */
  constructor(
    readonly root: string,
    private readonly signer?: MediaSigner,
  ) {}

  private file(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`Bad storage key: ${key}`);
    return file;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
  }

  async read(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { body: createReadStream(file), length: stat.size, lastModified: stat.mtime };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async list(): Promise<string[]> {
    const entries = await fs
      .readdir(this.root, { recursive: true, withFileTypes: true })
      .catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)));
  }

  url(key: string): string {
    return signedMediaUrl(key, this.signer);
  }
}
