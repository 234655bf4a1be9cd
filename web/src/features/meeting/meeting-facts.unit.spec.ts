import { describe, expect, it } from 'vitest';
import { isPastMeeting, meetingKindLabel, meetingWhen } from './meeting-facts.ts';

describe('how the Toplantılar list says when a meeting is', () => {
  it('one day: the day once, then the two times, in Istanbul time', () => {
    expect(meetingWhen({ startTime: '2026-11-25T07:00:00.000Z', endTime: '2026-11-25T09:00:00.000Z' })).toBe(
      '25 Kasım 2026 Çarşamba, 10:00–12:00',
    );
  });

  it('across midnight in Istanbul: both days', () => {
    expect(meetingWhen({ startTime: '2026-11-25T20:00:00.000Z', endTime: '2026-11-25T22:00:00.000Z' })).toBe(
      '25 Kasım 2026 Çarşamba, 23:00 – 26 Kasım 2026 Perşembe, 01:00',
    );
  });

  it('a Calendly link has no time of its own', () => {
    expect(meetingWhen({ startTime: null, endTime: null })).toBeNull();
    expect(isPastMeeting({ startTime: null, endTime: null }, new Date())).toBe(false);
  });

  it('a meeting is past once its end has passed', () => {
    const meeting = { startTime: '2026-11-25T07:00:00.000Z', endTime: '2026-11-25T09:00:00.000Z' };
    expect(isPastMeeting(meeting, new Date('2026-11-25T08:59:00Z'))).toBe(false);
    expect(isPastMeeting(meeting, new Date('2026-11-25T09:01:00Z'))).toBe(true);
  });

  it('names each kind as the modals do', () => {
    expect(meetingKindLabel('microsoft')).toBe('Outlook Calendar');
    expect(meetingKindLabel('ics')).toBe('iCal dosyası');
  });
});
