import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { EVENT_TYPES, TIME_ZONE, isDomainEventType, type DomainEventType } from '@kartvizit/schemas';
import type { Checkpoint, EventStore, RecordedEvent } from '@kartvizit/infra/event-store/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';

/**
 * History for analysts: the events of the chosen types, owner and period as NDJSON, one decoded
 * event per line in global order, read batch by batch so memory stays flat however long the log.
 *
 * Pseudonymous by default: telemetry carries no person (visitor hashes become unlinkable when
 * their daily salt is deleted), and personal fields sealed under an owner's key are left out and
 * named in `personalOmitted`. `includePersonal` opens them where the key still exists (an erased
 * owner's fields read as '' with `forgotten: true`).
 */
export interface ExportFilter {
  /** Event types to export; null: every type. */
  readonly types: ReadonlySet<DomainEventType> | null;
  /** Only events whose data names this owner (`ownerId`, or `userId` for account events). */
  readonly ownerId: string | null;
  /** From `from` (inclusive) to `to` (exclusive), on the event's time: `at` of a visit or click, else when it was stored. */
  readonly from: Date | null;
  readonly to: Date | null;
  readonly includePersonal: boolean;
}

export interface ExportLine {
  readonly position: Checkpoint;
  readonly eventId: string;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly type: string;
  readonly schemaVersion: number;
  readonly createdAt: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Personal fields left out (export without includePersonal). */
  readonly personalOmitted?: readonly string[];
  /** The owner's key is gone: personal fields read as ''. */
  readonly forgotten?: boolean;
}

export const EXPORT_BATCH_SIZE = 1000;
const SEALED_FIELD = 'sealed';

/** The owner a stored event belongs to, from its plain (never sealed) data. */
function ownerOf(event: RecordedEvent): string | null {
  const { ownerId, userId } = event.data;
  if (typeof ownerId === 'string') return ownerId.toLowerCase();
  if (typeof userId === 'string') return userId.toLowerCase();
  return null;
}

/** When it happened: a hit's own `at` (the statistics count it on that Istanbul day), else when it was stored. */
function timeOf(event: RecordedEvent): number {
  const at = typeof event.data.at === 'string' ? Date.parse(event.data.at) : Number.NaN;
  return Number.isNaN(at) ? event.createdAt.getTime() : at;
}

function matches(event: RecordedEvent, filter: ExportFilter): event is RecordedEvent & { type: DomainEventType } {
  if (!isDomainEventType(event.type)) return false;
  if (filter.types && !filter.types.has(event.type)) return false;
  if (filter.from && timeOf(event) < filter.from.getTime()) return false;
  if (filter.to && timeOf(event) >= filter.to.getTime()) return false;
  return filter.ownerId === null || ownerOf(event) === filter.ownerId.toLowerCase();
}

async function toLine(
  event: RecordedEvent & { type: DomainEventType },
  filter: ExportFilter,
  codec: EventCodec,
): Promise<ExportLine> {
  const base = {
    position: event.position,
    eventId: event.eventId,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    type: event.type,
    schemaVersion: event.schemaVersion,
    createdAt: event.createdAt.toISOString(),
    metadata: event.metadata as Record<string, unknown>,
  };
  const personal = EVENT_TYPES[event.type].personalFields ?? [];
  if (personal.length === 0) return { ...base, data: event.data };
  if (filter.includePersonal) {
    const decoded = await codec.decode(event);
    const data: Readonly<Record<string, unknown>> = decoded ? { ...decoded.data } : {};
    return { ...base, data, forgotten: decoded?.forgotten ?? false };
  }
  const data = Object.fromEntries(
    Object.entries(event.data).filter(([field]) => field !== SEALED_FIELD && !personal.includes(field)),
  );
  return { ...base, data, personalOmitted: personal };
}

/** Writes the matching events to `out` as NDJSON; answers how many were written. */
export async function exportEvents(
  deps: { readonly store: EventStore; readonly codec: EventCodec },
  filter: ExportFilter,
  out: Writable,
  batchSize: number = EXPORT_BATCH_SIZE,
): Promise<number> {
  let after: Checkpoint | null = null;
  let written = 0;
  for (;;) {
    const { events, checkpoint } = await deps.store.readAll(after, batchSize);
    if (events.length === 0) return written;
    after = checkpoint;
    let chunk = '';
    for (const event of events) {
      if (!matches(event, filter)) continue;
      chunk += `${JSON.stringify(await toLine(event, filter, deps.codec))}\n`;
      written += 1;
    }
    // Respect back-pressure: a slow reader (a pipe, a disk) keeps memory at one batch.
    if (chunk !== '' && !out.write(chunk)) await once(out, 'drain');
  }
}

const ISTANBUL_WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Istanbul's offset from UTC at an instant (ms), from the zone database rather than a fixed +3. */
function istanbulOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    ISTANBUL_WALL_CLOCK.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * `--from`/`--to`: a day (YYYY-MM-DD, midnight in Istanbul, the statistics' day) or an ISO
 * instant with its zone. Null for anything else.
 */
export function parseExportTime(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const midnight = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    const date = new Date(midnight);
    if (date.toISOString().slice(0, 10) !== value) return null;
    const guess = midnight - istanbulOffsetMs(midnight);
    return new Date(midnight - istanbulOffsetMs(guess));
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
