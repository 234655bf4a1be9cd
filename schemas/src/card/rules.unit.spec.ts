import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from './messages.ts';
import {
  cardNameKey,
  cardNameProblem,
  cleanCardName,
  generateVirtualCardId,
  parseCardId,
  parseVirtualCardId,
  type RandomFill,
} from './rules.ts';

describe('card ids (SPEC §5)', () => {
  it('are trimmed and upper-cased without locale rules', () => {
    expect(parseCardId('  kv-abc123 ')).toEqual({ ok: true, cardId: 'KV-ABC123' });
    // 'i' becomes 'I', never the Turkish dotted 'İ'.
    expect(parseCardId('kv-iii')).toEqual({ ok: true, cardId: 'KV-III' });
  });

  it('are required', () => {
    expect(parseCardId('   ')).toEqual({ ok: false, message: CARD_MESSAGES.cardIdRequired });
  });

  it.each([
    ['kv-iı', 'a dotless ı is not an ASCII letter, even though it upper-cases to I'],
    ['KV-İ1', 'a dotted İ'],
    ['straße', 'ß, which upper-cases to SS'],
    ['KV 123', 'a space'],
    ['KV_123', 'an underscore'],
    ['-KV1', 'a leading hyphen'],
    ['KV--1', 'a double hyphen'],
    ['KV-', 'a trailing hyphen'],
    ['<script>', 'markup'],
    ["1' OR '1'='1", 'SQL'],
    ['A'.repeat(33), 'more than 32 characters'],
  ])('%s is refused: %s', (raw) => {
    expect(parseCardId(raw)).toEqual({ ok: false, message: CARD_MESSAGES.cardIdInvalid });
  });

  it('virtual ids are VC- and six letters or digits', () => {
    expect(parseVirtualCardId('vc-a1b2c3')).toEqual({ ok: true, cardId: 'VC-A1B2C3' });
    for (const raw of ['VC-A1B2C', 'VC-A1B2C3D', 'KV-A1B2C3', 'VCA1B2C3']) {
      expect(parseVirtualCardId(raw)).toEqual({ ok: false, message: CARD_MESSAGES.cardVirtualIdInvalid });
    }
    expect(parseVirtualCardId('vc-ı1b2c3')).toEqual({ ok: false, message: CARD_MESSAGES.cardIdInvalid });
  });
});

describe('card names', () => {
  it('are cleaned: NFC, trimmed, inner white space collapsed', () => {
    expect(cleanCardName('  İş \t  Kartı\n')).toBe('İş Kartı');
    expect(cleanCardName('s\u0327')).toBe('ş');
  });

  it('the empty-name message depends on the card kind', () => {
    expect(cardNameProblem('', 'physical')).toBe(CARD_MESSAGES.cardNameRequired);
    expect(cardNameProblem('', 'virtual')).toBe(CARD_MESSAGES.cardVirtualNameRequired);
  });

  it('welcome Turkish letters, digits and common punctuation', () => {
    for (const name of ['İş Kartı', 'Ayşe & Co.', "O'Neil - Ofis (2)", 'Kart #3 / Fuar+']) {
      expect(cardNameProblem(name, 'physical')).toBeNull();
    }
  });

  it('refuse markup, quotes, control characters and punctuation-only names', () => {
    for (const name of ['<script>alert(1)</script>', '"><img src=x>', 'a\u0000b', '---', 'kart;drop']) {
      expect(cardNameProblem(name, 'physical')).toBe(CARD_MESSAGES.cardNameInvalid);
    }
  });

  it('are at most 50 characters, counted as characters not UTF-16 units', () => {
    expect(cardNameProblem('ş'.repeat(50), 'physical')).toBeNull();
    expect(cardNameProblem('ş'.repeat(51), 'physical')).toBe(CARD_MESSAGES.cardNameTooLong);
  });

  it('compare case-insensitively with Turkish rules, dotted and dotless i folded together', () => {
    const key = cardNameKey('İş Kartı');
    expect(cardNameKey('  iş   KARTI ')).toBe(key);
    expect(cardNameKey('IŞ KARTI')).toBe(key);
    expect(new Set(['IRMAK', 'Irmak', 'ırmak', 'irmak', 'İrmak'].map(cardNameKey)).size).toBe(1);
    expect(cardNameKey('Şirket')).not.toBe(cardNameKey('Sirket'));
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
