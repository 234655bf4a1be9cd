import { leadSearchText, type LeadEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection } from '../core/projection.ts';

/**
 * The leads each owner received (`rm_leads`), for the 'Bağlantılar' screen and its CSV export.
 * A deleted lead stays as a tombstone with its personal columns wiped: the position guard then
 * keeps a redelivered LeadSubmitted from bringing the visitor's data back.
 */
interface LeadRow {
  leadId: string;
  // null: "this batch did not change it" (COALESCE keeps what an earlier batch wrote).
  ownerId: string | null;
  cardId: string | null;
  fullName: string | null;
  phone: string | null;
  email: string | null;
  message: string | null;
  searchText: string | null;
  marketingConsent: boolean | null;
  noticeVersion: string | null;
  submittedAt: string | null;
  forgotten: boolean | null;
  deleted: boolean | null;
  deletedAt: string | null;
  lastStreamPosition: number;
}

function emptyRow(leadId: string): LeadRow {
  return {
    leadId,
    ownerId: null,
    cardId: null,
    fullName: null,
    phone: null,
    email: null,
    message: null,
    searchText: null,
    marketingConsent: null,
    noticeVersion: null,
    submittedAt: null,
    forgotten: null,
    deleted: null,
    deletedAt: null,
    lastStreamPosition: -1,
  };
}

/** A forgotten lead's personal fields arrive as '' (or anything but text): never fail on them. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function reduce(rows: Map<string, LeadRow>, event: StoredEvent<LeadEvent>): void {
  const leadId = event.data.leadId;
  const row = rows.get(leadId) ?? emptyRow(leadId);
  switch (event.type) {
    case 'LeadSubmitted': {
      const fields = {
        fullName: textOf(event.data.fullName),
        phone: textOf(event.data.phone),
        email: textOf(event.data.email),
        message: textOf(event.data.message),
      };
      Object.assign(row, fields);
      row.searchText = leadSearchText(fields);
      row.ownerId = event.data.ownerId;
      row.cardId = event.data.cardId;
      row.marketingConsent = event.data.marketingConsent;
      row.noticeVersion = event.data.noticeVersion;
      row.submittedAt = event.data.submittedAt;
      row.forgotten = event.forgotten;
      row.deleted = false;
      break;
    }
    case 'LeadDeleted':
      Object.assign(row, { fullName: '', phone: '', email: '', message: '', searchText: '' });
      row.ownerId = event.data.ownerId;
      row.deleted = true;
      row.deletedAt = event.data.deletedAt;
      break;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
  row.lastStreamPosition = Math.max(row.lastStreamPosition, event.streamPosition);
  rows.set(leadId, row);
}

export const leadsProjection: Projection = {
  name: 'leads',
  version: 1,
  tables: {
    leads: (table) => `CREATE TABLE ${table} (
        lead_id uuid PRIMARY KEY,
        owner_id uuid,
        card_id text,
        full_name text,
        phone text,
        email text,
        message text,
        search_text text,
        marketing_consent boolean,
        notice_version text,
        submitted_at timestamptz,
        forgotten boolean,
        deleted boolean,
        deleted_at timestamptz,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, submitted_at DESC) WHERE NOT deleted`,
  },
  handles: ['LeadSubmitted', 'LeadDeleted'],

  async apply(events, { client, table }) {
    const rows = new Map<string, LeadRow>();
    for (const event of events) reduce(rows, event as StoredEvent<LeadEvent>);
    const list = [...rows.values()];
    await client.query(
      `INSERT INTO ${table('leads')} AS t
         (lead_id, owner_id, card_id, full_name, phone, email, message, search_text, marketing_consent,
          notice_version, submitted_at, forgotten, deleted, deleted_at, last_stream_position)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::text[], $9::boolean[], $10::text[], $11::timestamptz[], $12::boolean[],
                            $13::boolean[], $14::timestamptz[], $15::bigint[])
       ON CONFLICT (lead_id) DO UPDATE SET
         owner_id = COALESCE(EXCLUDED.owner_id, t.owner_id),
         card_id = COALESCE(EXCLUDED.card_id, t.card_id),
         full_name = COALESCE(EXCLUDED.full_name, t.full_name),
         phone = COALESCE(EXCLUDED.phone, t.phone),
         email = COALESCE(EXCLUDED.email, t.email),
         message = COALESCE(EXCLUDED.message, t.message),
         search_text = COALESCE(EXCLUDED.search_text, t.search_text),
         marketing_consent = COALESCE(EXCLUDED.marketing_consent, t.marketing_consent),
         notice_version = COALESCE(EXCLUDED.notice_version, t.notice_version),
         submitted_at = COALESCE(EXCLUDED.submitted_at, t.submitted_at),
         forgotten = COALESCE(EXCLUDED.forgotten, t.forgotten),
         deleted = COALESCE(EXCLUDED.deleted, t.deleted),
         deleted_at = COALESCE(EXCLUDED.deleted_at, t.deleted_at),
         last_stream_position = EXCLUDED.last_stream_position
       WHERE t.last_stream_position < EXCLUDED.last_stream_position`,
      [
        list.map((row) => row.leadId),
        list.map((row) => row.ownerId),
        list.map((row) => row.cardId),
        list.map((row) => row.fullName),
        list.map((row) => row.phone),
        list.map((row) => row.email),
        list.map((row) => row.message),
        list.map((row) => row.searchText),
        list.map((row) => row.marketingConsent),
        list.map((row) => row.noticeVersion),
        list.map((row) => row.submittedAt),
        list.map((row) => row.forgotten),
        list.map((row) => row.deleted),
        list.map((row) => row.deletedAt),
        list.map((row) => row.lastStreamPosition),
      ],
    );
  },
};
