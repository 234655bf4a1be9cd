import { describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import type { OfficeDetailsView } from '@kartvizit/schemas/office/http';
import {
  createOfficeRequest,
  detailsChanged,
  detailsFieldOf,
  detailsToForm,
  EMPTY_CREATE_OFFICE,
  historyLine,
  maskEmail,
  memberName,
  officeDetailsRequest,
  officePageAddress,
  templateBody,
  templateChanged,
  templateRows,
  withFromOffice,
  withLocked,
  withOfficeName,
  withBankAccountChange,
  withOfficeSlug,
  withPaymentMethodChange,
} from './office-forms.ts';
import { newBankAccount, newPaymentMethod } from '../profile/profile-form.ts';
import { PROFILE_MESSAGES } from '@kartvizit/schemas/profile/messages';

const DETAILS: OfficeDetailsView = {
  name: 'Çınar Emlak',
  company: 'Çınar Gayrimenkul Ltd. Şti.',
  address: 'Moda Cd. 1, Kadıköy',
  location: { lat: 40.98, lng: 29.03 },
  phone: '+90 216 000 00 00',
  email: 'ofis@cinar.example',
  website: 'https://cinar.example',
  taxOffice: 'Kadıköy',
  taxNumber: '',
  licenceNumber: '3400123',
  primaryColor: '#1d4ed8',
  secondaryColor: '',
  theme: '',
  bankAccounts: [],
  paymentMethods: [],
};

describe("'Ofis Oluştur'", () => {
  it('given a name typed, when the address was not touched, then the address follows the name in ASCII', () => {
    const form = withOfficeName(EMPTY_CREATE_OFFICE, 'Çınar Emlak Kadıköy');
    expect(form.slug).toBe('cinar-emlak-kadikoy');
    expect(withOfficeName(form, 'Çınar Emlak Şişli').slug).toBe('cinar-emlak-sisli');
  });

  it('given the address written by hand, when the name changes, then the address stays', () => {
    const named = withOfficeName(EMPTY_CREATE_OFFICE, 'Çınar Emlak');
    const edited = withOfficeSlug(named, 'Cinar-Moda');
    expect(edited.slug).toBe('cinar-moda');
    expect(withOfficeName(edited, 'Çınar Emlak Moda').slug).toBe('cinar-moda');
  });

  it('given the address emptied, then the name suggests it again', () => {
    const edited = withOfficeSlug(withOfficeName(EMPTY_CREATE_OFFICE, 'Ege Evleri'), 'baska');
    const cleared = withOfficeSlug(edited, '');
    expect(cleared).toEqual({ name: 'Ege Evleri', slug: 'ege-evleri', slugEdited: false });
  });

  it('refuses a missing name and a bad address in Turkish, naming the field', () => {
    expect(createOfficeRequest(EMPTY_CREATE_OFFICE)).toEqual({
      ok: false,
      field: 'name',
      message: OFFICE_MESSAGES.officeNameRequired,
    });
    expect(createOfficeRequest({ name: 'Ege', slug: 'ab', slugEdited: true })).toEqual({
      ok: false,
      field: 'slug',
      message: OFFICE_MESSAGES.officeSlugInvalid,
    });
    expect(createOfficeRequest({ name: 'Ege', slug: 'ege--evleri', slugEdited: true })).toMatchObject({
      ok: false,
      field: 'slug',
    });
  });

  it('sends the name with spaces squeezed and the address as typed, trimmed', () => {
    expect(createOfficeRequest({ name: '  Ege   Evleri ', slug: ' ege-evleri ', slugEdited: true })).toEqual({
      ok: true,
      body: { name: 'Ege Evleri', slug: 'ege-evleri' },
    });
  });

  it('shows the public page address under the origin', () => {
    expect(officePageAddress('https://kartvizit.example/', 'ege-evleri')).toBe(
      'https://kartvizit.example/o/ege-evleri',
    );
  });
});

describe("'Ofisim'", () => {
  it('given the saved details, then the form holds them and nothing is changed', () => {
    const form = detailsToForm(DETAILS);
    expect(form.licenceNumber).toBe('3400123');
    expect(detailsChanged(form, DETAILS)).toBe(false);
    expect(detailsChanged({ ...form, phone: '+90 216 111 11 11' }, DETAILS)).toBe(true);
  });

  it('checks as the server does: an empty name, a bad e-mail, a bad VKN and a bad colour are refused in Turkish', () => {
    const form = detailsToForm(DETAILS);
    expect(officeDetailsRequest({ ...form, name: '  ' }, null)).toMatchObject({ ok: false, field: 'name' });
    expect(officeDetailsRequest({ ...form, email: 'ofis@' }, null)).toEqual({
      ok: false,
      field: 'email',
      message: OFFICE_MESSAGES.officeEmailInvalid,
    });
    expect(officeDetailsRequest({ ...form, taxNumber: '1234567891' }, null)).toEqual({
      ok: false,
      field: 'taxNumber',
      message: OFFICE_MESSAGES.officeTaxNumberInvalid,
    });
    expect(officeDetailsRequest({ ...form, primaryColor: 'mavi' }, null)).toEqual({
      ok: false,
      field: 'primaryColor',
      message: OFFICE_MESSAGES.officeColorInvalid,
    });
  });

  it('sends the cleaned details and keeps the map location it does not edit', () => {
    const request = officeDetailsRequest(
      { ...detailsToForm(DETAILS), email: ' OFIS@Cinar.example ', primaryColor: '#1D4ED8' },
      DETAILS.location,
    );
    expect(request).toMatchObject({
      ok: true,
      body: {
        email: 'ofis@cinar.example',
        primaryColor: '#1d4ed8',
        location: { lat: 40.98, lng: 29.03 },
        name: 'Çınar Emlak',
      },
    });
  });
});

describe("'Ofisim': the card values the template can give", () => {
  const IBAN = 'TR330006100519786457841326';
  const WITH_LISTS: OfficeDetailsView = {
    ...DETAILS,
    theme: 'ocean',
    bankAccounts: [
      {
        bankName: 'Ziraat Bankası',
        accountHolder: 'Çınar Gayrimenkul',
        iban: IBAN,
        accountNumber: '',
        branchCode: '',
        swiftCode: '',
        currency: 'TRY',
      },
    ],
    paymentMethods: [{ type: 'paypal', accountName: 'Çınar Emlak', accountId: 'odeme@cinar.example', qrCode: '' }],
  };

  it('given saved lists, then the form holds them as the profile’s rows and nothing is changed', () => {
    const form = detailsToForm(WITH_LISTS);
    expect(form.theme).toBe('ocean');
    expect(form.bankAccounts).toMatchObject([{ bankName: 'Ziraat Bankası', iban: IBAN, currency: 'TRY' }]);
    expect(form.paymentMethods).toMatchObject([{ type: 'paypal', accountId: 'odeme@cinar.example' }]);
    expect(detailsChanged(form, WITH_LISTS)).toBe(false);
  });

  it('given a theme chosen, a row edited or a blank row added, then only real changes count', () => {
    const form = detailsToForm(WITH_LISTS);
    expect(detailsChanged({ ...form, theme: 'forest' }, WITH_LISTS)).toBe(true);
    expect(detailsChanged(withBankAccountChange(form, 0, 'bankName', 'Vakıfbank'), WITH_LISTS)).toBe(true);
    expect(detailsChanged(withPaymentMethodChange(form, 0, 'accountId', 'yeni@cinar.example'), WITH_LISTS)).toBe(true);
    // A row nobody filled in is not sent, as in the profile.
    expect(detailsChanged({ ...form, bankAccounts: [...form.bankAccounts, newBankAccount()] }, WITH_LISTS)).toBe(false);
  });

  it('sends the theme and the filled rows without their keys, IBAN without spaces', () => {
    const form = withBankAccountChange(detailsToForm(DETAILS), 0, 'iban', 'x');
    expect(form.bankAccounts).toEqual([]);
    const typed = {
      ...detailsToForm(DETAILS),
      theme: 'forest',
      bankAccounts: [newBankAccount(), { ...newBankAccount('Çınar'), bankName: 'Ziraat', iban: IBAN }],
      paymentMethods: [{ ...newPaymentMethod(), type: 'other', accountId: 'IBAN ile havale' }],
    };
    const request = officeDetailsRequest(typed, null);
    expect(request).toMatchObject({ ok: true });
    if (!request.ok) return;
    expect(request.body.theme).toBe('forest');
    expect(request.body.bankAccounts).toEqual([
      {
        bankName: 'Ziraat',
        accountHolder: 'Çınar',
        iban: IBAN,
        accountNumber: '',
        branchCode: '',
        swiftCode: '',
        currency: 'TRY',
      },
    ]);
    expect(request.body.paymentMethods).toEqual([
      { type: 'other', accountName: '', accountId: 'IBAN ile havale', qrCode: '' },
    ]);
  });

  it('given a bad IBAN in the second row after a blank one, then the profile’s message is shown beside that row’s field', () => {
    const typed = {
      ...detailsToForm(DETAILS),
      bankAccounts: [newBankAccount(), { ...newBankAccount(), bankName: 'Ziraat', iban: 'TR0000' }],
    };
    const request = officeDetailsRequest(typed, null);
    expect(request).toMatchObject({ ok: false, field: 'bankAccounts.1.iban' });
    if (request.ok) return;
    expect(request.message).toMatch(/IBAN/u);
  });

  it('given a payment method with neither an account nor a QR code, then the profile’s message names its account', () => {
    const typed = {
      ...detailsToForm(DETAILS),
      paymentMethods: [{ ...newPaymentMethod(), accountName: 'Kasa' }],
    };
    expect(officeDetailsRequest(typed, null)).toEqual({
      ok: false,
      field: 'paymentMethods.0.accountId',
      message: PROFILE_MESSAGES.profilePaymentMethodIncomplete,
    });
  });

  it('maps the server’s row numbers (rows sent) to the form’s (blank rows kept on screen)', () => {
    const form = {
      ...detailsToForm(DETAILS),
      paymentMethods: [newPaymentMethod(), { ...newPaymentMethod(), accountId: 'a' }],
    };
    expect(detailsFieldOf('paymentMethods.0.accountId', form)).toBe('paymentMethods.1.accountId');
    expect(detailsFieldOf('phone', form)).toBe('phone');
  });
});

describe("'Kart Şablonu'", () => {
  const saved = { fields: ['company', 'companyLogo'] as const, locked: ['company'] as const };
  const template = { fields: [...saved.fields], locked: [...saved.locked] };

  it('lists every field in the screen order with Turkish labels and its two ticks', () => {
    const rows = templateRows(template);
    expect(rows.map((row) => row.field)).toEqual([
      'company',
      'companyLogo',
      'address',
      'companyInfo',
      'bankAccounts',
      'paymentMethods',
      'theme',
      'licenceNumber',
    ]);
    expect(rows[0]).toEqual({ field: 'company', label: 'Şirket adı', fromOffice: true, locked: true });
    expect(rows[1]).toMatchObject({ label: 'Logo', fromOffice: true, locked: false });
    expect(templateChanged(rows, template)).toBe(false);
  });

  it('given a field locked, then it comes from the office too; given it no longer from the office, then it is unlocked', () => {
    const locked = withLocked(templateRows(template), 'address', true);
    expect(templateBody(locked)).toEqual({
      fields: ['company', 'companyLogo', 'address'],
      locked: ['company', 'address'],
    });
    const released = withFromOffice(locked, 'company', false);
    expect(templateBody(released)).toEqual({ fields: ['companyLogo', 'address'], locked: ['address'] });
    expect(templateChanged(released, template)).toBe(true);
  });

  it('sends only locked fields that come from the office (the server’s rule)', () => {
    const rows = withFromOffice(withLocked(templateRows({ fields: [], locked: [] }), 'theme', true), 'theme', false);
    expect(templateBody(rows)).toEqual({ fields: [], locked: [] });
  });
});

describe("'Ekip' and the invitation page", () => {
  it('names a member by name, or by address when they wrote none', () => {
    expect(memberName({ firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@ornek.com' })).toBe('Ayşe Yılmaz');
    expect(memberName({ firstName: '', lastName: ' ', email: 'ayse@ornek.com' })).toBe('ayse@ornek.com');
  });

  it('masks an address enough to recognise one’s own, and a masked one stays as it is', () => {
    expect(maskEmail('ayse.yilmaz@ornek.com')).toBe('a***@ornek.com');
    expect(maskEmail('a***@ornek.com')).toBe('a***@ornek.com');
    expect(maskEmail('bozuk')).toBe('bozuk');
  });
});

describe("'Ofis Geçmişi'", () => {
  const entry = { actorName: 'Ayşe Yılmaz', subjectName: 'Mehmet Demir', role: null };
  it('tells each change as a Turkish sentence, who did it and to whom', () => {
    expect(historyLine({ ...entry, type: 'created' })).toBe('Ayşe Yılmaz ofisi oluşturdu');
    expect(historyLine({ ...entry, type: 'invited', subjectName: 'mehmet@ornek.com', role: 'agent' })).toBe(
      'Ayşe Yılmaz, mehmet@ornek.com adresini davet etti (Danışman)',
    );
    expect(historyLine({ ...entry, type: 'joined', role: 'agent' })).toBe('Mehmet Demir ofise katıldı (Danışman)');
    expect(historyLine({ ...entry, type: 'role-changed', role: 'admin' })).toBe(
      'Ayşe Yılmaz, Mehmet Demir kişisini Yönetici yaptı',
    );
    expect(historyLine({ ...entry, type: 'removed' })).toBe('Ayşe Yılmaz, Mehmet Demir kişisini ofisten çıkardı');
    expect(historyLine({ ...entry, type: 'left' })).toBe('Mehmet Demir ofisten ayrıldı');
    expect(historyLine({ ...entry, type: 'template-changed', actorName: '' })).toBe(
      'Bir üye kart şablonunu değiştirdi',
    );
  });
});
