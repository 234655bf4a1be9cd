import type { AccountRegistered } from '@kartvizit/schemas';
import type { Reactor, RetryPolicy } from '@kartvizit/infra/processing/reactor';

/**
 * A reactor as the features will write them: for each new account it calls a service outside over
 * HTTP, telling it the reaction's idempotency key. A refusal is an error with the status as its code.
 */
export function deliveringReactor(
  url: string,
  retry: Partial<RetryPolicy>,
  /** Keeps the order per partition only (Reactor.partitionOf): e.g. per family name. */
  partitionOf?: (event: AccountRegistered) => string,
): Reactor<AccountRegistered> {
  return {
    name: 'test-delivery',
    handles: ['AccountRegistered'],
    startAt: 'start',
    retry,
    ...(partitionOf ? { partitionOf } : {}),
    async react(event, { idempotencyKey }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ userId: event.data.userId }),
      });
      if (!response.ok) {
        const retryAfter = Number(response.headers.get('retry-after'));
        throw Object.assign(new Error(`the service answered ${response.status}`), {
          code: `HTTP_${response.status}`,
          ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
        });
      }
    },
  };
}
