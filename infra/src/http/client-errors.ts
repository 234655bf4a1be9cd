import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@kartvizit/schemas';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (oversized head, broken syntax,
 * a head that never finishes). Node and Fastify answer these in English and without our
 * headers; here they get our shape, a Turkish message and the same security headers.
 */

/** A request line longer than this is what made the head too large: 414 rather than 431 (nginx draws the line at 8 KB too). */
export const REQUEST_LINE_LIMIT = 8 * 1024;

/** How long an answered connection may stay open for the client to read the answer. */
const LINGER_MS = 5000;

const METHOD_AT_START = /^[A-Z]{3,10} /;

/** Status and message for a parser error; `packet` is the chunk the parser stopped in. */
export function clientErrorAnswer(code: string, packet: Buffer | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: MESSAGES.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') {
    // Only a request line that started in this chunk can be measured; otherwise it is the headers.
    const head = packet?.toString('latin1', 0, Math.min(packet.length, REQUEST_LINE_LIMIT + 2)) ?? '';
    const lineEnd = head.indexOf('\r\n');
    const longLine = METHOD_AT_START.test(head) && (lineEnd === -1 ? head.length : lineEnd) > REQUEST_LINE_LIMIT;
    return longLine
      ? { status: 414, message: MESSAGES.urlTooLong }
      : { status: 431, message: MESSAGES.headersTooLarge };
  }
  return { status: 400, message: MESSAGES.invalidRequest };
}

const answered = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler`. The answer is written and the connection half-closed, not
 * destroyed: destroying it with unread request bytes in the buffer makes the kernel reset the
 * connection, and the client then loses the answer. It is destroyed once the client is gone or
 * after a short linger.
 */
export function answerClientError(headers: Readonly<Record<string, string>>) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const { status, message } = clientErrorAnswer(
      error.code ?? '',
      Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined,
    );
    const body = JSON.stringify({ success: false, message });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.setTimeout(LINGER_MS, () => socket.destroy());
  };
}
