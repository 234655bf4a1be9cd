import { describe, expect, it } from 'vitest';
import { officeLicenceNumber, readStoredOffice, withOfficeTemplate, type StoredOffice } from './read.ts';

const row = {
  officeId: '7d0c2a8e-1f0b-4c55-9a57-3c1e0f9b2d44',
  slug: 'cinar-emlak',
  details: {
    name: 'Çınar Emlak',
    company: 'Çınar Gayrimenkul A.Ş.',
    address: 'Caferağa Mah. Moda Cad. No: 12, Kadıköy / İstanbul',
    location: { lat: 40.98, lng: 29.03 },
    taxOffice: 'Kadıköy',
    taxNumber: '1234567890',
    licenceNumber: '3400123',
    theme: 'ocean',
    bankAccounts: [],
    paymentMethods: [],
  },
  logoUrl: '/media/profiles/7d0c/logo-abc.png',
  template: {
    fields: ['company', 'companyLogo', 'address', 'licenceNumber'],
    locked: ['company', 'companyLogo', 'theme'],
  },
};

const member = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  company: 'Kendi Şirketim',
  companyLogo: '/media/profiles/ayse/logo-own.png',
  address: { street: '', city: 'İzmir', state: '', zipCode: '', country: 'TR' },
  location: null,
  theme: 'sunset',
};

describe('an office card shows what the office template gives', () => {
  it('reads a stored office, dropping a locked field the template does not give', () => {
    const office = readStoredOffice(row) as StoredOffice;
    expect(office.name).toBe('Çınar Emlak');
    expect(office.fields).toEqual(['company', 'companyLogo', 'address', 'licenceNumber']);
    expect(office.locked).toEqual(['company', 'companyLogo']);
  });

  it("given locked company and logo, shows the office's instead of the member's", () => {
    const shown = withOfficeTemplate(member, readStoredOffice(row) as StoredOffice);
    expect(shown.company).toBe('Çınar Gayrimenkul A.Ş.');
    expect(shown.companyLogo).toBe('/media/profiles/7d0c/logo-abc.png');
    expect(shown.firstName).toBe('Ayşe');
  });

  it("given an unlocked field, the member's own value wins and the office's fills an empty one", () => {
    const shown = withOfficeTemplate(member, readStoredOffice(row) as StoredOffice);
    // The member wrote a city: their address stays; they gave no place on the map: the office's fills it.
    expect(shown.address).toEqual(member.address);
    expect(shown.location).toEqual({ lat: 40.98, lng: 29.03 });
    expect(shown.theme).toBe('sunset');
  });

  it("a field the template does not give stays the member's, and the licence shows only when given", () => {
    const office = readStoredOffice({ ...row, template: { fields: ['company'], locked: [] } }) as StoredOffice;
    const shown = withOfficeTemplate(member, office);
    expect(shown.company).toBe('Kendi Şirketim');
    expect(shown.companyLogo).toBe(member.companyLogo);
    expect(officeLicenceNumber(office)).toBe('');
    expect(officeLicenceNumber(readStoredOffice(row) as StoredOffice)).toBe('3400123');
  });

  it('reads damaged rows as less, never fails', () => {
    expect(readStoredOffice(null)).toBeNull();
    const office = readStoredOffice({ details: 'x', template: { fields: 'company', locked: [1] } }) as StoredOffice;
    expect(office.fields).toEqual([]);
    expect(withOfficeTemplate(undefined, office)).toEqual({});
  });
});
