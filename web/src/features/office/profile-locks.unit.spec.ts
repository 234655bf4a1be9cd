import { describe, expect, it } from 'vitest';
import type { OfficeView } from '@kartvizit/schemas/office/http';
import { emptyProfileForm, NO_IMAGES, type ImageValues } from '../profile/profile-form.ts';
import { imagesWithLockedAsSaved, NO_LOCKS, profileLocksOf, themeLabel, withLockedAsSaved } from './profile-locks.ts';

const OFFICE: OfficeView = {
  id: 'office-1',
  slug: 'cinar-emlak',
  details: {
    name: 'Çınar Emlak',
    company: 'Çınar Gayrimenkul Ltd. Şti.',
    address: 'Moda Cd. 1, Kadıköy',
    location: null,
    phone: '',
    email: '',
    website: '',
    taxOffice: 'Kadıköy',
    taxNumber: '1234567890',
    licenceNumber: '3400123',
    primaryColor: '#1d4ed8',
    secondaryColor: '',
    theme: '',
    bankAccounts: [],
    paymentMethods: [],
  },
  logoUrl: 'https://cdn.example/office-1/logo.png',
  template: {
    fields: ['company', 'companyLogo', 'companyInfo', 'theme'],
    locked: ['company', 'companyLogo', 'companyInfo'],
  },
  rems: { active: false, keyHint: null },
  memberCount: 3,
  requireSecondStep: false,
  createdAt: '2026-11-28T00:00:00.000Z',
};

describe('the profile form under an office template', () => {
  it('given no office, then nothing is locked', () => {
    expect(profileLocksOf(null)).toBe(NO_LOCKS);
    expect(profileLocksOf(undefined).size).toBe(0);
  });

  it('given locked fields, then each is locked with its Turkish label and the office’s value; a field only from the office is not', () => {
    const locks = profileLocksOf({ office: OFFICE });
    expect([...locks.keys()]).toEqual(['company', 'companyLogo', 'companyInfo']);
    expect(locks.get('company')).toEqual({
      field: 'company',
      label: 'Şirket adı',
      officeValue: 'Çınar Gayrimenkul Ltd. Şti.',
    });
    expect(locks.get('companyLogo')?.officeValue).toBe('https://cdn.example/office-1/logo.png');
    expect(locks.get('companyInfo')?.officeValue).toBe('Kadıköy · 1234567890');
    expect(locks.has('theme')).toBe(false);
  });

  it('given the theme and the lists locked, then the office’s theme name and one line per entry are shown', () => {
    const office: OfficeView = {
      ...OFFICE,
      details: {
        ...OFFICE.details,
        theme: 'ocean',
        bankAccounts: [
          {
            bankName: 'Ziraat Bankası',
            accountHolder: 'Çınar Gayrimenkul',
            iban: 'TR330006100519786457841326',
            accountNumber: '',
            branchCode: '',
            swiftCode: '',
            currency: 'TRY',
          },
          {
            bankName: 'Vakıfbank',
            accountHolder: '',
            iban: '',
            accountNumber: '123-456',
            branchCode: '',
            swiftCode: '',
            currency: 'EUR',
          },
        ],
        paymentMethods: [{ type: 'paypal', accountName: 'Çınar Emlak', accountId: 'odeme@cinar.example', qrCode: '' }],
      },
      template: {
        fields: ['theme', 'bankAccounts', 'paymentMethods'],
        locked: ['theme', 'bankAccounts', 'paymentMethods'],
      },
    };
    const locks = profileLocksOf({ office });
    expect(locks.get('theme')?.officeValue).toBe('Okyanus');
    expect(locks.get('bankAccounts')?.officeValue).toBe(
      'Ziraat Bankası · Çınar Gayrimenkul · TR33 0006 1005 1978 6457 8413 26 · TRY\nVakıfbank · 123-456 · EUR',
    );
    expect(locks.get('paymentMethods')?.officeValue).toBe('PayPal · Çınar Emlak · odeme@cinar.example');
  });

  it('given the office has no theme or lists yet, then the locks show no value (the form says the card shows the office’s)', () => {
    const locks = profileLocksOf({
      office: { ...OFFICE, template: { fields: ['theme', 'bankAccounts'], locked: ['theme', 'bankAccounts'] } },
    });
    expect(locks.get('theme')?.officeValue).toBe('');
    expect(locks.get('bankAccounts')?.officeValue).toBe('');
    expect(themeLabel('yeni-tema')).toBe('yeni-tema');
  });

  it('given a locked company changed in the form, when saving, then the stored company is sent; other fields as typed', () => {
    const saved = {
      ...emptyProfileForm(null),
      company: 'Eski Şirket',
      companyInfo: { ...emptyProfileForm(null).companyInfo, taxOffice: 'Şişli' },
    };
    const typed = {
      ...saved,
      company: 'Başka Şirket',
      jobTitle: 'Danışman',
      companyInfo: { ...saved.companyInfo, taxOffice: 'Beşiktaş' },
    };
    const sent = withLockedAsSaved(typed, saved, profileLocksOf({ office: OFFICE }));
    expect(sent.company).toBe('Eski Şirket');
    expect(sent.companyInfo.taxOffice).toBe('Şişli');
    expect(sent.jobTitle).toBe('Danışman');
    expect(withLockedAsSaved(typed, saved, NO_LOCKS)).toBe(typed);
  });

  it('given a locked logo and a new file chosen, when saving, then the stored logo is kept and the file not sent', () => {
    const savedImages: ImageValues = {
      ...NO_IMAGES,
      companyLogo: { url: '/uploads/logo.png', file: null, version: 'v1' },
    };
    const chosen: ImageValues = {
      ...savedImages,
      companyLogo: { url: '', file: new File(['x'], 'yeni.png', { type: 'image/png' }), version: 'v1' },
      profilePicture: { url: '', file: new File(['y'], 'ben.png', { type: 'image/png' }), version: 'v1' },
    };
    const sent = imagesWithLockedAsSaved(chosen, savedImages, profileLocksOf({ office: OFFICE }));
    expect(sent.companyLogo).toEqual({ url: '/uploads/logo.png', file: null, version: 'v1' });
    expect(sent.profilePicture.file?.name).toBe('ben.png');
  });
});
