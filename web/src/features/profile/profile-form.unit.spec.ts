import { describe, expect, it } from 'vitest';
import {
  addressText,
  emptyProfileForm,
  newBankAccount,
  newPaymentMethod,
  newSocialLink,
  NO_IMAGES,
  profileImages,
  profileToForm,
  toProfileFormData,
  type ProfileFormValues,
  type StoredProfile,
} from './profile-form.ts';

const STORED: StoredProfile = {
  title: 'Dr.',
  jobTitle: 'Gayrimenkul Danışmanı',
  firstName: 'Çağrı',
  lastName: 'Öztürk',
  company: 'Öztürk Emlak',
  bio: 'İstanbul’da 10 yıldır.',
  phone: '+905321234567',
  email: 'cagri@example.com',
  website: 'https://ozturk.example',
  theme: 'ocean',
  profilePicture: '/media/aa.webp',
  coverPhoto: 'undefined',
  companyLogo: null,
  address: { street: 'Bağdat Cd. 1', city: 'İstanbul', state: 'Kadıköy', zipCode: '34710', country: 'Türkiye' },
  location: { lat: 40.9909, lng: 29.0303 },
  socialLinks: [{ platform: 'instagram', username: 'cagri', url: 'https://www.instagram.com/cagri' }],
  companyInfo: {
    taxOffice: 'Kadıköy',
    taxNumber: '1234567890',
    mersisNo: '',
    registrationNumber: '',
    foundedYear: 1998,
  },
  invoiceInfo: { recipientName: 'Öztürk Emlak', taxId: '1234567890', taxOffice: 'Kadıköy', address: 'Bağdat Cd. 1' },
  bankAccounts: [
    {
      bankName: 'Ziraat',
      accountHolder: 'Çağrı Öztürk',
      iban: 'TR330006100519786457841326',
      accountNumber: '',
      branchCode: '',
      swiftCode: '',
      currency: 'TRY',
    },
  ],
  paymentMethods: [{ type: 'paypal', accountName: 'PayPal', accountId: 'cagri@example.com', qrCode: '' }],
};

function textOf(value: FormDataEntryValue | undefined): string {
  if (typeof value !== 'string') throw new Error(`expected text, got ${typeof value}`);
  return value;
}

function entries(body: FormData): Record<string, FormDataEntryValue> {
  const all: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of body.entries()) {
    expect(all).not.toHaveProperty(name);
    all[name] = value;
  }
  return all;
}

describe('profileToForm', () => {
  it('reads every part of a stored profile', () => {
    const values = profileToForm(STORED);
    expect(values.firstName).toBe('Çağrı');
    expect(values.address.city).toBe('İstanbul');
    expect(values.location).toEqual({ lat: 40.9909, lng: 29.0303 });
    expect(values.companyInfo.foundedYear).toBe('1998');
    expect(values.bankAccounts[0]?.iban).toBe('TR330006100519786457841326');
    expect(values.socialLinks[0]).toMatchObject({ platform: 'instagram', username: 'cagri' });
    expect(values.paymentMethods[0]).toMatchObject({ type: 'paypal', accountId: 'cagri@example.com' });
    expect(values.searchable).toBe(false);
    expect(profileToForm({ ...STORED, searchable: true }).searchable).toBe(true);
  });

  it('opens a sparse or old profile with defaults', () => {
    const values = profileToForm({ firstName: 'Ayşe', address: null, location: { lat: null, lng: 3 } }, 'classic');
    expect(values.searchable).toBe(false);
    expect(values.address.country).toBe('Türkiye');
    expect(values.location).toBeNull();
    expect(values.theme).toBe('classic');
    expect(values.socialLinks).toEqual([]);
    expect(values.companyInfo.foundedYear).toBe('');
  });

  it('gives every row its own key', () => {
    const values = profileToForm({ ...STORED, socialLinks: [{ platform: 'github' }, { platform: 'github' }] });
    const [first, second] = values.socialLinks;
    expect(first?.key).toBeTruthy();
    expect(first?.key).not.toBe(second?.key);
  });
});

describe('profileImages', () => {
  it("treats missing images and the old literal 'undefined' as none", () => {
    const version = '2025-11-21T10:00:00.000Z';
    expect(profileImages({ ...STORED, updatedAt: version })).toEqual({
      profilePicture: { url: '/media/aa.webp', file: null, version },
      coverPhoto: { url: '', file: null, version },
      companyLogo: { url: '', file: null, version },
    });
    expect(profileImages(null)).toEqual(NO_IMAGES);
  });
});

describe('emptyProfileForm', () => {
  it('starts a new profile from the account: e-mail and name, Türkiye, no rows', () => {
    const values = emptyProfileForm({ email: 'ayse@example.com', firstName: 'Ayşe', lastName: 'Yılmaz' }, 'classic');
    expect(values).toMatchObject({
      email: 'ayse@example.com',
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      theme: 'classic',
    });
    expect(values.address.country).toBe('Türkiye');
    expect(values.bankAccounts).toEqual([]);
    // Search engines only when the owner says so.
    expect(values.searchable).toBe(false);
  });
});

describe('toProfileFormData', () => {
  it('sends scalars, dotted parts, JSON lists and the kept images (SPEC §7)', () => {
    const values: ProfileFormValues = {
      ...profileToForm(STORED),
      firstName: '  Çağrı ',
      bankAccounts: [
        { ...newBankAccount(), bankName: 'Ziraat', iban: 'tr33 0006 1005 1978 6457 8413 26', swiftCode: 'tczatr2a' },
      ],
    };
    const body = entries(toProfileFormData(values, profileImages(STORED)));
    expect(body.firstName).toBe('Çağrı');
    expect(body.title).toBe('Dr.');
    expect(body.theme).toBe('ocean');
    expect(body['address.street']).toBe('Bağdat Cd. 1');
    expect(body['address.country']).toBe('Türkiye');
    expect(body['location.lat']).toBe('40.9909');
    expect(body['location.lng']).toBe('29.0303');
    expect(body['companyInfo.foundedYear']).toBe('1998');
    expect(body['invoiceInfo.recipientName']).toBe('Öztürk Emlak');
    expect(JSON.parse(textOf(body.socialLinks))).toEqual([
      { platform: 'instagram', username: 'cagri', url: 'https://www.instagram.com/cagri' },
    ]);
    expect(JSON.parse(textOf(body.bankAccounts))).toEqual([
      {
        bankName: 'Ziraat',
        accountHolder: '',
        iban: 'TR330006100519786457841326',
        accountNumber: '',
        branchCode: '',
        swiftCode: 'TCZATR2A',
        currency: 'TRY',
      },
    ]);
    expect(JSON.parse(textOf(body.paymentMethods))).toEqual([
      { type: 'paypal', accountName: 'PayPal', accountId: 'cagri@example.com', qrCode: '' },
    ]);
    expect(body.existingProfilePicture).toBe('/media/aa.webp');
    expect(body.existingCoverPhoto).toBe('');
    expect(body.existingCompanyLogo).toBe('');
    expect(body).not.toHaveProperty('profilePicture');
    expect(body.searchable).toBe('false');
    expect(entries(toProfileFormData({ ...values, searchable: true }, NO_IMAGES)).searchable).toBe('true');
  });

  it('sends a newly chosen file instead of the kept address', () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'yeni.png', { type: 'image/png' });
    const images = { ...profileImages(STORED), profilePicture: { url: '/media/aa.webp', file, version: '' } };
    const body = entries(toProfileFormData(profileToForm(STORED), images));
    const sent = body.profilePicture;
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File ? sent.name : '').toBe('yeni.png');
    expect(body).not.toHaveProperty('existingProfilePicture');
    expect(body.existingCoverPhoto).toBe('');
  });

  it('leaves out rows nobody filled in and a location nobody chose', () => {
    const values: ProfileFormValues = {
      ...emptyProfileForm({ email: 'a@example.com', firstName: 'A', lastName: 'B' }),
      socialLinks: [newSocialLink()],
      bankAccounts: [newBankAccount()],
      paymentMethods: [newPaymentMethod()],
    };
    const body = entries(toProfileFormData(values, NO_IMAGES));
    expect(body.socialLinks).toBe('[]');
    expect(body.bankAccounts).toBe('[]');
    expect(body.paymentMethods).toBe('[]');
    expect(body).not.toHaveProperty('location.lat');
    expect(body.email).toBe('a@example.com');
  });

  it('never sends our row keys', () => {
    const values = profileToForm(STORED);
    const body = entries(toProfileFormData(values, NO_IMAGES));
    for (const list of ['socialLinks', 'bankAccounts', 'paymentMethods']) {
      expect(textOf(body[list])).not.toContain('"key"');
    }
  });
});

describe('addressText', () => {
  it('joins street, city, state and country, skipping empties (the map picker’s search text)', () => {
    expect(
      addressText({ street: ' Bağdat Cd. 1 ', city: 'İstanbul', state: '', zipCode: '34710', country: 'Türkiye' }),
    ).toBe('Bağdat Cd. 1, İstanbul, Türkiye');
  });
});
