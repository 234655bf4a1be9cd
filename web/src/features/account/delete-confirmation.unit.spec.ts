import { describe, expect, it } from 'vitest';
import { typedAddressConfirms } from './delete-confirmation.ts';

describe('typedAddressConfirms: the address typed in the deletion dialog', () => {
  it('given the account’s own address, typed with other capitals and spaces around it, then it confirms', () => {
    expect(typedAddressConfirms('  Ayse.Yilmaz@Example.COM ', 'ayse.yilmaz@example.com')).toBe(true);
  });

  it('given a capital I, then it is lower-cased without the Turkish locale (I → i, not ı)', () => {
    expect(typedAddressConfirms('IREM@EXAMPLE.COM', 'irem@example.com')).toBe(true);
    expect(typedAddressConfirms('ırem@example.com', 'irem@example.com')).toBe(false);
  });

  it('given part of the address, another address or nothing, then it does not confirm', () => {
    expect(typedAddressConfirms('ayse.yilmaz@example.co', 'ayse.yilmaz@example.com')).toBe(false);
    expect(typedAddressConfirms('ayse.yilmaz@example.com.tr', 'ayse.yilmaz@example.com')).toBe(false);
    expect(typedAddressConfirms('', 'ayse.yilmaz@example.com')).toBe(false);
  });

  it('given the account’s address is not known yet, then nothing confirms', () => {
    expect(typedAddressConfirms('', null)).toBe(false);
    expect(typedAddressConfirms('', '')).toBe(false);
    expect(typedAddressConfirms('ayse@example.com', undefined)).toBe(false);
  });
});
