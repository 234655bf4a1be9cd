import {
  registrationProductId,
  type LeadDeleted,
  type RemsFailureReason,
  type RemsRegistrationEvent,
} from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { REMS_REGISTRATIONS_PROJECTION, type RemsRegistrationStatus } from '@kartvizit/infra/read-models/contract';
import { batchedUpsert } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';

/**
 * The visitors' REMS registrations of each owner (issue 14, `rm_rems_registrations`): behind
 * `GET /api/rems/stats` (the successful and failed counters, 'Son Kayıtlar'), the REMS status of a lead in
 * 'Bağlantılar', and the owner's KVKK copy. One row per registration; the last outcome wins (delivered, failed with
 * its reason and REMS's words, or sent again and pending).
 *
 * The visitor's name and phone are sealed under the registration's own key, which is also its lead's: deleting the
 * lead forgets them. So a LeadDeleted of a registration deletes its row and remembers the id in
 * `rems_registration_erasures` (nothing else), and a registration read back forgotten writes no row: a replay after
 * the deletion never shows the visitor again. An owner's account deletion goes through the core's erasure (decision 29).
 */
type Event = RemsRegistrationEvent | LeadDeleted;

interface RegistrationRow {
  readonly registrationId: string;
  readonly ownerId: string;
  readonly cardId: string;
  readonly customerName: string;
  readonly customerPhone: string;
  readonly customerType: string;
  /** The listing the visitor came from (issue 33); null from the card itself, and for registrations before it. */
  readonly productId: string | null;
}

/** What an outcome (or a retry) says of the registration's state. */
interface Outcome {
  readonly status: RemsRegistrationStatus;
  readonly reason: RemsFailureReason | null;
  readonly message: string | null;
  readonly at: string;
}

/** A registration in this batch: the row its request writes (if the request is in the batch), its latest outcome. */
interface RegistrationState {
  readonly registrationId: string;
  readonly ownerId: string;
  readonly row: (RegistrationRow & { readonly createdAt: string }) | null;
  readonly outcome: Outcome | null;
  readonly erased: boolean;
  /** The newest position in the registration's own stream (a lead's LeadDeleted is in another stream). */
  readonly position: number;
}

/** A forgotten registration's personal fields arrive as '' (or anything but text): never fail on them. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function keyOf(event: StoredEvent<Event>): string {
  return event.type === 'LeadDeleted' ? event.data.leadId : event.data.registrationId;
}

function evolve(current: RegistrationState | undefined, event: StoredEvent<Event>): RegistrationState {
  const state: RegistrationState = current ?? {
    registrationId: keyOf(event),
    ownerId: event.data.ownerId,
    row: null,
    outcome: null,
    erased: false,
    position: -1,
  };
  if (state.erased) return state;
  const position = event.type === 'LeadDeleted' ? state.position : Math.max(state.position, event.streamPosition);
  switch (event.type) {
    case 'RemsRegistrationRequested': {
      // Its key was destroyed before this was projected (the lead, or the account, deleted): nobody to show.
      if (event.forgotten) return { ...state, row: null, outcome: null, erased: true };
      const { data } = event;
      return {
        ...state,
        position,
        row: {
          registrationId: data.registrationId,
          ownerId: data.ownerId,
          cardId: data.cardId,
          customerName: `${textOf(data.firstName)} ${textOf(data.lastName)}`.trim(),
          customerPhone: textOf(data.phoneNumber),
          customerType: data.customerType,
          productId: registrationProductId(data),
          createdAt: data.requestedAt,
        },
      };
    }
    case 'RemsCustomerDelivered':
      return {
        ...state,
        position,
        outcome: { status: 'delivered', reason: null, message: null, at: event.data.deliveredAt },
      };
    case 'RemsRegistrationFailed':
      return {
        ...state,
        position,
        outcome: { status: 'failed', reason: event.data.reason, message: event.data.message, at: event.data.failedAt },
      };
    case 'RemsRegistrationRetried':
      return {
        ...state,
        position,
        outcome: { status: 'pending', reason: null, message: null, at: event.data.retriedAt },
      };
    case 'LeadDeleted':
      return { ...state, row: null, outcome: null, erased: true };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

interface Written extends RegistrationRow {
  readonly status: RemsRegistrationStatus;
  readonly failureReason: string | null;
  readonly remsMessage: string | null;
  readonly createdAt: string;
  readonly statusChangedAt: string | null;
  readonly lastStreamPosition: number;
}

const insertErasures = batchedUpsert<string>({
  table: 'rems_registration_erasures',
  key: ['registration_id'],
  columns: { registration_id: { type: 'uuid', value: (id) => id } },
});

const upsertRegistrations = batchedUpsert<Written>({
  table: 'rems_registrations',
  key: ['registration_id'],
  columns: {
    registration_id: { type: 'uuid', value: (row) => row.registrationId },
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    card_id: { type: 'text', value: (row) => row.cardId },
    customer_name: { type: 'text', value: (row) => row.customerName },
    customer_phone: { type: 'text', value: (row) => row.customerPhone },
    customer_type: { type: 'text', value: (row) => row.customerType },
    product_id: { type: 'uuid', value: (row) => row.productId },
    status: { type: 'text', value: (row) => row.status },
    failure_reason: { type: 'text', value: (row) => row.failureReason },
    rems_message: { type: 'text', value: (row) => row.remsMessage },
    created_at: { type: 'timestamptz', value: (row) => row.createdAt },
    status_changed_at: { type: 'timestamptz', value: (row) => row.statusChangedAt },
  },
  position: (row) => row.lastStreamPosition,
  // A registration whose lead was deleted in an earlier batch stays gone when its request comes again.
  where: (batch, table) =>
    `NOT EXISTS (SELECT 1 FROM ${table('rems_registration_erasures')} e WHERE e.registration_id = ${batch}.registration_id)`,
});

/** Outcomes of registrations requested in an earlier batch: one multi-row UPDATE, only by a newer stream position. */
async function updateOutcomes(context: ProjectionContext, states: readonly RegistrationState[]): Promise<void> {
  if (states.length === 0) return;
  await context.client.query(
    `UPDATE ${context.table('rems_registrations')} AS t
        SET status = b.status, failure_reason = b.failure_reason, rems_message = b.rems_message,
            status_changed_at = b.status_changed_at, last_stream_position = b.position
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::bigint[])
            AS b(registration_id, status, failure_reason, rems_message, status_changed_at, position)
      WHERE t.registration_id = b.registration_id AND t.last_stream_position < b.position`,
    [
      states.map((state) => state.registrationId),
      states.map((state) => state.outcome?.status),
      states.map((state) => state.outcome?.reason ?? null),
      states.map((state) => state.outcome?.message ?? null),
      states.map((state) => state.outcome?.at),
      states.map((state) => state.position),
    ],
  );
}

export const remsRegistrationsProjection: Projection<Event> = {
  name: REMS_REGISTRATIONS_PROJECTION,
  // 2: product_id, the listing a registration came from (issue 33).
  version: 2,
  tables: {
    rems_registrations: (table) => `CREATE TABLE ${table} (
        registration_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        customer_name text NOT NULL,
        customer_phone text NOT NULL,
        customer_type text NOT NULL,
        product_id uuid,
        status text NOT NULL,
        failure_reason text,
        rems_message text,
        created_at timestamptz NOT NULL,
        status_changed_at timestamptz,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, created_at DESC)`,
    rems_registration_erasures: (table) => `CREATE TABLE ${table} (registration_id uuid PRIMARY KEY)`,
  },
  handles: [
    'RemsRegistrationRequested',
    'RemsCustomerDelivered',
    'RemsRegistrationFailed',
    'RemsRegistrationRetried',
    'LeadDeleted',
  ],
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('rems_registrations')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    const states = new Map<string, RegistrationState>();
    for (const event of events) states.set(keyOf(event), evolve(states.get(keyOf(event)), event));
    const all = [...states.values()];

    const erased = all.filter((state) => state.erased).map((state) => state.registrationId);
    if (erased.length > 0) {
      await insertErasures(context, erased);
      await context.client.query(
        `DELETE FROM ${context.table('rems_registrations')} WHERE registration_id = ANY($1::uuid[])`,
        [erased],
      );
    }
    await upsertRegistrations(
      context,
      all.flatMap((state): Written[] => {
        if (!state.row) return [];
        const { createdAt, ...row } = state.row;
        return [
          {
            ...row,
            status: state.outcome?.status ?? 'pending',
            failureReason: state.outcome?.reason ?? null,
            remsMessage: state.outcome?.message ?? null,
            createdAt,
            statusChangedAt: state.outcome?.at ?? null,
            lastStreamPosition: state.position,
          },
        ];
      }),
    );
    // A lead deleted that was no registration matches no row: harmless.
    await updateOutcomes(
      context,
      all.filter((state) => !state.row && !state.erased && state.outcome !== null),
    );
    return { touched: [...new Set(all.map((state) => state.ownerId))] };
  },
};
