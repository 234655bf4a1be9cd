import { describe, expect, it } from 'vitest';
import { DEMO_OWNER_ID, DEMO_PROFILE_FORM, isDemoOwner } from './demo.ts';
import { parseProfilePhone, validateProfileInput } from './validation/profile.ts';

describe('the sample card’s profile', () => {
  it('passes the profile rules every owner’s save goes through', () => {
    const checked = validateProfileInput(DEMO_PROFILE_FORM, { currentYear: 2026 });
    expect(checked.ok ? null : checked.problem).toBeNull();
  });

  it('reaches nobody: reserved example addresses and a number no line can have', () => {
    expect(DEMO_PROFILE_FORM.email.endsWith('@example.com')).toBe(true);
    expect(new URL(DEMO_PROFILE_FORM.website).hostname.endsWith('example.com')).toBe(true);
    // A Turkish subscriber number never starts with 0 (the trunk prefix).
    expect(parseProfilePhone(DEMO_PROFILE_FORM.phone)?.e164).toBe('+902320000000');
    expect(DEMO_PROFILE_FORM.companyInfo.taxNumber + DEMO_PROFILE_FORM.companyInfo.mersisNo).toBe('');
    expect(DEMO_PROFILE_FORM.bankAccounts).toEqual([]);
  });

  it('belongs to the system owner, in any letter case', () => {
    expect(isDemoOwner(DEMO_OWNER_ID)).toBe(true);
    expect(isDemoOwner(DEMO_OWNER_ID.toUpperCase())).toBe(true);
    expect(isDemoOwner('5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11')).toBe(false);
    expect(isDemoOwner(null)).toBe(false);
  });
});
