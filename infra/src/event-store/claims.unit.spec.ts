import { describe, expect, it } from 'vitest';
import { claimStreamId } from './claims.ts';

const SECRET = 'test-claim-secret';

describe('claimStreamId', () => {
  it('given one e-mail typed in different letter cases, when normalised locale-free, then every spelling names the same claim', () => {
    const spellings = ['Ayşe.Yılmaz@Example.COM', '  ayşe.yılmaz@example.com ', 'AYŞE.YıLMAZ@EXAMPLE.COM'];

    const ids = spellings.map((spelling) => claimStreamId('email', spelling.trim().toLowerCase(), SECRET));

    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^claim-email-[0-9a-f]{64}$/);
    expect(ids[0]).toBe(claimStreamId('email', 'Ayşe.Yılmaz@Example.COM'.trim().toLowerCase(), SECRET));
  });

  it('given dotless ı and dotted I, when lower-cased locale-free, then they stay different letters on every server', () => {
    // tr-TR would fold "I" to "ı"; the locale-free rule keeps a claim independent of the machine's locale.
    expect('YILMAZ'.toLowerCase()).toBe('yilmaz');
    expect(claimStreamId('email', 'yilmaz@example.com', SECRET)).not.toBe(
      claimStreamId('email', 'yılmaz@example.com', SECRET),
    );
  });

  it('given the same text composed or decomposed, when claimed, then it is the same claim', () => {
    const composed = 'ayşe@example.com';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(claimStreamId('email', decomposed, SECRET)).toBe(claimStreamId('email', composed, SECRET));
  });

  it('given another kind or another secret, when claimed, then the claim differs; a bad kind is refused', () => {
    const id = claimStreamId('email', 'a@example.com', SECRET);
    expect(claimStreamId('card-name', 'a@example.com', SECRET)).not.toBe(id);
    expect(claimStreamId('email', 'a@example.com', Buffer.from('other'))).not.toBe(id);
    expect(() => claimStreamId('E-mail', 'a@example.com', SECRET)).toThrow(TypeError);
    expect(() => claimStreamId('email', '', SECRET)).toThrow(TypeError);
  });
});
