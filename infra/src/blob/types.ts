import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a flat key space ('profiles/<owner>/picture-<hash>.jpg'), as an
 * S3-compatible bucket has it. The local-disk adapter keeps files under a directory; an S3 adapter
 * maps keys to object keys and the content type to the object's Content-Type.
 */
export interface BlobStore {
  /** Writes the whole object; an existing object under the key is replaced atomically. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<BlobObject | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under a folder of keys ('profiles/<owner>'): an owner's files when they delete their
   * account. A folder with nothing in it is not an error.
   */
  deleteUnder(folder: string): Promise<void>;
}

export interface BlobObject {
  readonly body: Readable;
  readonly contentType: string;
  readonly size: number;
}

/** Reads a blob into memory (tests, small files). */
export async function readBlob(object: BlobObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const SEGMENT = /^[a-z0-9](?:[a-z0-9_-]{0,126}[a-z0-9])?$/;
const FILE_NAME = /^[a-z0-9](?:[a-z0-9_-]{0,126}[a-z0-9])?\.[a-z0-9]{1,8}$/;
const MAX_DEPTH = 8;

/**
 * Keys are built by our code, never taken from a request as they are: lower-case letters, digits,
 * '-' and '_' in '/'-separated segments ending in 'name.ext'. No '..', no leading '/', no '\',
 * no dot files, no percent escapes: nothing that could leave the store's directory.
 */
export function isValidBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  const segments = key.split('/');
  if (segments.length > MAX_DEPTH) return false;
  const fileName = segments.pop();
  return fileName !== undefined && FILE_NAME.test(fileName) && segments.every((segment) => SEGMENT.test(segment));
}

/** A folder of keys: one or more segments as keys have them, without the file name. */
export function isValidBlobFolder(folder: string): boolean {
  const segments = folder.split('/');
  return (
    folder.length > 0 &&
    folder.length <= 512 &&
    segments.length < MAX_DEPTH &&
    segments.every((segment) => SEGMENT.test(segment))
  );
}

export class InvalidBlobKeyError extends Error {
  constructor() {
    super('Invalid blob key');
    this.name = 'InvalidBlobKeyError';
  }
}
