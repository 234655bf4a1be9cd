import { leadSearchText, type LeadEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection } from '../core/projection.ts';

/**
 * The leads each owner received (`rm_leads`), for the 'Bağlantılar' screen and its CSV export.
 * Deleting a lead deletes its row. What keeps a redelivered or replayed LeadSubmitted from bringing
 * it back is `lead_erasures`: the ids of deleted leads and nothing else (no owner, no card, no
 * personal data), consulted before a lead is written.
 */
interface LeadRow {
  readonly leadId: string;
  readonly ownerId: string;
  readonly cardId: string;
  readonly fullName: string;
  readonly phone: string;
  readonly email: string;
  readonly message: string;
  readonly searchText: string;
  readonly marketingConsent: boolean;
  readonly noticeVersion: string;
  readonly submittedAt: string;
  readonly lastStreamPosition: number;
}

/** A forgotten lead's personal fields arrive as '' (or anything but text): never fail on them. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A batch in memory: the leads to write, and the ids of those deleted (in this batch or before). */
interface BatchState {
  readonly rows: Map<string, LeadRow>;
  readonly erased: Set<string>;
}

function reduce(state: BatchState, event: StoredEvent<LeadEvent>): void {
  const leadId = event.data.leadId;
  switch (event.type) {
    case 'LeadSubmitted': {
      if (state.erased.has(leadId)) return;
      const fields = {
        fullName: textOf(event.data.fullName),
        phone: textOf(event.data.phone),
        email: textOf(event.data.email),
        message: textOf(event.data.message),
      };
      state.rows.set(leadId, {
        leadId,
        ownerId: event.data.ownerId,
        cardId: event.data.cardId,
        ...fields,
        searchText: leadSearchText(fields),
        marketingConsent: event.data.marketingConsent,
        noticeVersion: event.data.noticeVersion,
        submittedAt: event.data.submittedAt,
        lastStreamPosition: event.streamPosition,
      });
      return;
    }
    case 'LeadDeleted':
      state.rows.delete(leadId);
      state.erased.add(leadId);
      return;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const leadsProjection: Projection = {
  name: 'leads',
  // 2: a deleted lead loses its row (version 1 kept it, blanked, as a tombstone).
  version: 2,
  tables: {
    leads: (table) => `CREATE TABLE ${table} (
        lead_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        full_name text NOT NULL,
        phone text NOT NULL,
        email text NOT NULL,
        message text NOT NULL,
        search_text text NOT NULL,
        marketing_consent boolean NOT NULL,
        notice_version text NOT NULL,
        submitted_at timestamptz NOT NULL,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, submitted_at DESC)`,
    lead_erasures: (table) => `CREATE TABLE ${table} (lead_id uuid PRIMARY KEY)`,
  },
  handles: ['LeadSubmitted', 'LeadDeleted'],

  async apply(events, { client, table }) {
    const state: BatchState = { rows: new Map(), erased: new Set() };
    for (const event of events) reduce(state, event as StoredEvent<LeadEvent>);
    const erased = [...state.erased];
    if (erased.length > 0) {
      await client.query(`INSERT INTO ${table('lead_erasures')} (lead_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, [erased]);
      await client.query(`DELETE FROM ${table('leads')} WHERE lead_id = ANY($1::uuid[])`, [erased]);
    }
    const rows = [...state.rows.values()];
    if (rows.length === 0) return;
    await client.query(
      `INSERT INTO ${table('leads')} AS t
         (lead_id, owner_id, card_id, full_name, phone, email, message, search_text, marketing_consent,
          notice_version, submitted_at, last_stream_position)
       SELECT u.* FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::text[], $9::boolean[], $10::text[], $11::timestamptz[], $12::bigint[])
              AS u(lead_id, owner_id, card_id, full_name, phone, email, message, search_text, marketing_consent,
                   notice_version, submitted_at, last_stream_position)
        WHERE NOT EXISTS (SELECT 1 FROM ${table('lead_erasures')} e WHERE e.lead_id = u.lead_id)
       ON CONFLICT (lead_id) DO UPDATE SET
         owner_id = EXCLUDED.owner_id,
         card_id = EXCLUDED.card_id,
         full_name = EXCLUDED.full_name,
         phone = EXCLUDED.phone,
         email = EXCLUDED.email,
         message = EXCLUDED.message,
         search_text = EXCLUDED.search_text,
         marketing_consent = EXCLUDED.marketing_consent,
         notice_version = EXCLUDED.notice_version,
         submitted_at = EXCLUDED.submitted_at,
         last_stream_position = EXCLUDED.last_stream_position
       WHERE t.last_stream_position < EXCLUDED.last_stream_position`,
      [
        rows.map((row) => row.leadId),
        rows.map((row) => row.ownerId),
        rows.map((row) => row.cardId),
        rows.map((row) => row.fullName),
        rows.map((row) => row.phone),
        rows.map((row) => row.email),
        rows.map((row) => row.message),
        rows.map((row) => row.searchText),
        rows.map((row) => row.marketingConsent),
        rows.map((row) => row.noticeVersion),
        rows.map((row) => row.submittedAt),
        rows.map((row) => row.lastStreamPosition),
      ],
    );
  },
};
