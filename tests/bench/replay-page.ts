/**
 * The baseline of the page bench (the card page, the office page), as a process of its own like the query-api it is compared with: a bare Fastify
 * server answering `GET` of any path (`/p/{cardId}`, `/o/{slug}`) with one recorded answer of the real page, the very headers and (compressed)
 * bytes, and the real server's 304 (same headers) when If-None-Match names its ETag. What our server does beyond this
 * (finding the page, choosing the stored encoding, the hooks every answer goes through) is what the ratio measures.
 *
 * Started by tests/bench/run.ts: it says 'ready', gets the recorded answer (a RecordedPage, body in base64), then
 * listens and sends its address.
 */
import Fastify from 'fastify';

/** The real page's answer as fetched once, without the headers Node's HTTP server adds itself. */
export interface RecordedPage {
  readonly status: number;
  /** Name and value pairs, in the order received (a repeated header stays repeated). */
  readonly headers: readonly (readonly [string, string])[];
  readonly bodyBase64: string;
  /** The real server's 304 to the page's ETag, its headers as received: the replay's 304 is the same answer. */
  readonly notModifiedHeaders: readonly (readonly [string, string])[];
}

function headerMap(pairs: RecordedPage['headers']): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [rawName, value] of pairs) {
    const name = rawName.toLowerCase();
    const known = headers[name];
    headers[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return headers;
}

process.once('message', (recorded: RecordedPage) => {
  void (async () => {
    const headers = headerMap(recorded.headers);
    const body = Buffer.from(recorded.bodyBase64, 'base64');
    const etag = headers.etag;
    const notModified = headerMap(recorded.notModifiedHeaders);
    const app = Fastify({ logger: false });
    // Any path: the card page's and the office page's replay alike.
    app.get('/*', async (request, reply) => {
      if (typeof etag === 'string' && request.headers['if-none-match'] === etag) {
        return reply.code(304).headers(notModified).send();
      }
      return reply.code(recorded.status).headers(headers).send(body);
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
    process.send?.({ url });
  })();
});
process.send?.('ready');
