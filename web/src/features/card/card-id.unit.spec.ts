import { describe, expect, it } from 'vitest';
import { parseCardId } from '@kartvizit/schemas/card/rules';
import { normaliseCardIdInput } from './card-id.ts';

describe('normaliseCardIdInput', () => {
  it('trims and upper-cases as typed', () => {
    expect(normaliseCardIdInput('  nfc-ab12 ')).toBe('NFC-AB12');
  });

  it('upper-cases without Turkish rules: i becomes I, never İ', () => {
    expect(normaliseCardIdInput('nfc-xi9')).toBe('NFC-XI9');
    expect(normaliseCardIdInput('i')).not.toContain('İ');
  });

  it('reads a Turkish keyboard’s ı and İ as the Latin I', () => {
    expect(normaliseCardIdInput('nfc-ıİ1')).toBe('NFC-II1');
  });

  it('leaves other characters as typed so the format rule can flag them', () => {
    expect(normaliseCardIdInput('straße')).toBe('STRAßE');
    expect(parseCardId(normaliseCardIdInput('straße'))).toEqual({ ok: false, message: 'Geçersiz kart ID formatı' });
    expect(normaliseCardIdInput('nfc 12')).toBe('NFC 12');
  });

  it('gives the shared rules ids they accept', () => {
    expect(parseCardId(normaliseCardIdInput(' vc-abc123 '))).toEqual({ ok: true, cardId: 'VC-ABC123' });
    expect(parseCardId(normaliseCardIdInput('   '))).toEqual({ ok: false, message: 'Lütfen kart ID girin' });
  });
});
