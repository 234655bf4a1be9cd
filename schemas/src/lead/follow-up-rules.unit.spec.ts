import { describe, expect, it } from 'vitest';
import { LEAD_FOLLOW_UP_MESSAGES } from './messages.ts';
import { checkLeadNote, isLeadStatus, LEAD_NOTE_MAX_LENGTH } from './follow-up-rules.ts';

describe('the lead follow-up rules', () => {
  it('know the four statuses by their identifiers, not their Turkish labels', () => {
    for (const status of ['new', 'called', 'met', 'negative']) expect(isLeadStatus(status)).toBe(true);
    for (const other of ['Yeni', 'Arandı', 'NEW', '', null, 1, 'constructor']) expect(isLeadStatus(other)).toBe(false);
  });

  it('store a note trimmed, composed and with LF line ends; an empty one clears it', () => {
    expect(checkLeadNote('  Salı 14:00\r\nAra\rTekrar  ')).toEqual({ ok: true, note: 'Salı 14:00\nAra\nTekrar' });
    expect(checkLeadNote('S\u0327ule')).toEqual({ ok: true, note: 'Şule' });
    expect(checkLeadNote(' \n ')).toEqual({ ok: true, note: '' });
  });

  it('count characters, not UTF-16 units: 2000 emoji fit, 2001 letters do not', () => {
    expect(checkLeadNote('😀'.repeat(LEAD_NOTE_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(checkLeadNote('ı'.repeat(LEAD_NOTE_MAX_LENGTH + 1))).toEqual({ ok: false, message: LEAD_FOLLOW_UP_MESSAGES.leadNoteTooLong });
  });

  it('refuse control characters and lone surrogates, but keep tabs', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u007fb', 'a\u0085b', 'a\ud800b']) {
      expect(checkLeadNote(bad)).toEqual({ ok: false, message: LEAD_FOLLOW_UP_MESSAGES.leadNoteInvalidCharacters });
    }
    expect(checkLeadNote('a\tb')).toEqual({ ok: true, note: 'a\tb' });
  });
});
