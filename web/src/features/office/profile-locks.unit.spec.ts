import { describe, expect, it } from 'vitest';
import type { OfficeView } from '@kartvizit/schemas/office/http';
import { emptyProfileForm, NO_IMAGES, type ImageValues } from '../profile/profile-form.ts';
import { imagesWithLockedAsSaved, NO_LOCKS, profileLocksOf, withLockedAsSaved } from './profile-locks.ts';

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
  memberCount: 3,
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
