import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An outside service on loopback, as the reactors meet them (a REMS, a webhook, a relay): it takes
 * `POST /deliveries` with an `Idempotency-Key` header and keeps each key's body once, answering a
 * repeat with the first answer. It can be told to refuse the next requests (503, nothing kept) or to
 * keep the next one and not answer until released (the moment to kill the sender).
 */
export interface IdempotentReceiver {
  readonly url: string;
  /** Keys in the order they were first kept. */
  readonly kept: string[];
  /** Every request seen, kept or not, by key. */
  readonly seen: Map<string, number>;
  /** When each request of a key arrived (Date.now()), in order. */
  readonly arrivals: Map<string, number[]>;
  /**
   * The next `count` requests (for `key` only, when given) are refused: with 503, or with 429 and
   * `Retry-After: {retryAfterSeconds}` when that is given (a rate-limited service).
   */
  refuse(count: number, key?: string, retryAfterSeconds?: number): void;
  /** Refuses nothing from now on. */
  stopRefusing(): void;
  /** The next request is kept, and its answer waits until `release()`; resolves when it has arrived. */
  holdNext(): Promise<string>;
  release(): void;
  close(): Promise<void>;
}

export async function startIdempotentReceiver(): Promise<IdempotentReceiver> {
  const kept: string[] = [];
  const seen = new Map<string, number>();
  const arrivals = new Map<string, number[]>();
  const refusals: Array<{ key?: string; retryAfterSeconds?: number }> = [];
  let hold: { arrived: (key: string) => void } | null = null;
  let held: Array<() => void> = [];

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || request.url !== '/deliveries' || typeof key !== 'string' || key === '') {
        response.writeHead(400).end();
        return;
      }
      seen.set(key, (seen.get(key) ?? 0) + 1);
      arrivals.set(key, [...(arrivals.get(key) ?? []), Date.now()]);
      const refusal = refusals.findIndex((entry) => entry.key === undefined || entry.key === key);
      if (refusal >= 0) {
        const [{ retryAfterSeconds } = {}] = refusals.splice(refusal, 1);
        if (retryAfterSeconds === undefined) response.writeHead(503).end();
        else response.writeHead(429, { 'retry-after': String(retryAfterSeconds) }).end();
        return;
      }
      if (!kept.includes(key)) kept.push(key);
      if (hold) {
        const { arrived } = hold;
        hold = null;
        held.push(() => response.writeHead(201).end());
        arrived(key);
        return;
      }
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const release = () => {
    for (const answer of held) answer();
    held = [];
  };
  return {
    url: `http://127.0.0.1:${port}/deliveries`,
    kept,
    seen,
    arrivals,
    refuse(count, key, retryAfterSeconds) {
      for (let index = 0; index < count; index++) refusals.push({ key, retryAfterSeconds });
    },
    stopRefusing() {
      refusals.splice(0);
    },
    holdNext() {
      return new Promise((arrived) => {
        hold = { arrived };
      });
    },
    release,
    async close() {
      release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
