import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcs, icsDisposition, icsFileName } from './ics.ts';

/** The file as a calendar reads it: parsed by ical.js, with the file's own VTIMEZONE registered. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  if (vtimezone) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vtimezone, vevent, event: new ICAL.Event(vevent) };
}

const BASE = {
  uid: '0f8fad5b-d9cb-469f-a165-70867728950e@kart.example.test',
  title: 'Tanışma',
  description: '',
  startTime: '2026-11-24T12:00:00.000Z',
  endTime: '2026-11-24T13:30:00.000Z',
  attendees: [] as string[],
  organizer: { name: 'Ayşe Yılmaz', email: 'ayse@example.com' },
  stamp: new Date('2026-11-20T08:15:00.000Z'),
};

describe('the .ics invitation', () => {
  it('given an event with attendees, when written, then ical.js reads the same instants in Europe/Istanbul with its VTIMEZONE, the organizer, the attendees and METHOD:REQUEST', () => {
    const text = buildIcs({ ...BASE, attendees: ['mehmet@example.com', 'zeynep@example.org'] });
    const { calendar, vtimezone, vevent, event } = parse(text);

    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('Europe/Istanbul');
    expect(text).toContain('DTSTART;TZID=Europe/Istanbul:20261124T150000');
    expect(text).toContain('DTEND;TZID=Europe/Istanbul:20261124T163000');
    expect(event.startDate.zone?.tzid).toBe('Europe/Istanbul');
    expect(event.startDate.toJSDate().toISOString()).toBe(BASE.startTime);
    expect(event.endDate.toJSDate().toISOString()).toBe(BASE.endTime);
    expect(event.uid).toBe(BASE.uid);
    // DTSTAMP is UTC, as RFC 5545 wants it.
    expect(text).toContain('DTSTAMP:20261120T081500Z');

    const organizer = vevent.getFirstProperty('organizer');
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe('mailto:ayse@example.com');
    expect(organizer?.getParameter('cn')).toBe('Ayşe Yılmaz');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
      'mailto:mehmet@example.com',
      'mailto:zeynep@example.org',
    ]);
    expect(attendees.map((attendee) => attendee.getParameter('rsvp'))).toEqual(['TRUE', 'TRUE']);
  });

  it('given no attendees, when written, then it is an entry to add (METHOD:PUBLISH) without ATTENDEE lines', () => {
    const { calendar, vevent } = parse(buildIcs(BASE));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(vevent.getAllProperties('attendee')).toEqual([]);
  });

  it('given a title and description with , ; \\ and new lines, when written, then they are escaped and read back as typed', () => {
    const title = 'Görüşme, teklif; a\\b';
    const description = 'Gündem:\n1) Fiyat, teslim; ödeme\n2) Sözleşme \\ ekler';
    const text = buildIcs({ ...BASE, title, description });
    expect(text).toContain('SUMMARY:Görüşme\\, teklif\\; a\\\\b');
    const { event } = parse(text);
    expect(event.summary).toBe(title);
    expect(event.description).toBe(description);
  });

  it('given a long Turkish title, when written, then every line is at most 75 octets, no letter is split, and the title reads back whole', () => {
    const title = 'Çağrı Şükrü Öztürk ile İğdır’daki ışıklı görüşme — ğüşiöç İĞÜŞÖÇ ğüşıöç '.repeat(3).trim();
    const text = buildIcs({ ...BASE, title });
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\uFFFD');
    expect(parse(text).event.summary).toBe(title);
  });

  it('given no organizer, when written, then there is no ORGANIZER line and no invitation', () => {
    const { calendar, vevent } = parse(buildIcs({ ...BASE, organizer: null, attendees: ['a@example.com'] }));
    expect(vevent.getFirstProperty('organizer')).toBeNull();
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  });

  it('given a Turkish title, when named, then the file keeps it in filename* and an ASCII filename', () => {
    expect(icsFileName('Çarşı: "yeni" / görüşme')).toBe('Çarşı yeni  görüşme.ics');
    expect(icsFileName('  ')).toBe('toplanti.ics');
    expect(icsDisposition('Ayşe Yılmaz ile görüşme')).toBe(
      `attachment; filename="Ayse_Yilmaz_ile_gorusme.ics"; filename*=UTF-8''Ay%C5%9Fe%20Y%C4%B1lmaz%20ile%20g%C3%B6r%C3%BC%C5%9Fme.ics`,
    );
  });
});
