import { describe, expect, it } from 'vitest';
import { readStoredProfile } from './read.ts';

const EMPTY = readStoredProfile(null);

describe('a stored profile as the public pages read it', () => {
  it('reads anything but an object as an empty profile', () => {
    expect(EMPTY).toEqual({
      _id: '',
      title: '',
      jobTitle: '',
      firstName: '',
      lastName: '',
      company: '',
      bio: '',
      phone: '',
      phoneFormatted: '',
      email: '',
      website: '',
      profilePicture: null,
      coverPhoto: null,
      companyLogo: null,
      thumbnails: { profilePicture: null, coverPhoto: null, companyLogo: null },
      theme: '',
      address: { street: '', city: '', state: '', zipCode: '', country: '' },
      location: null,
      socialLinks: [],
      companyInfo: { taxOffice: '', taxNumber: '', mersisNo: '', registrationNumber: '', foundedYear: '' },
      invoiceInfo: { recipientName: '', taxId: '', taxOffice: '', address: '' },
      bankAccounts: [],
      paymentMethods: [],
      searchable: false,
      translations: {},
      yetkiBelgesiNo: '',
    });
    expect(readStoredProfile('')).toEqual(EMPTY);
    expect(readStoredProfile([{ firstName: 'Ayşe' }])).toEqual(EMPTY);
  });

  it('trims text, reads a number as its digits and a field of the wrong type as empty', () => {
    const profile = readStoredProfile({
      firstName: ' Ayşe ',
      lastName: ['Yılmaz'],
      phone: Number.NaN,
      profilePicture: ' /media/a.jpg',
      coverPhoto: 7,
      thumbnails: 'none',
      address: { city: 'İstanbul', zipCode: 34710, country: null },
      location: { lat: 91, lng: 29 },
      companyInfo: { foundedYear: 1998, taxNumber: { digits: '1' } },
      searchable: 'true',
    });
    expect(profile).toEqual({
      ...EMPTY,
      firstName: 'Ayşe',
      // Image addresses stay as stored: the page keeps only its own media paths.
      profilePicture: ' /media/a.jpg',
      address: { ...EMPTY.address, city: 'İstanbul', zipCode: '34710' },
      companyInfo: { ...EMPTY.companyInfo, foundedYear: '1998' },
    });
    expect(readStoredProfile({ location: { lat: 40.97, lng: 29.06 }, searchable: true })).toMatchObject({
      location: { lat: 40.97, lng: 29.06 },
      searchable: true,
    });
  });

  it('given a profile saved before the Yetki Belgesi number, when read, then the number is blank; a saved one is kept', () => {
    expect(readStoredProfile({ firstName: 'Ayşe' }).yetkiBelgesiNo).toBe('');
    expect(readStoredProfile({ yetkiBelgesiNo: ' 3401234 ' }).yetkiBelgesiNo).toBe('3401234');
    expect(readStoredProfile({ yetkiBelgesiNo: 3401234 }).yetkiBelgesiNo).toBe('3401234');
    expect(readStoredProfile({ yetkiBelgesiNo: ['3401234'] }).yetkiBelgesiNo).toBe('');
  });

  it("reads 'x' as twitter, an unknown platform as 'other', and skips list entries that are not objects", () => {
    const profile = readStoredProfile({
      socialLinks: [
        { platform: ' X ', username: 'ayse', url: ' https://x.com/ayse ' },
        { platform: 'Medium', url: 5 },
        { platform: 'myspace', url: 'https://myspace.example/ayse' },
        'https://github.com/ayse',
        null,
      ],
      bankAccounts: [{ bankName: 'Ziraat', iban: 'tr33 0006 1005', currency: 'XXX' }, { bankName: 'Garanti' }, 7],
      paymentMethods: [{ type: 'papara', accountName: ' Papara ', accountId: 1234, qrCode: ' /media/q.png' }, []],
    });
    expect(profile.socialLinks).toEqual([
      { platform: 'twitter', username: 'ayse', url: ' https://x.com/ayse ' },
      { platform: 'medium', username: '', url: null },
      { platform: 'other', username: '', url: 'https://myspace.example/ayse' },
    ]);
    // A currency kept as stored, '' when none: the page shows no currency row rather than assume TRY.
    expect(profile.bankAccounts.map((account) => [account.bankName, account.iban, account.currency])).toEqual([
      ['Ziraat', 'tr33 0006 1005', 'XXX'],
      ['Garanti', '', ''],
    ]);
    // An unknown payment type keeps its name: the page names a brand from it.
    expect(profile.paymentMethods).toEqual([
      { type: 'papara', accountName: 'Papara', accountId: '1234', qrCode: ' /media/q.png' },
    ]);
  });
});
