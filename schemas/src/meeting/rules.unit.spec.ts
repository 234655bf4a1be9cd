import { describe, expect, it } from 'vitest';
import {
  checkCalendarEvent,
  checkCalendlyEventType,
  checkZoomMeeting,
  nextFullHour,
  splitAttendees,
} from './rules.ts';

describe('the calendar modal rules', () => {
  it('given a whole event: its times become UTC instants and the attendees are trimmed, lower-cased, once each', () => {
    const result = checkCalendarEvent({
      title: '  Daire gösterimi ',
      description: 'Kadıköy\r\nMerkez',
      startTime: '2026-11-25T10:00:00+03:00',
      endTime: '2026-11-25T12:00:00+03:00',
      attendees: ' Ayşe@Örnek.com.tr , mehmet@example.com,ayşe@örnek.com.tr',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        title: 'Daire gösterimi',
        description: 'Kadıköy\nMerkez',
        startTime: '2026-11-25T07:00:00.000Z',
        endTime: '2026-11-25T09:00:00.000Z',
        attendees: ['ayşe@örnek.com.tr', 'mehmet@example.com'],
      },
    });
  });

  it('title, start and end are required; an end before the start and a bad address are named', () => {
    expect(checkCalendarEvent({})).toEqual({
      ok: false,
      problems: {
        title: 'Lütfen bir başlık girin',
        startTime: 'Lütfen başlangıç zamanını girin',
        endTime: 'Lütfen bitiş zamanını girin',
      },
    });
    const backwards = checkCalendarEvent({
      title: 'Toplantı',
      startTime: '2026-11-25T10:00:00Z',
      endTime: '2026-11-25T09:00:00Z',
      attendees: ['a@example.com', 'yanlış'],
    });
    expect(backwards).toEqual({
      ok: false,
      problems: { endTime: 'Bitiş zamanı başlangıçtan sonra olmalıdır', attendees: 'Geçersiz e-posta adresi: yanlış' },
    });
  });

  it('a time without a zone is refused: it would be a different moment in every zone', () => {
    const result = checkCalendarEvent({ title: 'T', startTime: '2026-11-25T10:00', endTime: '2026-11-25T11:00:00Z' });
    expect(result).toEqual({ ok: false, problems: { startTime: 'Geçerli bir başlangıç zamanı girin' } });
  });

  it('splits attendees on commas, semicolons and new lines', () => {
    expect(splitAttendees('a@x.com; b@x.com\n c@x.com ,')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    expect(splitAttendees(undefined)).toEqual([]);
  });
});

describe('the Zoom modal rules', () => {
  it('duration defaults to 60 and must be at least 15, in steps of 15 (SPEC §9)', () => {
    const base = { topic: 'Tapu görüşmesi', startTime: '2026-11-25T10:00:00Z' };
    expect(checkZoomMeeting(base)).toEqual({
      ok: true,
      value: { ...base, startTime: '2026-11-25T10:00:00.000Z', duration: 60 },
    });
    expect(checkZoomMeeting({ ...base, duration: '45' })).toMatchObject({ ok: true, value: { duration: 45 } });
    for (const duration of [0, 10, 20, 14.5]) {
      expect(checkZoomMeeting({ ...base, duration })).toEqual({
        ok: false,
        problems: { duration: 'Süre en az 15 dakika olmalı ve 15 dakikanın katı olmalıdır' },
      });
    }
  });
});

describe('the Calendly modal rule', () => {
  it("the event type id is required ('Lütfen bir etkinlik tipi ID'si girin'); a pasted address gives its id", () => {
    expect(checkCalendlyEventType('  ')).toEqual({
      ok: false,
      problems: { eventTypeId: "Lütfen bir etkinlik tipi ID'si girin" },
    });
    expect(checkCalendlyEventType('https://api.calendly.com/event_types/AAAA-1234/')).toEqual({
      ok: true,
      value: { eventTypeId: 'AAAA-1234' },
    });
    expect(checkCalendlyEventType('abc def')).toMatchObject({ ok: false });
  });
});

describe('the calendar modal defaults', () => {
  it('starts at the next full hour', () => {
    expect(nextFullHour(new Date(2026, 10, 24, 14, 5, 30)).getTime()).toBe(new Date(2026, 10, 24, 15, 0, 0).getTime());
    expect(nextFullHour(new Date(2026, 10, 24, 23, 0, 0)).getTime()).toBe(new Date(2026, 10, 25, 0, 0, 0).getTime());
  });
});
