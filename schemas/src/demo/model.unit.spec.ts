import { describe, expect, it } from 'vitest';
import { DEMO_LISTINGS, DEMO_OWNER_ID, DEMO_PROFILE_FORM, isDemoOwner } from './model.ts';
import { productImageKeys } from '../product/media.ts';
import { validateProductInput } from '../product/rules.ts';
import { compactIban, isValidIban, parseProfilePhone, validateProfileInput } from '../profile/rules.ts';

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
    for (const link of DEMO_PROFILE_FORM.socialLinks) expect(new URL(link.url).hostname).toBe('www.example.com');
    // Bank code 00000: no Turkish bank has it (EFT codes start at 00001), so no account anywhere has these IBANs.
    for (const account of DEMO_PROFILE_FORM.bankAccounts) {
      expect(isValidIban(account.iban)).toBe(true);
      expect(compactIban(account.iban).slice(4, 9)).toBe('00000');
    }
    const paypal = DEMO_PROFILE_FORM.paymentMethods.find((method) => method.type === 'paypal');
    expect(paypal?.accountId.endsWith('@example.com')).toBe(true);
  });

  it('shows every section a real card has: social links, company, invoice, bank accounts and payment methods', () => {
    const checked = validateProfileInput(DEMO_PROFILE_FORM, { currentYear: 2026 });
    if (!checked.ok) throw new Error(checked.problem.message);
    const { profile } = checked;
    expect(profile.socialLinks.length).toBeGreaterThanOrEqual(3);
    expect(profile.bankAccounts.map((account) => account.currency)).toEqual(['TRY', 'EUR']);
    expect(profile.paymentMethods.map((method) => method.type)).toEqual(['bankTransfer', 'creditCard', 'paypal']);
    expect(profile.companyInfo.foundedYear).toBe(2015);
    expect(profile.invoiceInfo.recipientName).toBe('Örnek Gayrimenkul');
  });
});

describe('the sample card’s listings', () => {
  it('are six products that pass the product rules, featured first, each with its photos and a Turkish price', () => {
    expect(DEMO_LISTINGS).toHaveLength(6);
    const images = (count: number) =>
      Array.from(
        { length: count },
        (_, index) => `/media/${productImageKeys(DEMO_OWNER_ID, `${index}`.padStart(32, 'a'), 'jpg').main}`,
      );
    const featured = DEMO_LISTINGS.map((listing) => {
      const checked = validateProductInput(
        { ...listing.form, images: images(listing.photos.length) },
        { ownerId: DEMO_OWNER_ID },
      );
      if (!checked.ok) throw new Error(`${listing.form.name}: ${checked.message}`);
      expect(checked.value.product.price.currency).toBe('TRY');
      expect(checked.value.product.price.value).toBeGreaterThan(0);
      expect(listing.photos.length).toBeGreaterThanOrEqual(2);
      return checked.value.featured;
    });
    // Featured first: the catalogue lists them before the rest anyway; the order says it too.
    expect(featured).toEqual([...featured].sort((a, b) => Number(b) - Number(a)));
    expect(featured.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(new Set(DEMO_LISTINGS.map((listing) => listing.productId)).size).toBe(6);
  });

  it('belongs to the system owner, in any letter case', () => {
    expect(isDemoOwner(DEMO_OWNER_ID)).toBe(true);
    expect(isDemoOwner(DEMO_OWNER_ID.toUpperCase())).toBe(true);
    expect(isDemoOwner('5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11')).toBe(false);
    expect(isDemoOwner(null)).toBe(false);
  });
});
