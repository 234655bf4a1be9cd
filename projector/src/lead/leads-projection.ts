import { leadSearchText, type LeadEvent, type LeadStatus, type OfficeDeleted } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * The leads each owner received (`rm_leads`), for the 'Bağlantılar' screen and its CSV export.
 * Deleting a lead deletes its row. What keeps a redelivered or replayed LeadSubmitted from bringing
 * it back is `lead_erasures`: the ids of deleted leads and nothing else (no owner, no card, no
 * personal data), consulted before a lead is written. A deleted office (issue 30) takes every lead left on its cards
 * with it; `lead_deleted_offices` (the office ids, nothing else) keeps a lead of it that the log brings later (fed by
 * Kafka, a lead's stream is not ordered with the office's) from being written.
 */
type LeadsProjectionEvent = LeadEvent | OfficeDeleted;

interface LeadRow {
  readonly leadId: string;
  readonly ownerId: string;
  readonly cardId: string;
  /** The office holding the lead (left on its card, issue 30), or null: the owner's own. */
  readonly officeId: string | null;
  readonly fullName: string;
  readonly phone: string;
  readonly email: string;
  readonly message: string;
  readonly searchText: string;
  readonly marketingConsent: boolean;
  readonly noticeVersion: string;
  readonly submittedAt: string;
  readonly status: LeadStatus;
  readonly statusChangedAt: string | null;
  readonly note: string;
}

/** The owner's follow-up of a lead written in an earlier batch: only what changed in this one. */
interface FollowUp {
  readonly status: LeadStatus | null;
  readonly statusChangedAt: string | null;
  readonly note: string | null;
}

const NO_FOLLOW_UP: FollowUp = { status: null, statusChangedAt: null, note: null };

/** A forgotten lead's personal fields arrive as '' (or anything but text): never fail on them. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * A lead in this batch: the row to write, or, once deleted (in this batch or before), none. Status
 * and note changes of a lead submitted in an earlier batch travel as `followUp`, to update its row.
 */
interface LeadState {
  readonly leadId: string;
  readonly lead: LeadRow | null;
  readonly followUp: FollowUp;
  readonly erased: boolean;
}

function followUpOf(state: LeadState, change: Partial<FollowUp>): LeadState {
  if (state.erased) return state;
  if (state.lead) {
    const lead = state.lead;
    return {
      ...state,
      lead: {
        ...lead,
        status: change.status ?? lead.status,
        statusChangedAt: change.statusChangedAt ?? lead.statusChangedAt,
        note: change.note ?? lead.note,
      },
    };
  }
  return { ...state, followUp: { ...state.followUp, ...change } };
}

function evolve(current: LeadState | undefined, event: StoredEvent<LeadEvent>): LeadState {
  const state = current ?? { leadId: event.data.leadId, lead: null, followUp: NO_FOLLOW_UP, erased: false };
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
        officeId: event.data.officeId ?? null,
        ...fields,
        searchText: leadSearchText(fields),
        marketingConsent: event.data.marketingConsent,
        noticeVersion: event.data.noticeVersion,
        submittedAt: event.data.submittedAt,
        status: 'new',
        statusChangedAt: null,
        note: '',
      };
      // Changes met before their submission (never in order, but cheap to honour) still count.
      const { followUp } = state;
      return followUpOf(
        { ...state, lead, followUp: NO_FOLLOW_UP },
        {
          ...(followUp.status ? { status: followUp.status, statusChangedAt: followUp.statusChangedAt } : {}),
          ...(followUp.note !== null ? { note: followUp.note } : {}),
        },
      );
    }
    case 'LeadStatusChanged':
      return followUpOf(state, { status: event.data.status, statusChangedAt: event.data.changedAt });
    case 'LeadNoteChanged':
      return followUpOf(state, { note: textOf(event.data.note) });
    case 'LeadDeleted':
      return { leadId: state.leadId, lead: null, followUp: NO_FOLLOW_UP, erased: true };
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
    office_id: { type: 'uuid', value: (row) => row.officeId },
    full_name: { type: 'text', value: (row) => row.fullName },
    phone: { type: 'text', value: (row) => row.phone },
    email: { type: 'text', value: (row) => row.email },
    message: { type: 'text', value: (row) => row.message },
    search_text: { type: 'text', value: (row) => row.searchText },
    marketing_consent: { type: 'boolean', value: (row) => row.marketingConsent },
    notice_version: { type: 'text', value: (row) => row.noticeVersion },
    submitted_at: { type: 'timestamptz', value: (row) => row.submittedAt },
    status: { type: 'text', value: (row) => row.status },
    status_changed_at: { type: 'timestamptz', value: (row) => row.statusChangedAt },
    note: { type: 'text', value: (row) => row.note },
  },
  position: (row) => row.lastStreamPosition,
  // A lead deleted in an earlier batch stays deleted when its LeadSubmitted comes again.
  where: (batch, table) =>
    `NOT EXISTS (SELECT 1 FROM ${table('lead_erasures')} e WHERE e.lead_id = ${batch}.lead_id)
     AND NOT EXISTS (SELECT 1 FROM ${table('lead_deleted_offices')} d WHERE d.office_id = ${batch}.office_id)`,
});

const insertDeletedOffices = batchedUpsert<string>({
  table: 'lead_deleted_offices',
  key: ['office_id'],
  columns: { office_id: { type: 'uuid', value: (officeId) => officeId } },
});

/**
 * Status and note of leads whose rows an earlier batch wrote: one multi-row UPDATE, a stored row
 * only changed by a newer stream position (a replayed batch changes nothing), null meaning "not
 * changed in this batch". A lead without a row (deleted) is simply not matched.
 */
async function updateFollowUps(
  context: Parameters<Projection<LeadsProjectionEvent>['apply']>[1],
  states: readonly Positioned<LeadState>[],
) {
  if (states.length === 0) return;
  const table = context.table('leads');
  await context.client.query(
    `UPDATE ${table} AS t
        SET status = COALESCE(b.status, t.status),
            status_changed_at = COALESCE(b.status_changed_at, t.status_changed_at),
            note = COALESCE(b.note, t.note),
            last_stream_position = b.position
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::bigint[])
            AS b(lead_id, status, status_changed_at, note, position)
      WHERE t.lead_id = b.lead_id AND t.last_stream_position < b.position`,
    [
      states.map((state) => state.leadId),
      states.map((state) => state.followUp.status),
      states.map((state) => state.followUp.statusChangedAt),
      states.map((state) => state.followUp.note),
      states.map((state) => state.lastStreamPosition),
    ],
  );
}

export const leadsProjection: Projection<LeadsProjectionEvent> = {
  name: 'leads',
  // 2: a deleted lead loses its row (version 1 kept it, blanked, as a tombstone).
  // 3: the owner's follow-up, status and private note (docs/decisions/0027-lead-follow-up.md).
  // 4: a deleted account's leads go (the core's erasure, decision 29).
  // 5: the office holding a lead left on its card (issue 30); erasing its owner leaves it (the office's, not theirs).
  // 6: a deleted office's leads go (issue 30).
  version: 6,
  tables: {
    leads: (table) => `CREATE TABLE ${table} (
        lead_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        office_id uuid,
        full_name text NOT NULL,
        phone text NOT NULL,
        email text NOT NULL,
        message text NOT NULL,
        search_text text NOT NULL,
        marketing_consent boolean NOT NULL,
        notice_version text NOT NULL,
        submitted_at timestamptz NOT NULL,
        status text NOT NULL,
        status_changed_at timestamptz,
        note text NOT NULL,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, submitted_at DESC);
      CREATE INDEX ${table}_office ON ${table} (office_id, card_id, submitted_at DESC) WHERE office_id IS NOT NULL`,
    lead_erasures: (table) => `CREATE TABLE ${table} (lead_id uuid PRIMARY KEY)`,
    lead_deleted_offices: (table) => `CREATE TABLE ${table} (office_id uuid PRIMARY KEY)`,
  },
  handles: ['LeadSubmitted', 'LeadDeleted', 'LeadStatusChanged', 'LeadNoteChanged', 'OfficeDeleted'],
  // An office's lead is the office's (KVKK: its data controller), not its holder's: erasing a member who held the card
  // leaves it, and its follow-ups, which name the office too, are never dropped as theirs.
  erasure: {
    ownerOf: (event) => (event.type === 'OfficeDeleted' || event.data.officeId ? null : event.data.ownerId),
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('leads')} WHERE owner_id = ANY($1::uuid[]) AND office_id IS NULL`, [
        ownerIds,
      ]);
    },
  },

  async apply(batch, context) {
    const deletedOffices = batch.flatMap((event) => (event.type === 'OfficeDeleted' ? [event.data.officeId] : []));
    if (deletedOffices.length > 0) {
      await insertDeletedOffices(context, deletedOffices);
      await context.client.query(`DELETE FROM ${context.table('leads')} WHERE office_id = ANY($1::uuid[])`, [
        deletedOffices,
      ]);
    }
    const events = batch.filter((event): event is StoredEvent<LeadEvent> => event.type !== 'OfficeDeleted');
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
    await updateFollowUps(
      context,
      leads.filter((state) => !state.lead && !state.erased && state.followUp !== NO_FOLLOW_UP),
    );
    // Whose leads changed (their holders'): an office's team statistics count the leads of its members' cards. A
    // deleted office's leads are nobody's to watch any more.
    return { touched: [...new Set(events.map((event) => event.data.ownerId))] };
  },
};
