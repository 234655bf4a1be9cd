import { leadSearchText, type LeadEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '../core/batched-upsert.ts';
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
}

/** A forgotten lead's personal fields arrive as '' (or anything but text): never fail on them. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A lead in this batch: the row to write, or, once deleted (in this batch or before), none. */
interface LeadState {
  readonly leadId: string;
  readonly lead: LeadRow | null;
  readonly erased: boolean;
}

function evolve(current: LeadState | undefined, event: StoredEvent<LeadEvent>): LeadState {
  const state = current ?? { leadId: event.data.leadId, lead: null, erased: false };
  switch (event.type) {
    case 'LeadSubmitted': {
      if (state.erased) return state;
      const fields = {
        fullName: textOf(event.data.fullName),
        phone: textOf(event.data.phone),
        email: textOf(event.data.email),
        message: textOf(event.data.message),
      };
      const lead: LeadRow = {
        leadId: state.leadId,
        ownerId: event.data.ownerId,
        cardId: event.data.cardId,
        ...fields,
        searchText: leadSearchText(fields),
        marketingConsent: event.data.marketingConsent,
        noticeVersion: event.data.noticeVersion,
        submittedAt: event.data.submittedAt,
      };
      return { ...state, lead };
    }
    case 'LeadDeleted':
      return { leadId: state.leadId, lead: null, erased: true };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const insertErasures = batchedUpsert<string>({
  table: 'lead_erasures',
  key: ['lead_id'],
  columns: { lead_id: { type: 'uuid', value: (leadId) => leadId } },
});

const upsertLeads = batchedUpsert<Positioned<LeadRow>>({
  table: 'leads',
  key: ['lead_id'],
  columns: {
    lead_id: { type: 'uuid', value: (row) => row.leadId },
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    card_id: { type: 'text', value: (row) => row.cardId },
    full_name: { type: 'text', value: (row) => row.fullName },
    phone: { type: 'text', value: (row) => row.phone },
    email: { type: 'text', value: (row) => row.email },
    message: { type: 'text', value: (row) => row.message },
    search_text: { type: 'text', value: (row) => row.searchText },
    marketing_consent: { type: 'boolean', value: (row) => row.marketingConsent },
    notice_version: { type: 'text', value: (row) => row.noticeVersion },
    submitted_at: { type: 'timestamptz', value: (row) => row.submittedAt },
  },
  position: (row) => row.lastStreamPosition,
  // A lead deleted in an earlier batch stays deleted when its LeadSubmitted comes again.
  where: (batch, table) => `NOT EXISTS (SELECT 1 FROM ${table('lead_erasures')} e WHERE e.lead_id = ${batch}.lead_id)`,
});

export const leadsProjection: Projection<LeadEvent> = {
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

  async apply(events, context) {
    const leads = foldByKey(events, (event) => event.data.leadId, evolve);
    const erased = leads.filter((state) => state.erased).map((state) => state.leadId);
    if (erased.length > 0) {
      await insertErasures(context, erased);
      await context.client.query(`DELETE FROM ${context.table('leads')} WHERE lead_id = ANY($1::uuid[])`, [erased]);
    }
    await upsertLeads(
      context,
      leads.flatMap((state) => (state.lead ? [{ ...state.lead, lastStreamPosition: state.lastStreamPosition }] : [])),
    );
  },
};
