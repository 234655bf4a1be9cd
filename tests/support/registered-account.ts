import { randomUUID } from 'node:crypto';
import { accountStreamId, type AccountRegistered } from '@kartvizit/schemas';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';

/**
 * Registers an account straight in the store, its personal fields sealed as the product seals them (the reactor tests'
 * events). Answers the event's id (a reaction's idempotency key) and where it was stored.
 */
export async function appendRegistration(
  deps: { readonly store: EventStore; readonly codec: EventCodec },
  name: string,
  lastName = 'Yılmaz',
): Promise<{ readonly eventId: string; readonly position: Checkpoint }> {
  const userId = randomUUID();
  const event: AccountRegistered = {
    type: 'AccountRegistered',
    data: { userId, email: `${name}@example.com`, firstName: name, lastName, registeredAt: new Date().toISOString() },
  };
  const encoded = await deps.codec.encode(event);
  const { position } = await deps.store.append([
    { streamId: accountStreamId(userId), expected: 'no_stream', events: [encoded] },
  ]);
  return { eventId: encoded.eventId, position };
}
