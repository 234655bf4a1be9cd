import { describe, expect, it } from 'vitest';
import { parseCardId, parseVirtualCardId } from '@kartvizit/schemas/card/rules';
import { generateVirtualCardId, normaliseCardIdInput, type RandomFill } from './card-id.ts';

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

describe('generateVirtualCardId', () => {
  it('is VC- plus 6 uppercase letters or digits, in the shape the server accepts', () => {
    for (let run = 0; run < 200; run += 1) {
      const id = generateVirtualCardId();
      expect(id).toMatch(/^VC-[A-Z0-9]{6}$/);
      expect(parseVirtualCardId(id)).toEqual({ ok: true, cardId: id });
    }
  });

  it('draws from the random source and maps bytes onto the alphabet', () => {
    const fill: RandomFill = (bytes) => {
      bytes.set([0, 1, 25, 26, 35, 36].concat(Array.from({ length: bytes.length - 6 }, () => 0)));
    };
    // 36 wraps to 'A' (36 % 36): still unbiased because only bytes ≥ 252 are skipped.
    expect(generateVirtualCardId(fill)).toBe('VC-ABZ09A');
  });

  it('skips the bytes that would bias the first characters', () => {
    let call = 0;
    const fill: RandomFill = (bytes) => {
      call += 1;
      // First batch: only biased bytes (252–255); second: usable ones.
      bytes.fill(call === 1 ? 252 : 7);
    };
    expect(generateVirtualCardId(fill)).toBe('VC-HHHHHH');
    expect(call).toBe(2);
  });

  it('is not the same twice in a row', () => {
    const ids = new Set(Array.from({ length: 500 }, () => generateVirtualCardId()));
    expect(ids.size).toBe(500);
  });
});
