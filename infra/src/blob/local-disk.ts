import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve, sep } from 'node:path';
import { InvalidBlobKeyError, isValidBlobFolder, isValidBlobKey, type BlobObject, type BlobStore } from './types.ts';

/** The content types the disk adapter stores, by file extension (the disk keeps no metadata). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export function contentTypeForKey(key: string): string | undefined {
  return CONTENT_TYPES[extname(key)];
}

/**
 * Blobs as files under one directory (`DATA_DIR/blobs` by default). The content type follows from
 * the key's extension, so `put` refuses a type that does not match it. Writes go to a temporary
 * file and are renamed into place, so a reader never sees half a file.
 */
export class LocalDiskBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key, after checking that it stays inside the root whatever the key says. */
  private pathOf(key: string): string {
    if (!isValidBlobKey(key)) throw new InvalidBlobKeyError();
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidBlobKeyError();
    return path;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    const expected = contentTypeForKey(key);
    if (!expected || expected !== contentType) {
      throw new Error(`Content type ${contentType} does not match the key's extension (${extname(key)})`);
    }
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { mode: 0o644 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<BlobObject | null> {
    if (!isValidBlobKey(key)) return null;
    const contentType = contentTypeForKey(key);
    if (!contentType) return null;
    const path = this.pathOf(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      // The stream owns the handle from here on and closes it when done.
      const body = handle.createReadStream({ autoClose: true });
      return { body, contentType, size: stats.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deleteUnder(folder: string): Promise<void> {
    if (!isValidBlobFolder(folder)) throw new InvalidBlobKeyError();
    const path = resolve(this.root, folder);
    if (!path.startsWith(this.root + sep)) throw new InvalidBlobKeyError();
    await rm(path, { recursive: true, force: true });
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
