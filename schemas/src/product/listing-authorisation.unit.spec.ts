import { describe, expect, it } from 'vitest';
import {
  authorisationEndsAt,
  dueAuthorisationStage,
  nextAuthorisationDeadline,
  turkishDate,
  type AuthorisationState,
} from './listing-authorisation.ts';

const entered = (setAt: string, validUntil = '2026-12-31', reached: AuthorisationState['reached'] = null): AuthorisationState => ({
  eids: { number: 'EIDS-1', validUntil },
  setAt,
  reached,
});

describe('an EİDS authorisation’s deadlines', () => {
  it('ends at the close of its last day in Türkiye', () => {
    expect(authorisationEndsAt('2026-12-31').toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('today is Türkiye’s date: 22:30 UTC is already the next day there', () => {
    expect(turkishDate(new Date('2026-12-31T20:59:59Z'))).toBe('2026-12-31');
    expect(turkishDate(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });

  it('looks first seven days before the end, then one day before, then at the end, then never', () => {
    expect(nextAuthorisationDeadline(entered('2026-11-01T00:00:00Z'))).toEqual({ stage: 'week', at: new Date('2026-12-24T21:00:00Z') });
    expect(nextAuthorisationDeadline(entered('2026-11-01T00:00:00Z', '2026-12-31', 'week'))?.stage).toBe('day');
    expect(nextAuthorisationDeadline(entered('2026-11-01T00:00:00Z', '2026-12-31', 'day'))?.stage).toBe('ended');
    expect(nextAuthorisationDeadline(entered('2026-11-01T00:00:00Z', '2026-12-31', 'ended'))).toBeNull();
  });

  it('skips a reminder whose time had passed when the authorisation was entered', () => {
    expect(nextAuthorisationDeadline(entered('2026-12-28T00:00:00Z'))?.stage).toBe('day');
    expect(nextAuthorisationDeadline(entered('2026-12-31T12:00:00Z'))?.stage).toBe('ended');
  });

  it('announces only the latest stage that has come', () => {
    const state = entered('2026-11-01T00:00:00Z');
    expect(dueAuthorisationStage(state, new Date('2026-12-24T20:59:59Z'))).toBeNull();
    expect(dueAuthorisationStage(state, new Date('2026-12-24T21:00:00Z'))).toBe('week');
    expect(dueAuthorisationStage(state, new Date('2026-12-31T00:00:00Z'))).toBe('day');
    expect(dueAuthorisationStage(state, new Date('2027-02-01T00:00:00Z'))).toBe('ended');
  });
});
