import type { CardEvent, CardHistoryType } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';

/**
 * Cards as the owner's screens and the public card see them (`rm_cards`), and each card's status
 * history for the card details screen (`rm_card_history`). Names are display text, not personal
 * data; no owner detail beyond the owner id is kept. An office's card (issue 30) carries its `office_id`; the office
 * gives it to a member and takes it back (`handed_at`), and a card taken back is held by nobody, nameless and not active.
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
  officeId: string | null;
  /**
   * Set when this batch's events handed the card over (an office gave it to a member or took it back): then owner,
   * name and owned_at are the batch's own, nulls included, instead of filling in what the stored row has.
   */
  handedAt: string | null;
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
    handedAt: null,
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
      row.isActivated = false;
      row.isActive = false;
      row.qrVersion = 1;
      row.officeId = event.data.officeId ?? null;
      record('provisioned', event.data.provisionedAt);
      return row;
    case 'VirtualCardCreated':
      row.type = 'virtual';
      row.color = event.data.color;
      row.ownerId = event.data.ownerId;
      row.name = event.data.name;
      row.createdAt = event.data.createdAt;
      row.ownedAt ??= event.data.createdAt;
      row.isActivated = false;
      row.isActive = false;
      row.qrVersion = 1;
      row.officeId = event.data.officeId ?? null;
      record('created', event.data.createdAt);
      return row;
    case 'OfficeCardCreated':
      row.type = 'virtual';
      row.color = event.data.color;
      row.officeId = event.data.officeId;
      row.createdAt = event.data.createdAt;
      row.isActivated = false;
      row.isActive = false;
      row.qrVersion = 1;
      record('created', event.data.createdAt);
      return row;
    case 'CardActivated':
      row.ownerId = event.data.ownerId;
      row.name = event.data.name;
      row.activatedAt = event.data.activatedAt;
      row.ownedAt ??= event.data.activatedAt;
      row.isActivated = true;
      row.isActive = true;
      row.officeId = event.data.officeId ?? row.officeId;
      record('activated', event.data.activatedAt);
      return row;
    case 'CardAssigned':
      // Its holder's card from now on, under its id (the decider's evolve says the same).
      row.ownerId = event.data.holderId;
      row.name = event.data.cardId;
      row.activatedAt = event.data.at;
      row.ownedAt = event.data.at;
      row.isActivated = true;
      row.isActive = true;
      row.officeId = event.data.officeId;
      row.handedAt = event.data.at;
      record('assigned', event.data.at);
      return row;
    case 'CardReturned':
      // Back in the pool: nobody's, off, and activated again by the next holder.
      row.ownerId = null;
      row.name = null;
      row.ownedAt = null;
      row.isActivated = false;
      row.isActive = false;
      row.officeId = event.data.officeId;
      row.handedAt = event.data.at;
      record('returned', event.data.at);
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
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const upsertCards = batchedUpsert<Positioned<CardRow>>({
  table: 'cards',
  key: ['card_id'],
  columns: {
    card_id: { type: 'text', value: (row) => row.cardId },
    type: { type: 'text', value: (row) => row.type, merge: 'ifSet' },
    color: { type: 'text', value: (row) => row.color, merge: 'ifSet' },
    // Handed over in this batch: the batch's holder (null: back in the pool); otherwise as before ('ifSet').
    owner_id: {
      type: 'uuid',
      value: (row) => row.ownerId,
      sql: (batch, stored) =>
        `CASE WHEN ${batch}.handed_at IS NULL THEN COALESCE(${batch}.owner_id, ${stored}.owner_id) ELSE ${batch}.owner_id END`,
    },
    name: {
      type: 'text',
      value: (row) => row.name,
      sql: (batch, stored) =>
        `CASE WHEN ${batch}.handed_at IS NULL THEN COALESCE(${batch}.name, ${stored}.name) ELSE ${batch}.name END`,
    },
    batch_id: { type: 'text', value: (row) => row.batchId, merge: 'ifSet' },
    is_activated: { type: 'boolean', value: (row) => row.isActivated, merge: 'ifSet' },
    is_active: { type: 'boolean', value: (row) => row.isActive, merge: 'ifSet' },
    activated_at: { type: 'timestamptz', value: (row) => row.activatedAt, merge: 'ifSet' },
    qr_version: { type: 'integer', value: (row) => row.qrVersion, merge: 'max' },
    created_at: { type: 'timestamptz', value: (row) => row.createdAt, merge: 'ifSet' },
    // The first owner's list entry stays: a later activation does not move the card in the list. A card the office
    // handed over enters the new holder's list then (or no list, back in the pool).
    owned_at: {
      type: 'timestamptz',
      value: (row) => row.ownedAt,
      sql: (batch, stored) =>
        `CASE WHEN ${batch}.handed_at IS NULL THEN COALESCE(${stored}.owned_at, ${batch}.owned_at) ELSE ${batch}.owned_at END`,
    },
    office_id: { type: 'uuid', value: (row) => row.officeId, merge: 'ifSet' },
    handed_at: { type: 'timestamptz', value: (row) => row.handedAt, merge: 'ifSet' },
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
  // 3: an office's cards (issue 30): office_id, handed_at, assigned and returned cards.
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
        handed_at timestamptz,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, owned_at DESC);
      CREATE INDEX ${table}_office ON ${table} (office_id) WHERE office_id IS NOT NULL`,
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
  // An office's cards are the office's, not the holder's: they stay (the account's deletion returned them first).
  erasure: {
    ownerOf: (event) => ('ownerId' in event.data ? event.data.ownerId : null),
    async erase(ownerIds, context) {
      const cards = await context.client.query<{ card_id: string }>(
        `DELETE FROM ${context.table('cards')} WHERE owner_id = ANY($1::uuid[]) AND office_id IS NULL RETURNING card_id`,
        [ownerIds],
      );
      await eraseCards(
        cards.rows.map((row) => row.card_id),
        context,
      );
    },
    // Fed by Kafka, a deleted owner's physical card may be provisioned (no owner named) after their AccountDeleted was
    // applied: their CardActivated, kept from apply, says the card was theirs. It goes as if it had been there, unless
    // it is an office's (its event or its row says so).
    async dropped(events, context) {
      const officeCards = new Set(
        events.filter((event) => 'officeId' in event.data && event.data.officeId).map((event) => event.data.cardId),
      );
      const candidates = [...new Set(events.map((event) => event.data.cardId))].filter((id) => !officeCards.has(id));
      if (candidates.length === 0) return;
      const stored = await context.client.query<{ card_id: string }>(
        `SELECT card_id FROM ${context.table('cards')} WHERE card_id = ANY($1::text[]) AND office_id IS NOT NULL`,
        [candidates],
      );
      const storedOffice = new Set(stored.rows.map((row) => row.card_id));
      await eraseCards(
        candidates.filter((id) => !storedOffice.has(id)),
        context,
      );
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
    await insertHistory(
      context,
      rows.flatMap((row) => row.history),
    );
  },
};
