import { describe, expect, it } from 'vitest';
import { parseExportTime } from './export.ts';

describe('export periods', () => {
  it('a day is midnight in Istanbul, from the zone database (UTC+3 now, UTC+2 in a winter before 2016)', () => {
    expect(parseExportTime('2026-01-01')?.toISOString()).toBe('2025-12-31T21:00:00.000Z');
    expect(parseExportTime('2026-02-01')?.toISOString()).toBe('2026-01-31T21:00:00.000Z');
    expect(parseExportTime('2015-01-01')?.toISOString()).toBe('2014-12-31T22:00:00.000Z');
    expect(parseExportTime('2015-07-01')?.toISOString()).toBe('2015-06-30T21:00:00.000Z');
  });

  it('an instant needs its zone; anything else is refused', () => {
    expect(parseExportTime('2026-01-01T10:00:00Z')?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(parseExportTime('2026-01-01T10:00+03:00')?.toISOString()).toBe('2026-01-01T07:00:00.000Z');
    for (const bad of ['2026-02-30', '2026-1-1', '01.01.2026', '2026-01-01T10:00:00', 'yarın', ''])
      expect(parseExportTime(bad), bad).toBeNull();
  });
});
