import {
  MESSAGES,
  cardNameKey,
  conflictError,
  type CardActivated,
  type CardEvent,
  type CardNameClaimed,
  type CardNameReleased,
  type VirtualCardCreated,
} from '@kartvizit/schemas';
import type { AppendRequest, ExpectedVersion } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';
import { cardDecider } from './decider.ts';

/**
 * "One owner, one card per name" through claim streams (never through the read model):
 * `claim-card-name-<HMAC(ownerId:nameKey)>`. A claim is appended in the same atomic write as the
 * event that names the card; the loser of a race gets a ConcurrencyError on the claim stream.
 *
 * A virtual card is named when it is created; if its activation brings another name, the new
 * name is claimed and the old one released (a released claim is taken again at its version, so
 * that race is decided by the store too). An office card going back to the pool (CardReturned) releases its former
 * holder's name; an assigned card claims nothing (its name is its id, unique by itself).
 */
export function cardNameClaims(context: CommandContext) {
  const { store, codec, commands } = context;
  const streamOf = (ownerId: string, name: string) =>
    context.claimStreamId('card-name', `${ownerId}:${cardNameKey(name)}`);

  async function claim(event: VirtualCardCreated | CardActivated, at: string): Promise<AppendRequest | null> {
    const { ownerId, cardId, name } = event.data;
    const streamId = streamOf(ownerId, name);
    const current = await store.readStream(streamId);
    const last = current.events.at(-1);
    let expected: ExpectedVersion;
    if (current.version === -1 || !last) expected = 'no_stream';
    else if (last.type === 'CardNameReleased') expected = current.version;
    else if (last.data.cardId === cardId) return null;
    else throw conflictError(MESSAGES.cardNameTaken, 'name');
    const claimed: CardNameClaimed = { type: 'CardNameClaimed', data: { ownerId, cardId, claimedAt: at } };
    return { streamId, expected, events: [await codec.encode(claimed, { actor: ownerId })] };
  }

  async function release(ownerId: string, cardId: string, name: string, at: string): Promise<AppendRequest | null> {
    const streamId = streamOf(ownerId, name);
    const current = await store.readStream(streamId);
    const last = current.events.at(-1);
    if (!last || last.type !== 'CardNameClaimed' || last.data.cardId !== cardId) return null;
    const released: CardNameReleased = { type: 'CardNameReleased', data: { ownerId, cardId, releasedAt: at } };
    return { streamId, expected: current.version, events: [await codec.encode(released, { actor: ownerId })] };
  }

  return {
    /** True when a ConcurrencyError on this stream means "the name was taken meanwhile". */
    isClaimStream(streamId: string): boolean {
      return streamId.startsWith('claim-card-name-');
    },

    /** The claim writes that must go with the decided events (HandleOptions.alsoAppend). */
    async requestsFor(events: readonly CardEvent[], cardStream: string): Promise<readonly AppendRequest[]> {
      const returned = events.find((event) => event.type === 'CardReturned');
      if (returned) {
        // The name the holder gave it when the decision was made (a moved stream fails the write, as below).
        const { state } = await commands.load(cardDecider, cardStream);
        const { formerHolderId, cardId, at } = returned.data;
        if (state.status === 'none' || state.ownerId !== formerHolderId || state.name === null) return [];
        const released = await release(formerHolderId, cardId, state.name, at);
        return released ? [released] : [];
      }
      const naming = events.find(
        (event): event is VirtualCardCreated | CardActivated =>
          event.type === 'VirtualCardCreated' || event.type === 'CardActivated',
      );
      if (!naming) return [];
      const at = naming.type === 'VirtualCardCreated' ? naming.data.createdAt : naming.data.activatedAt;
      // The name the card had when the decision was made. Should the stream have moved since,
      // the card stream's expected version fails the whole write and the handler decides again.
      let previous: string | null = null;
      if (naming.type === 'CardActivated') {
        const { state } = await commands.load(cardDecider, cardStream);
        if (state.status !== 'none' && state.ownerId === naming.data.ownerId) previous = state.name;
      }
      if (previous !== null && cardNameKey(previous) === cardNameKey(naming.data.name)) return [];
      const requests = [await claim(naming, at)];
      if (previous !== null) requests.push(await release(naming.data.ownerId, naming.data.cardId, previous, at));
      return requests.filter((request) => request !== null);
    },
  };
}
