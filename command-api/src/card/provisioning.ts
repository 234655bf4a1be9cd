import { randomBytes } from 'node:crypto';
import { cardStreamId, type CardColor, type PhysicalCardType } from '@kartvizit/schemas';
import { ConcurrencyError, type AppendRequest, type EventStore } from '@kartvizit/infra/event-store/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { cardDecider } from './decider.ts';

/** Printed on the card and read aloud on the phone: no 0/O, no 1/I. 32 symbols, so a byte maps without bias. */
export const PHYSICAL_CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PHYSICAL_CARD_PREFIX = 'KV-';
export const PHYSICAL_CARD_SUFFIX_LENGTH = 8;
/** Cards appended per atomic write: a failure loses at most one chunk, and the CSV holds exactly what was stored. */
const CHUNK_SIZE = 200;
const MAX_ATTEMPTS_PER_CHUNK = 20;

/** 'KV-' + 8 symbols from crypto randomness: 32^8 ≈ 1.1 × 10^12 ids. */
export function generatePhysicalCardId(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(PHYSICAL_CARD_SUFFIX_LENGTH);
  let suffix = '';
  for (const byte of bytes) suffix += PHYSICAL_CARD_ALPHABET.charAt(byte % PHYSICAL_CARD_ALPHABET.length);
  return `${PHYSICAL_CARD_PREFIX}${suffix}`;
}

export function newBatchId(now: Date, random: (size: number) => Buffer = randomBytes): string {
  return `${now.toISOString().slice(0, 10)}-${random(3).toString('hex')}`;
}

export interface ProvisionOptions {
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly type: PhysicalCardType;
  readonly color: CardColor;
  readonly count: number;
  readonly batchId: string;
  readonly now: Date;
  /** For this office's pool (issue 30): only its members activate them, and they stay the office's. */
  readonly officeId?: string;
  /** Called after each chunk is stored, with its cards, in order. */
  readonly onStored?: (cards: readonly ProvisionedCard[]) => Promise<void> | void;
  readonly generateId?: () => string;
}

export interface ProvisionedCard {
  readonly cardId: string;
  readonly type: PhysicalCardType;
  readonly color: CardColor;
}

export interface ProvisionResult {
  readonly cards: readonly ProvisionedCard[];
  /** Random ids that were already taken and drawn again. */
  readonly collisions: number;
}

/**
 * Appends one CardProvisioned per card, each to its own new stream (expected 'no_stream').
 * A random id that is already taken fails the chunk's write; that id is drawn again and the
 * chunk retried, so every id in the result is stored and unique.
 */
export async function provisionCards(options: ProvisionOptions): Promise<ProvisionResult> {
  const generateId = options.generateId ?? (() => generatePhysicalCardId());
  const at = options.now.toISOString();
  const stored: ProvisionedCard[] = [];
  let collisions = 0;
  while (stored.length < options.count) {
    const size = Math.min(CHUNK_SIZE, options.count - stored.length);
    const ids = new Set<string>();
    while (ids.size < size) ids.add(generateId());
    for (let attempt = 1; ; attempt++) {
      try {
        await options.store.append(await Promise.all([...ids].map((cardId) => request(cardId))));
        break;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS_PER_CHUNK) throw error;
        const taken = error.streamId.slice(cardStreamId('').length);
        ids.delete(taken);
        collisions += 1;
        while (ids.size < size) ids.add(generateId());
      }
    }
    const chunk = [...ids].map((cardId) => ({ cardId, type: options.type, color: options.color }));
    stored.push(...chunk);
    await options.onStored?.(chunk);
  }
  return { cards: stored, collisions };

  async function request(cardId: string): Promise<AppendRequest> {
    // The decider holds the rule (a provisioned id must be new); the store enforces it with 'no_stream'.
    const events = cardDecider.decide(
      {
        type: 'ProvisionCard',
        data: {
          cardId,
          cardType: options.type,
          color: options.color,
          batchId: options.batchId,
          now: at,
          officeId: options.officeId ?? null,
        },
      },
      cardDecider.initialState,
    );
    return {
      streamId: cardStreamId(cardId),
      expected: 'no_stream',
      events: await Promise.all(events.map((event) => options.codec.encode(event, { actor: 'system' }))),
    };
  }
}
