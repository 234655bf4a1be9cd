import type { MeetingEvent } from '@kartvizit/schemas';
import { MEETINGS_PROJECTION } from '@kartvizit/infra/read-models/contract';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * The owner's meetings (issue 15, `rm_meetings`): 'Toplantılar' (`GET /api/meetings`, newest first) and the owner's
 * KVKK copy. One row per meeting, written once (a meeting's stream holds one event). The attendees arrive decrypted;
 * an owner whose key is gone reads them as '' and gets none. An account deletion goes through the core's erasure
 * (decision 29): the owner's rows are deleted and nothing of theirs is written again on a replay.
 */
interface MeetingRow {
  readonly meetingId: string;
  readonly ownerId: string;
  readonly provider: string;
  readonly title: string;
  readonly startTime: string | null;
  readonly endTime: string | null;
  readonly link: string | null;
  readonly externalId: string | null;
  readonly attendees: readonly string[];
  readonly scheduledAt: string;
  readonly lastStreamPosition: number;
}

/** A forgotten owner's sealed list reads as '' (or anything but a list of text): never fail on it. */
function attendeesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function rowOf(event: StoredEvent<MeetingEvent>): MeetingRow {
  const { data } = event;
  return {
    meetingId: data.meetingId,
    ownerId: data.ownerId,
    provider: data.provider,
    title: data.title,
    startTime: data.startTime,
    endTime: data.endTime,
    link: data.link,
    externalId: data.externalId,
    attendees: attendeesOf(data.attendees),
    scheduledAt: data.scheduledAt,
    lastStreamPosition: event.streamPosition,
  };
}

const upsertMeetings = batchedUpsert<MeetingRow>({
  table: 'meetings',
  key: ['meeting_id'],
  columns: {
    meeting_id: { type: 'uuid', value: (row) => row.meetingId },
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    provider: { type: 'text', value: (row) => row.provider },
    title: { type: 'text', value: (row) => row.title },
    start_time: { type: 'timestamptz', value: (row) => row.startTime },
    end_time: { type: 'timestamptz', value: (row) => row.endTime },
    link: { type: 'text', value: (row) => row.link },
    external_id: { type: 'text', value: (row) => row.externalId },
    attendees: { type: 'jsonb', value: (row) => JSON.stringify(row.attendees) },
    scheduled_at: { type: 'timestamptz', value: (row) => row.scheduledAt },
  },
  position: (row) => row.lastStreamPosition,
});

export const meetingsProjection: Projection<MeetingEvent> = {
  name: MEETINGS_PROJECTION,
  version: 1,
  tables: {
    meetings: (table) => `CREATE TABLE ${table} (
        meeting_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        provider text NOT NULL,
        title text NOT NULL,
        start_time timestamptz,
        end_time timestamptz,
        link text,
        external_id text,
        attendees jsonb NOT NULL,
        scheduled_at timestamptz NOT NULL,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, scheduled_at DESC)`,
  },
  handles: ['MeetingScheduled'],
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('meetings')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    const rows = new Map<string, MeetingRow>();
    for (const event of events) rows.set(event.data.meetingId, rowOf(event));
    await upsertMeetings(context, [...rows.values()]);
    return { touched: [...new Set(events.map((event) => event.data.ownerId))] };
  },
};
