import { describe, expect, it } from 'vitest';
import { fileNameOf, fill, fromLocalInput, toLocalInput } from './meeting-common.ts';

describe('the meeting dialogs’ times', () => {
  it('given a moment, when it is put in a datetime-local field, then the field shows it in this clock, to the minute', () => {
    const moment = new Date(2026, 10, 24, 9, 5, 42);
    expect(toLocalInput(moment)).toBe('2026-11-24T09:05');
  });

  it('given what a datetime-local field holds, when it is sent, then it is the same moment as a UTC instant', () => {
    const typed = '2026-11-24T18:00';
    expect(fromLocalInput(typed)).toBe(new Date(2026, 10, 24, 18, 0).toISOString());
    expect(fromLocalInput(toLocalInput(new Date(2027, 0, 2, 3, 4)))).toBe(new Date(2027, 0, 2, 3, 4).toISOString());
  });

  it('given nothing or text no browser field gives, when it is sent, then it goes as typed for the shared rules to name', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('yarın öğlen')).toBe('yarın öğlen');
    expect(fromLocalInput('2026-13-45T99:99')).toBe('2026-13-45T99:99');
  });
});

describe('the downloaded invitation’s name', () => {
  const answer = (disposition: string | null) =>
    new Response('BEGIN:VCALENDAR', { headers: disposition ? { 'content-disposition': disposition } : {} });

  it('given the server’s UTF-8 name, then the Turkish letters are kept', () => {
    const header = `attachment; filename="Cagri Ozturk ile gorusme.ics"; filename*=UTF-8''${encodeURIComponent('Çağrı Öztürk ile görüşme.ics')}`;
    expect(fileNameOf(answer(header), 'yedek.ics')).toBe('Çağrı Öztürk ile görüşme.ics');
  });

  it('given only the ASCII name, or none, or a broken one, then that name, or ours', () => {
    expect(fileNameOf(answer('attachment; filename="davet.ics"'), 'yedek.ics')).toBe('davet.ics');
    expect(fileNameOf(answer(null), 'yedek.ics')).toBe('yedek.ics');
    expect(fileNameOf(answer("attachment; filename*=UTF-8''%E0%A4%A"), 'yedek.ics')).toBe('yedek.ics');
  });

  it('given a text with places, then each is filled and an unknown one stays for a test to see', () => {
    expect(fill('{name} ile görüşme.ics', { name: 'Ayşe Yılmaz' })).toBe('Ayşe Yılmaz ile görüşme.ics');
    expect(fill('{provider} girişi', {})).toBe('{provider} girişi');
  });
});
