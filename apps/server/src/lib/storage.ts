import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are relative paths like `profiles/ab12….webp`; files are
 * served back under `/media/<key>`. Local folder now; an S3-compatible store can implement
 * the same interface later.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key (tests count files with it to prove nothing is orphaned). */
  list(): Promise<string[]>;
  /** Public URL path of a key. */
  url(key: string): string;
}

export const MEDIA_PREFIX = '/media/';

export function mediaUrl(key: string | null | undefined): string | null {
  return key ? `${MEDIA_PREFIX}${key}` : null;
}

export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return file;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
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
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)));
  }

  url(key: string): string {
    return mediaUrl(key)!;
  }
}
