import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@kartvizit/schemas/profile/messages';
import * as rules from '@kartvizit/schemas/profile/rules';
import { formattedCaret } from './iban.ts';
import {
  emptyProfileForm,
  formFieldOf,
  newBankAccount,
  newPaymentMethod,
  newSocialLink,
  toProfileInput,
  type ProfileFormValues,
} from './profile-form.ts';
import { profileFormProblems } from './validation.ts';

const VALID_IBAN = 'TR330006100519786457841326';
const base = emptyProfileForm({ email: 'ayse@example.com', firstName: 'Ayşe', lastName: 'Yılmaz' }, 'classic');

function problems(values: Partial<ProfileFormValues>) {
  return profileFormProblems(rules, { ...base, ...values }, 2025);
}

describe('profileFormProblems', () => {
  it('finds nothing in a blank new profile', () => {
    expect(problems({})).toEqual({});
  });

  it('sends the search switch as the shared rules take it', () => {
    expect(problems({ searchable: true })).toEqual({});
    const checked = rules.validateProfileInput(toProfileInput({ ...base, searchable: true }), { currentYear: 2025 });
    expect(checked.ok && checked.profile.searchable).toBe(true);
  });

  it('puts each shared rule’s message beside its field, all at once', () => {
    const found = problems({
      phone: '123',
      website: 'javascript:alert(1)',
      companyInfo: { ...base.companyInfo, taxNumber: '1234567891' },
      invoiceInfo: { ...base.invoiceInfo, taxId: '12345678901' },
      bankAccounts: [{ ...newBankAccount(), iban: 'TR330006100519786457841327' }],
    });
    expect(found).toEqual({
      phone: PROFILE_MESSAGES.profileInvalidPhone,
      website: PROFILE_MESSAGES.profileUnsafeUrl,
      'companyInfo.taxNumber': PROFILE_MESSAGES.profileInvalidVkn,
      'invoiceInfo.taxId': PROFILE_MESSAGES.profileInvalidTckn,
      'bankAccounts.0.iban': PROFILE_MESSAGES.profileIbanChecksum,
    });
  });

  it('accepts a valid Turkish IBAN, phone, VKN and web address', () => {
    expect(
      problems({
        phone: '0532 123 45 67',
        website: 'ornek.com.tr',
        companyInfo: { ...base.companyInfo, taxNumber: '1234567890', foundedYear: '1998' },
        bankAccounts: [{ ...newBankAccount(), iban: 'tr33 0006 1005 1978 6457 8413 26' }],
      }),
    ).toEqual({});
    expect(rules.isValidVkn('1234567890')).toBe(true);
    expect(rules.isValidIban(VALID_IBAN)).toBe(true);
  });

  it('checks rows but not the blank ones nobody filled in', () => {
    const found = problems({
      socialLinks: [newSocialLink(), { ...newSocialLink(), platform: 'youtube', username: 'kanal' }],
      bankAccounts: [newBankAccount(), { ...newBankAccount(), bankName: 'Ziraat' }],
      paymentMethods: [{ ...newPaymentMethod(), accountName: 'PayPal' }],
    });
    expect(found).toEqual({
      'socialLinks.1.url': PROFILE_MESSAGES.profileSocialLinkIncomplete,
      'bankAccounts.1.iban': PROFILE_MESSAGES.profileBankAccountIncomplete,
      'paymentMethods.0.accountId': PROFILE_MESSAGES.profilePaymentMethodIncomplete,
    });
  });

  it('reports the server-only rules too (first one), at the form’s row', () => {
    const found = problems({
      bankAccounts: [newBankAccount(), { ...newBankAccount(), iban: VALID_IBAN, swiftCode: 'X1' }],
    });
    expect(found).toEqual({ 'bankAccounts.1.swiftCode': PROFILE_MESSAGES.profileInvalidSwift });
  });

  it('founded year: digits, and not in the future', () => {
    expect(problems({ companyInfo: { ...base.companyInfo, foundedYear: 'bin' } })).toEqual({
      'companyInfo.foundedYear': PROFILE_MESSAGES.profileInvalidFoundedYear,
    });
    expect(Object.keys(problems({ companyInfo: { ...base.companyInfo, foundedYear: '2030' } }))).toEqual([
      'companyInfo.foundedYear',
    ]);
  });
});

describe('formFieldOf', () => {
  it('maps the server’s row numbers (blank rows are not sent) to the form’s', () => {
    const values = {
      ...base,
      bankAccounts: [newBankAccount(), { ...newBankAccount(), iban: VALID_IBAN }],
    };
    expect(formFieldOf('bankAccounts.0.iban', values)).toBe('bankAccounts.1.iban');
    expect(formFieldOf('phone', values)).toBe('phone');
    expect(formFieldOf('existingCoverPhoto', values)).toBe('coverPhoto');
    expect(formFieldOf('bankAccounts.5.iban', values)).toBe('bankAccounts.5.iban');
  });
});

describe('formattedCaret', () => {
  it('keeps the caret after the same character when the IBAN is regrouped', () => {
    // Typed "TR3|3" → shown "TR33": caret after the 3rd character.
    expect(formattedCaret('TR33', 3, 'TR33')).toBe(3);
    // "TR330|" → "TR33 0|"
    expect(formattedCaret('TR330', 5, 'TR33 0')).toBe(6);
    // Inserting in the middle: "TR33 0X006…" with caret after X.
    expect(formattedCaret('TR33 0X006', 7, 'TR33 0X00 6')).toBe(7);
    expect(formattedCaret('', 0, '')).toBe(0);
  });
});
