import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { visitorHash } from './visitor-salts.ts';

describe('visitorHash', () => {
  const salt = randomBytes(32);
  const owner = '7d1f0d5e-3c0b-4c55-9f1e-2a7f6a1c9b10';
  const agent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)';

  it('is the same for one visitor of one owner under one salt, and 128 bits of hex', () => {
    const hash = visitorHash(salt, owner, '88.255.1.1', agent);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash(salt, owner, '88.255.1.1', agent)).toBe(hash);
  });

  it('differs with another salt (another day), owner, address or browser', () => {
    const hash = visitorHash(salt, owner, '88.255.1.1', agent);
    expect(visitorHash(randomBytes(32), owner, '88.255.1.1', agent)).not.toBe(hash);
    expect(visitorHash(salt, '00000000-0000-4000-8000-000000000000', '88.255.1.1', agent)).not.toBe(hash);
    expect(visitorHash(salt, owner, '88.255.1.2', agent)).not.toBe(hash);
    expect(visitorHash(salt, owner, '88.255.1.1', `${agent} Chrome`)).not.toBe(hash);
  });

  it('is HMAC-SHA256 over owner, address and agent, cut to 128 bits, whatever the salt length', () => {
    for (const key of [salt, randomBytes(7), randomBytes(64), randomBytes(100)]) {
      const expected = createHmac('sha256', key).update(`${owner}\n88.255.1.1\n${agent}`).digest('hex').slice(0, 32);
      expect(visitorHash(key, owner, '88.255.1.1', agent)).toBe(expected);
      expect(visitorHash(key, owner, '88.255.1.1', agent)).toBe(expected);
    }
  });

  it('does not contain the address in any form', () => {
    const hash = visitorHash(salt, owner, '203.0.113.45', agent);
    expect(hash).not.toContain(Buffer.from('203.0.113.45').toString('hex'));
  });
});
