import { randomBytes } from 'node:crypto';
import { cardStreamId, type CardColor, type PhysicalCardType } from '@kartvizit/schemas';
import {
  ConcurrencyError,
  type AppendRequest,
  type Checkpoint,
  type EventStore,
} from '@kartvizit/infra/event-store/types';
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
  /** What to make: each line's count of cards of its type and colour, in this order. */
  readonly rows: readonly ProvisionRow[];
  readonly batchId: string;
  readonly now: Date;
  /** For this office's pool (issue 30): only its members activate them, and they stay the office's. */
  readonly officeId?: string;
  /** Who asked: the office admin who uploaded the order; the operator's CLI is 'system'. */
  readonly actor?: string;
  /**
   * Cards per atomic write (200 by default: a failure of a long CLI run loses at most one chunk, and its CSV holds
   * exactly what was stored). An office's upload (at most CARD_ORDER_MAX_CARDS) is written whole: all or nothing.
   */
  readonly chunkSize?: number;
  /** Called after each chunk is stored, with its cards, in order. */
  readonly onStored?: (cards: readonly ProvisionedCard[]) => Promise<void> | void;
  readonly generateId?: () => string;
}

export interface ProvisionRow {
  readonly type: PhysicalCardType;
  readonly color: CardColor;
  readonly count: number;
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
  /** Where the last write ended (read-your-writes); null when nothing was asked for. */
  readonly position: Checkpoint | null;
}

/**
 * Appends one CardProvisioned per card, each to its own new stream (expected 'no_stream').
 * A random id that is already taken fails the chunk's write; that id is drawn again and the
 * chunk retried, so every id in the result is stored and unique.
 */
export async function provisionCards(options: ProvisionOptions): Promise<ProvisionResult> {
  const generateId = options.generateId ?? (() => generatePhysicalCardId());
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const at = options.now.toISOString();
  // One slot per card to make, in the order's order.
  const slots = options.rows.flatMap((row) =>
    Array.from({ length: row.count }, () => ({ type: row.type, color: row.color })),
  );
  const stored: ProvisionedCard[] = [];
  let collisions = 0;
  let position: Checkpoint | null = null;
  for (let from = 0; from < slots.length; from += chunkSize) {
    const chunk = slots.slice(from, from + chunkSize);
    // The chunk's ids, one per slot; a taken one is replaced in its slot.
    const ids: string[] = [];
    const drawFresh = () => {
      for (;;) {
        const cardId = generateId();
        if (!ids.includes(cardId)) return cardId;
      }
    };
    for (let index = 0; index < chunk.length; index++) ids.push(drawFresh());
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await options.store.append(
          await Promise.all(chunk.map((slot, index) => request(ids[index] ?? '', slot))),
        );
        position = result.position;
        break;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS_PER_CHUNK) throw error;
        const taken = ids.indexOf(error.streamId.slice(cardStreamId('').length));
        if (taken < 0) throw error;
        collisions += 1;
        ids[taken] = drawFresh();
      }
    }
    const made = chunk.map((slot, index) => ({ cardId: ids[index] ?? '', type: slot.type, color: slot.color }));
    stored.push(...made);
    await options.onStored?.(made);
  }
  return { cards: stored, collisions, position };

  async function request(cardId: string, slot: { type: PhysicalCardType; color: CardColor }): Promise<AppendRequest> {
    // The decider holds the rule (a provisioned id must be new); the store enforces it with 'no_stream'.
    const events = cardDecider.decide(
      {
        type: 'ProvisionCard',
        data: {
          cardId,
          cardType: slot.type,
          color: slot.color,
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
      events: await Promise.all(
        events.map((event) => options.codec.encode(event, { actor: options.actor ?? 'system' })),
      ),
    };
  }
}
