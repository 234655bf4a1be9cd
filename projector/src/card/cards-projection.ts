import type { CardEvent, CardHistoryType } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';

/**
 * Cards as the owner's screens and the public card see them (`rm_cards`), and each card's status
 * history for the card details screen (`rm_card_history`). Names are display text, not personal
 * data; no owner detail beyond the owner id is kept.
 */
interface CardRow {
  cardId: string;
  // null: "this batch did not change it" (an earlier batch's value stays).
  type: string | null;
  color: string | null;
  ownerId: string | null;
  name: string | null;
  batchId: string | null;
  isActivated: boolean | null;
  isActive: boolean | null;
  activatedAt: string | null;
  qrVersion: number | null;
  createdAt: string | null;
  /** When the card entered its owner's list: creation of a virtual card, activation of a physical one. */
  ownedAt: string | null;
  /** The office the card belongs to (issue 30). */
  officeId: string | null;
  /** The batch's last word on the card is that nobody holds it (an office card back in its pool). */
  released: boolean;
  /** This batch's entries for `card_history`. */
  readonly history: HistoryRow[];
}

interface HistoryRow {
  cardId: string;
  streamPosition: number;
  type: CardHistoryType;
  at: string;
}

function emptyRow(cardId: string): CardRow {
  return {
    cardId,
    type: null,
    color: null,
    ownerId: null,
    name: null,
    batchId: null,
    isActivated: null,
    isActive: null,
    activatedAt: null,
    qrVersion: null,
    createdAt: null,
    ownedAt: null,
    officeId: null,
    released: false,
    history: [],
  };
}

function evolve(current: CardRow | undefined, event: StoredEvent<CardEvent>): CardRow {
  const row = current ?? emptyRow(event.data.cardId);
  const record = (type: CardHistoryType, at: string) =>
    row.history.push({ cardId: row.cardId, streamPosition: event.streamPosition, type, at });
  switch (event.type) {
    case 'CardProvisioned':
      row.type = event.data.type;
      row.color = event.data.color;
      row.batchId = event.data.batchId;
      row.createdAt = event.data.provisionedAt;
      row.officeId = event.data.officeId ?? null;
      row.isActivated = false;
      row.isActive = false;
      row.qrVersion = 1;
      record('provisioned', event.data.provisionedAt);
      return row;
    case 'VirtualCardCreated':
      row.type = 'virtual';
      row.color = event.data.color;
      row.ownerId = event.data.ownerId;
      row.officeId = event.data.officeId ?? null;
      row.released = false;
      row.name = event.data.name;
      row.createdAt = event.data.createdAt;
      row.ownedAt ??= event.data.createdAt;
      row.isActivated = false;
      row.isActive = false;
      row.qrVersion = 1;
      record('created', event.data.createdAt);
      return row;
    case 'CardActivated':
      row.ownerId = event.data.ownerId;
      row.officeId = event.data.officeId ?? row.officeId;
      row.released = false;
      row.name = event.data.name;
      row.activatedAt = event.data.activatedAt;
      row.ownedAt ??= event.data.activatedAt;
      row.isActivated = true;
      row.isActive = true;
      record('activated', event.data.activatedAt);
      return row;
    case 'CardDeactivated':
      row.isActive = false;
      record('deactivated', event.data.at);
      return row;
    case 'CardReactivated':
      row.isActive = true;
      record('reactivated', event.data.at);
      return row;
    case 'CardQrRegenerated':
      row.qrVersion = Math.max(row.qrVersion ?? 1, event.data.qrVersion);
      record('qr-regenerated', event.data.at);
      return row;
    // Issue 30, the least the leads of office cards need (the office cards' own work completes it): the office's
    // pool card, who holds an office card now, and nobody once it is back in the pool.
    case 'OfficeCardCreated':
      row.type = 'virtual';
      row.color = event.data.color;
      row.createdAt = event.data.createdAt;
      row.officeId = event.data.officeId;
      row.isActivated = false;
      row.isActive = false;
      row.qrVersion = 1;
      return row;
    case 'CardAssigned':
      row.ownerId = event.data.holderId;
      row.name = event.data.cardId;
      row.officeId = event.data.officeId;
      row.activatedAt ??= event.data.at;
      row.ownedAt ??= event.data.at;
      row.isActivated = true;
      row.isActive = true;
      row.released = false;
      return row;
    case 'CardReturned':
      row.ownerId = null;
      row.name = null;
      row.officeId = event.data.officeId;
      row.isActive = false;
      row.released = true;
      return row;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** Office cards the batch put back in their pool: nobody holds them, unless a newer batch was stored already. */
async function releaseCards(rows: readonly Positioned<CardRow>[], { client, table }: ProjectionContext): Promise<void> {
  const released = rows.filter((row) => row.released);
  if (released.length === 0) return;
  await client.query(
    `UPDATE ${table('cards')} AS t SET owner_id = NULL, name = NULL
       FROM unnest($1::text[], $2::bigint[]) AS b(card_id, position)
      WHERE t.card_id = b.card_id AND t.last_stream_position = b.position`,
    [released.map((row) => row.cardId), released.map((row) => row.lastStreamPosition)],
  );
}

const upsertCards = batchedUpsert<Positioned<CardRow>>({
  table: 'cards',
  key: ['card_id'],
  columns: {
    card_id: { type: 'text', value: (row) => row.cardId },
    type: { type: 'text', value: (row) => row.type, merge: 'ifSet' },
    color: { type: 'text', value: (row) => row.color, merge: 'ifSet' },
    owner_id: { type: 'uuid', value: (row) => row.ownerId, merge: 'ifSet' },
    name: { type: 'text', value: (row) => row.name, merge: 'ifSet' },
    batch_id: { type: 'text', value: (row) => row.batchId, merge: 'ifSet' },
    is_activated: { type: 'boolean', value: (row) => row.isActivated, merge: 'ifSet' },
    is_active: { type: 'boolean', value: (row) => row.isActive, merge: 'ifSet' },
    activated_at: { type: 'timestamptz', value: (row) => row.activatedAt, merge: 'ifSet' },
    qr_version: { type: 'integer', value: (row) => row.qrVersion, merge: 'max' },
    created_at: { type: 'timestamptz', value: (row) => row.createdAt, merge: 'ifSet' },
    // The first owner's list entry stays: a later activation does not move the card in the list.
    owned_at: { type: 'timestamptz', value: (row) => row.ownedAt, merge: 'keep' },
    office_id: { type: 'uuid', value: (row) => row.officeId, merge: 'ifSet' },
  },
  position: (row) => row.lastStreamPosition,
});

// One entry per stream position: a redelivered event finds its entry there already.
const insertHistory = batchedUpsert<HistoryRow>({
  table: 'card_history',
  key: ['card_id', 'stream_position'],
  columns: {
    card_id: { type: 'text', value: (row) => row.cardId },
    stream_position: { type: 'bigint', value: (row) => row.streamPosition },
    type: { type: 'text', value: (row) => row.type, merge: 'insertOnly' },
    at: { type: 'timestamptz', value: (row) => row.at, merge: 'insertOnly' },
  },
});

/** Removes the cards and their history, and remembers them: delivered again, their events must not bring them back. */
async function eraseCards(cardIds: readonly string[], { client, table }: ProjectionContext): Promise<void> {
  if (cardIds.length === 0) return;
  await client.query(`DELETE FROM ${table('cards')} WHERE card_id = ANY($1::text[])`, [cardIds]);
  await client.query(`DELETE FROM ${table('card_history')} WHERE card_id = ANY($1::text[])`, [cardIds]);
  await client.query(
    `INSERT INTO ${table('card_erasures')} (card_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
    [cardIds],
  );
}

export const cardsProjection: Projection<CardEvent> = {
  name: 'cards',
  // 2: a deleted account's cards and their history go (the core's erasure, decision 29).
  // 3: the office a card belongs to, and who holds an office card now (issue 30).
  version: 3,
  tables: {
    cards: (table) => `CREATE TABLE ${table} (
        card_id text PRIMARY KEY,
        type text,
        color text,
        owner_id uuid,
        name text,
        batch_id text,
        is_activated boolean,
        is_active boolean,
        activated_at timestamptz,
        qr_version integer,
        created_at timestamptz,
        owned_at timestamptz,
        office_id uuid,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, owned_at DESC)`,
    card_history: (table) => `CREATE TABLE ${table} (
        card_id text NOT NULL,
        stream_position bigint NOT NULL,
        type text NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (card_id, stream_position)
      )`,
    // The cards of deleted accounts: a physical card's CardProvisioned names no owner, so the core's erasure cannot
    // tell it is theirs; delivered again, it must not bring the card back.
    card_erasures: (table) => `CREATE TABLE ${table} (card_id text PRIMARY KEY)`,
  },
  handles: [
    'CardProvisioned',
    'VirtualCardCreated',
    'CardActivated',
    'CardDeactivated',
    'CardReactivated',
    'CardQrRegenerated',
    'OfficeCardCreated',
    'CardAssigned',
    'CardReturned',
  ],
  // A deleted owner's cards leave the read model: their pages, QR images and contact files answer as unknown cards.
  erasure: {
    ownerOf: (event) => ('ownerId' in event.data ? event.data.ownerId : null),
    async erase(ownerIds, context) {
      const cards = await context.client.query<{ card_id: string }>(
        `DELETE FROM ${context.table('cards')} WHERE owner_id = ANY($1::uuid[]) RETURNING card_id`,
        [ownerIds],
      );
      await eraseCards(
        cards.rows.map((row) => row.card_id),
        context,
      );
    },
    // Fed by Kafka, a deleted owner's physical card may be provisioned (no owner named) after their AccountDeleted was
    // applied: their CardActivated, kept from apply, says the card was theirs. It goes as if it had been there.
    async dropped(events, context) {
      await eraseCards([...new Set(events.map((event) => event.data.cardId))], context);
    },
  },

  async apply(batch, context) {
    const erased = await context.client.query<{ card_id: string }>(
      `SELECT card_id FROM ${context.table('card_erasures')} WHERE card_id = ANY($1::text[])`,
      [[...new Set(batch.map((event) => event.data.cardId))]],
    );
    const gone = new Set(erased.rows.map((row) => row.card_id));
    const events = gone.size === 0 ? batch : batch.filter((event) => !gone.has(event.data.cardId));
    const rows = foldByKey(events, (event) => event.data.cardId, evolve);
    await upsertCards(context, rows);
    await releaseCards(rows, context);
    await insertHistory(
      context,
      rows.flatMap((row) => row.history),
    );
  },
};
