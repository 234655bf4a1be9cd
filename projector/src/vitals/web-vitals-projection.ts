import { telemetryDay, type WebVitalsReported } from '@kartvizit/schemas';
import { WEB_VITALS_PROJECTION } from '@kartvizit/infra/read-models/contract';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * Core Web Vitals of sampled page loads (issue 17, docs/decisions/0044-web-vitals.md): one row per metric of a load,
 * the raw value kept, so the p75 of any page type, device class, metric and run of days is exact
 * (`webVitalsP75`, infra/src/read-models/web-vitals.ts). Rows are keyed by the event's place in its stream, so a
 * redelivered or replayed event writes nothing new, in whatever order streams interleave (Kafka included). No owner
 * and nothing about the visitor: operator figures, nothing to erase when an account goes.
 */
interface VitalRow {
  readonly day: string;
  readonly page: string;
  readonly device: string;
  readonly metric: string;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly value: number;
  readonly rating: string;
}

const insertVitals = batchedUpsert<VitalRow>({
  table: 'web_vitals',
  key: ['day', 'page', 'device', 'metric', 'stream_id', 'stream_position'],
  columns: {
    day: { type: 'date', value: (row) => row.day },
    page: { type: 'text', value: (row) => row.page },
    device: { type: 'text', value: (row) => row.device },
    metric: { type: 'text', value: (row) => row.metric },
    stream_id: { type: 'text', value: (row) => row.streamId },
    stream_position: { type: 'bigint', value: (row) => row.streamPosition },
    value: { type: 'double precision', value: (row) => row.value, merge: 'insertOnly' },
    rating: { type: 'text', value: (row) => row.rating, merge: 'insertOnly' },
  },
});

/** The day of the load: its `at`, or when it was stored should `at` be unreadable. */
function dayOf(event: StoredEvent<WebVitalsReported>): string {
  const at = new Date(event.data.at);
  return telemetryDay(Number.isNaN(at.getTime()) ? event.createdAt : at);
}

export const webVitalsProjection: Projection<WebVitalsReported> = {
  name: WEB_VITALS_PROJECTION,
  version: 1,
  tables: {
    // The key leads with the day: a period's p75 reads one range of it.
    web_vitals: (table) => `CREATE TABLE ${table} (
        day date NOT NULL,
        page text NOT NULL,
        device text NOT NULL,
        metric text NOT NULL,
        stream_id text NOT NULL,
        stream_position bigint NOT NULL,
        value double precision NOT NULL,
        rating text NOT NULL,
        PRIMARY KEY (day, page, device, metric, stream_id, stream_position)
      )`,
  },
  handles: ['WebVitalsReported'],

  async apply(events, context) {
    // One row per metric and load; the same metric twice in one event (not sent by the page) keeps the first.
    const rows = new Map<string, VitalRow>();
    for (const event of events) {
      const day = dayOf(event);
      for (const sample of event.data.metrics) {
        const key = `${event.streamId}|${event.streamPosition}|${sample.name}`;
        if (rows.has(key)) continue;
        rows.set(key, {
          day,
          page: event.data.page,
          device: event.data.device,
          metric: sample.name,
          streamId: event.streamId,
          streamPosition: event.streamPosition,
          value: sample.value,
          rating: sample.rating,
        });
      }
    }
    await insertVitals(context, [...rows.values()]);
    // Nobody's screen shows these: no owner is woken.
    return { touched: [] };
  },
};
