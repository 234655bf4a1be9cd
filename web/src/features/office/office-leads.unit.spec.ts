import { describe, expect, it } from 'vitest';
import { HOLDER_WHO_LEFT, LEAD_IN_POOL, leadHolderLabel } from './office-leads.ts';

const MEHMET = { userId: 'u-1', firstName: 'Mehmet', lastName: 'Demir', email: 'mehmet@ornek.com' };
const NAMELESS = { userId: 'u-2', firstName: '', lastName: '', email: 'zehra@ornek.com' };

describe("who holds an office lead's card", () => {
  it('given a member holds it, then their name', () => {
    expect(leadHolderLabel('u-1', [MEHMET, NAMELESS])).toBe('Mehmet Demir');
  });

  it('given a member with no name, then their address', () => {
    expect(leadHolderLabel('u-2', [MEHMET, NAMELESS])).toBe('zehra@ornek.com');
  });

  it('given the card is in the pool, then Havuzda, members loaded or not', () => {
    expect(leadHolderLabel(null, [MEHMET])).toBe(LEAD_IN_POOL);
    expect(leadHolderLabel(null, undefined)).toBe('Havuzda');
  });

  it('given a holder who is no longer a member, then they left the office', () => {
    expect(leadHolderLabel('u-9', [MEHMET])).toBe(HOLDER_WHO_LEFT);
    expect(HOLDER_WHO_LEFT).toBe('Ofisten ayrılan danışman');
  });

  it('given the members not loaded yet, then nothing rather than a wrong word', () => {
    expect(leadHolderLabel('u-1', undefined)).toBe('');
  });
});
