import type { CardEvent, CardHistoryType } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection } from '../core/projection.ts';

/**
 * Cards as the owner's screens and the public card see them (`rm_cards`), and each card's status
 * history for the card details screen (`rm_card_history`). Names are display text, not personal
 * data; no owner detail beyond the owner id is kept.
 */
interface CardRow {
  cardId: string;
  // null: "this batch did not change it" (COALESCE keeps what an earlier batch wrote).
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
  lastStreamPosition: number;
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
    lastStreamPosition: -1,
  };
}

function reduce(rows: Map<string, CardRow>, history: HistoryRow[], event: StoredEvent<CardEvent>): void {
  const cardId = event.data.cardId;
  const row = rows.get(cardId) ?? emptyRow(cardId);
  const record = (type: CardHistoryType, at: string) => history.push({ cardId, streamPosition: event.streamPosition, type, at });
  switch (event.type) {
    case 'CardProvisioned':
      row.type = event.data.type;
      row.color = event.data.color;
      row.batchId = event.data.batchId;
      row.createdAt = event.data.provisionedAt;
      row.isActivated = false;
      row.isActive = false;
      row.qrVersion = 1;
      record('provisioned', event.data.provisionedAt);
      break;
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
      record('created', event.data.createdAt);
      break;
    case 'CardActivated':
      row.ownerId = event.data.ownerId;
      row.name = event.data.name;
      row.activatedAt = event.data.activatedAt;
      row.ownedAt ??= event.data.activatedAt;
      row.isActivated = true;
      row.isActive = true;
      record('activated', event.data.activatedAt);
      break;
    case 'CardDeactivated':
      row.isActive = false;
      record('deactivated', event.data.at);
      break;
    case 'CardReactivated':
      row.isActive = true;
      record('reactivated', event.data.at);
      break;
    case 'CardQrRegenerated':
      row.qrVersion = Math.max(row.qrVersion ?? 1, event.data.qrVersion);
      record('qr-regenerated', event.data.at);
      break;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
  row.lastStreamPosition = Math.max(row.lastStreamPosition, event.streamPosition);
  rows.set(cardId, row);
}

export const cardsProjection: Projection = {
  name: 'cards',
  version: 1,
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
  },
  handles: ['CardProvisioned', 'VirtualCardCreated', 'CardActivated', 'CardDeactivated', 'CardReactivated', 'CardQrRegenerated'],

  async apply(events, { client, table }) {
    const rows = new Map<string, CardRow>();
    const history: HistoryRow[] = [];
    for (const event of events) reduce(rows, history, event as StoredEvent<CardEvent>);
    const list = [...rows.values()];
    // One statement per table and batch. COALESCE keeps what an earlier batch wrote when this one
    // only carries later events; the position guard makes a redelivered batch a no-op.
    await client.query(
      `INSERT INTO ${table('cards')} AS t
         (card_id, type, color, owner_id, name, batch_id, is_activated, is_active, activated_at, qr_version,
          created_at, owned_at, last_stream_position)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::boolean[],
                            $8::boolean[], $9::timestamptz[], $10::integer[], $11::timestamptz[], $12::timestamptz[],
                            $13::bigint[])
       ON CONFLICT (card_id) DO UPDATE SET
         type = COALESCE(EXCLUDED.type, t.type),
         color = COALESCE(EXCLUDED.color, t.color),
         owner_id = COALESCE(EXCLUDED.owner_id, t.owner_id),
         name = COALESCE(EXCLUDED.name, t.name),
         batch_id = COALESCE(EXCLUDED.batch_id, t.batch_id),
         is_activated = COALESCE(EXCLUDED.is_activated, t.is_activated),
         is_active = COALESCE(EXCLUDED.is_active, t.is_active),
         activated_at = COALESCE(EXCLUDED.activated_at, t.activated_at),
         qr_version = GREATEST(EXCLUDED.qr_version, t.qr_version),
         created_at = COALESCE(EXCLUDED.created_at, t.created_at),
         owned_at = COALESCE(t.owned_at, EXCLUDED.owned_at),
         last_stream_position = EXCLUDED.last_stream_position
       WHERE t.last_stream_position < EXCLUDED.last_stream_position`,
      [
        list.map((row) => row.cardId),
        list.map((row) => row.type),
        list.map((row) => row.color),
        list.map((row) => row.ownerId),
        list.map((row) => row.name),
        list.map((row) => row.batchId),
        list.map((row) => row.isActivated),
        list.map((row) => row.isActive),
        list.map((row) => row.activatedAt),
        list.map((row) => row.qrVersion),
        list.map((row) => row.createdAt),
        list.map((row) => row.ownedAt),
        list.map((row) => row.lastStreamPosition),
      ],
    );
    if (history.length === 0) return;
    await client.query(
      `INSERT INTO ${table('card_history')} (card_id, stream_position, type, at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[])
       ON CONFLICT (card_id, stream_position) DO NOTHING`,
      [
        history.map((row) => row.cardId),
        history.map((row) => row.streamPosition),
        history.map((row) => row.type),
        history.map((row) => row.at),
      ],
    );
  },
};
