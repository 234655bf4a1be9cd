import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The multipart forms' plumbing (profile save, product images): what is not about any one form. */

/** A refusal that answers 413 rather than 400 (the error handler knows no such domain kind). */
export class PayloadTooLargeError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PayloadTooLargeError';
  }
}

/** The 413 of a PayloadTooLargeError, in the shape of every refusal. */
export function sendPayloadTooLarge(reply: FastifyReply, error: PayloadTooLargeError): FastifyReply {
  return reply
    .code(413)
    .send(
      error.field
        ? { success: false, message: error.message, field: error.field }
        : { success: false, message: error.message },
    );
}

/** A file part's bytes, or null past `limit`; read to its end either way. */
export async function readLimited(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Keep draining so the client gets our answer instead of a reset connection.
    if (size <= limit) chunks.push(buffer);
  }
  return size > limit ? null : Buffer.concat(chunks);
}

const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/** True when @fastify/multipart stopped a body for having too many parts, files or fields. */
export function isPartsLimit(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && MULTIPART_LIMIT_CODES.has(code);
}
