import { describe, expect, it } from 'vitest';
import {
  TELEMETRY_SHARD_COUNT,
  previousDay,
  telemetryDay,
  telemetryShard,
  telemetryStreamId,
} from '@kartvizit/schemas/telemetry/events';

describe('telemetryDay (Europe/Istanbul, UTC+3)', () => {
  it('turns the day at midnight in Istanbul, three hours before midnight UTC', () => {
    expect(telemetryDay(new Date('2026-03-10T20:59:59.999Z'))).toBe('2026-03-10');
    expect(telemetryDay(new Date('2026-03-10T21:00:00.000Z'))).toBe('2026-03-11');
  });

  it('takes ISO strings as events carry them', () => {
    expect(telemetryDay('2026-12-31T21:30:00.000Z')).toBe('2027-01-01');
    expect(telemetryDay('2026-06-15T09:00:00+03:00')).toBe('2026-06-15');
  });

  it('answers as the time-zone database does for every instant, also around midnights and old summer-time changes', () => {
    // Given an independent formatter, when instants are asked in hour-sharing runs (the answer is remembered per
    // hour), then every answer matches: 2015 still had summer time (the clocks went back on 8 November).
    const reference = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Istanbul' });
    const starts = [Date.UTC(2015, 10, 7, 18), Date.UTC(2015, 2, 28, 18), Date.UTC(2026, 2, 10, 19), Date.UTC(2026, 11, 31, 19)];
    for (const start of starts) {
      for (let offset = 0; offset < 8 * 3_600_000; offset += 7 * 60_000 + 13_000) {
        const instant = new Date(start + offset);
        expect(telemetryDay(instant), instant.toISOString()).toBe(reference.format(instant));
      }
    }
  });

  it('refuses what is not an instant', () => {
    expect(() => telemetryDay('dün')).toThrow(RangeError);
  });

  it('counts back across months, years and leap days', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });
});

describe('telemetry shards', () => {
  it('puts one card always in the same shard stream', () => {
    expect(telemetryShard('KV-ABCD2345')).toBe(telemetryShard('KV-ABCD2345'));
    expect(telemetryStreamId(telemetryShard('KV-ABCD2345'))).toMatch(/^telemetry-(\d|1[0-5])$/);
  });

  it('spreads many cards over all shards', () => {
    const shards = new Set(
      Array.from({ length: 500 }, (_, index) =>
        telemetryShard(`VC-${index.toString(36).toUpperCase().padStart(6, '0')}`),
      ),
    );
    expect(shards.size).toBe(TELEMETRY_SHARD_COUNT);
  });
});
