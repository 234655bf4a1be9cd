import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { LISTING_MESSAGES } from '../product/listing-messages.ts';
import { PROFILE_MESSAGES, PROFILE_VALIDATION_MESSAGES } from './messages.ts';
import { BANK_CURRENCIES, PAYMENT_METHOD_TYPES, SOCIAL_PLATFORMS } from './model.ts';
import {
  formatIban,
  formatProfilePhone,
  ibanProblem,
  isValidIban,
  isValidTckn,
  isValidVkn,
  normaliseWebUrl,
  parseProfilePhone,
  readProfileData,
  socialProfileUrl,
  taxNumberProblem,
  validateProfileInput,
  type ProfileValidation,
} from './rules.ts';

const options = { currentYear: 2026 };

function problemOf(result: ProfileValidation) {
  return result.ok ? null : result.problem;
}

/** GİB's check digit written the other way round (python-stdnum's reading), to cross-check ours. */
function vknCheckDigit(prefix: string): string {
  let sum = 0;
  [...prefix].reverse().forEach((digit, index) => {
    const i = index + 1;
    const c1 = (Number(digit) + i) % 10;
    if (c1) sum += (c1 * 2 ** i) % 9 || 9;
  });
  return String((10 - (sum % 10)) % 10);
}

describe('option lists (SPEC §3, §9)', () => {
  it('has 8 social platforms, 23 currencies and 4 payment types', () => {
    expect(SOCIAL_PLATFORMS).toHaveLength(8);
    expect(BANK_CURRENCIES).toHaveLength(23);
    expect(BANK_CURRENCIES[0]).toBe('TRY');
    expect(PAYMENT_METHOD_TYPES).toEqual(['bankTransfer', 'creditCard', 'paypal', 'other']);
  });
});

describe('IBAN', () => {
  it.each([
    'TR330006100519786457841326',
    'TR33 0006 1005 1978 6457 8413 26',
    'tr33 0006 1005 1978 6457 8413 26',
    'DE89370400440532013000',
    'GB82 WEST 1234 5698 7654 32',
    'NL91ABNA0417164300',
    'CH9300762011623852957',
  ])('accepts %s', (iban) => {
    expect(ibanProblem(iban)).toBeNull();
    expect(isValidIban(iban)).toBe(true);
  });

  it('refuses a Turkish IBAN with a wrong check digit', () => {
    expect(ibanProblem('TR330006100519786457841327')).toBe(PROFILE_MESSAGES.profileIbanChecksum);
    expect(ibanProblem('TR340006100519786457841326')).toBe(PROFILE_MESSAGES.profileIbanChecksum);
  });

  it('refuses a Turkish IBAN that is not TR and 24 digits', () => {
    expect(ibanProblem('TR33000610051978645784132')).toBe(PROFILE_MESSAGES.profileInvalidTurkishIban);
    expect(ibanProblem('TR3300061005197864578413261')).toBe(PROFILE_MESSAGES.profileInvalidTurkishIban);
    expect(ibanProblem('TR33000610051978645784132A')).toBe(PROFILE_MESSAGES.profileInvalidTurkishIban);
  });

  it('checks the length of known countries and the checksum of all', () => {
    expect(ibanProblem('DE8937040044053201300')).toBe(PROFILE_MESSAGES.profileIbanLength);
    expect(ibanProblem('GB82WEST12345698765433')).toBe(PROFILE_MESSAGES.profileIbanChecksum);
    expect(ibanProblem('1234')).toBe(PROFILE_MESSAGES.profileInvalidIban);
    expect(ibanProblem('<script>')).toBe(PROFILE_MESSAGES.profileInvalidIban);
  });

  it('formats in groups of four', () => {
    expect(formatIban('TR330006100519786457841326')).toBe('TR33 0006 1005 1978 6457 8413 26');
  });
});

describe('tax numbers', () => {
  it('accepts a valid VKN and refuses its neighbour', () => {
    expect(isValidVkn('4540536920')).toBe(true);
    expect(isValidVkn('4540536921')).toBe(false);
    expect(taxNumberProblem('4540536920')).toBeNull();
    expect(taxNumberProblem('454 053 6920')).toBeNull();
    expect(taxNumberProblem('4540536921')).toBe(PROFILE_MESSAGES.profileInvalidVkn);
  });

  it('agrees with an independent VKN check-digit reading on many numbers', () => {
    for (let n = 0; n < 500; n++) {
      const prefix = String((n * 7_919_111 + 123_457) % 1_000_000_000).padStart(9, '0');
      const check = vknCheckDigit(prefix);
      expect(isValidVkn(prefix + check)).toBe(true);
      expect(isValidVkn(prefix + String((Number(check) + 1) % 10))).toBe(false);
    }
  });

  it('accepts a valid TCKN and refuses wrong check digits and a leading zero', () => {
    expect(isValidTckn('10000000146')).toBe(true);
    expect(taxNumberProblem('10000000146')).toBeNull();
    expect(isValidTckn('10000000147')).toBe(false);
    expect(isValidTckn('10000000156')).toBe(false);
    expect(isValidTckn('01234567890')).toBe(false);
    expect(taxNumberProblem('10000000147')).toBe(PROFILE_MESSAGES.profileInvalidTckn);
  });

  it('refuses other lengths and letters', () => {
    expect(taxNumberProblem('123456789')).toBe(PROFILE_MESSAGES.profileInvalidTaxNumber);
    expect(taxNumberProblem('123456789012')).toBe(PROFILE_MESSAGES.profileInvalidTaxNumber);
    expect(taxNumberProblem('45405369A0')).toBe(PROFILE_MESSAGES.profileInvalidTaxNumber);
  });
});

describe('phone numbers', () => {
  it('stores E.164 and shows the Turkish national format', () => {
    expect(parseProfilePhone('0532 123 45 67')).toEqual({ e164: '+905321234567', formatted: '0532 123 45 67' });
    expect(parseProfilePhone('+90 (212) 555 12 12')).toEqual({ e164: '+902125551212', formatted: '(0212) 555 12 12' });
    expect(parseProfilePhone('5321234567')?.e164).toBe('+905321234567');
  });

  it('keeps foreign numbers international', () => {
    expect(parseProfilePhone('+44 20 7946 0958')).toEqual({ e164: '+442079460958', formatted: '+44 20 7946 0958' });
    expect(formatProfilePhone('+14155552671')).toBe('+1 415 555 2671');
  });

  it.each(['12345', '0532 123 45', '05321234567890', 'ara beni', '+90 532 123 45 67; DROP TABLE'])('refuses %s', (value) => {
    expect(parseProfilePhone(value)).toBeNull();
  });
});

describe('web addresses', () => {
  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'file:///etc/passwd', 'ftp://ornek.com'])(
    'refuses %s as unsafe',
    (value) => {
      expect(normaliseWebUrl(value)).toEqual({ ok: false, message: PROFILE_MESSAGES.profileUnsafeUrl });
    },
  );

  it.each(['https://user:parola@ornek.com', 'localhost', 'https://ornek', 'https://orn ek.com'])('refuses %s as invalid', (value) => {
    expect(normaliseWebUrl(value)).toEqual({ ok: false, message: PROFILE_MESSAGES.profileInvalidUrl });
  });

  it('adds https:// to a bare host and keeps what was typed otherwise', () => {
    expect(normaliseWebUrl('ornek.com.tr')).toEqual({ ok: true, url: 'https://ornek.com.tr' });
    expect(normaliseWebUrl('http://ornek.com/yol?a=1')).toEqual({ ok: true, url: 'http://ornek.com/yol?a=1' });
    expect(normaliseWebUrl('ornek.com:8080/x')).toEqual({ ok: true, url: 'https://ornek.com:8080/x' });
  });

  it('builds social profile addresses for instagram, twitter/x, linkedin, facebook and github only', () => {
    expect(socialProfileUrl('instagram', '@ayse.yilmaz')).toBe('https://www.instagram.com/ayse.yilmaz');
    expect(socialProfileUrl('twitter', 'ayse')).toBe('https://x.com/ayse');
    expect(socialProfileUrl('x', 'ayse')).toBe('https://x.com/ayse');
    expect(socialProfileUrl('linkedin', 'ayse-yilmaz')).toBe('https://www.linkedin.com/in/ayse-yilmaz');
    expect(socialProfileUrl('facebook', 'ayse')).toBe('https://www.facebook.com/ayse');
    expect(socialProfileUrl('github', 'ayse')).toBe('https://github.com/ayse');
    expect(socialProfileUrl('youtube', 'ayse')).toBeNull();
    expect(socialProfileUrl('instagram', 'ayse/../x')).toBeNull();
  });
});

describe('the whole form', () => {
  it('normalises a complete profile', () => {
    const result = validateProfileInput(
      {
        firstName: ' Ayşe ',
        lastName: 'Yılmaz',
        phone: '0532 123 45 67',
        email: 'AYSE@Ornek.COM',
        website: 'ornek.com',
        address: { city: 'İstanbul', country: '' },
        location: { lat: '41.0082', lng: '28,9784' },
        socialLinks: JSON.stringify([JSON.stringify({ platform: 'X', username: '@ayse', url: '' })]),
        companyInfo: { taxNumber: '4540536920', mersisNo: '0123-4567-8901-2345', foundedYear: '1998' },
        yetkiBelgesiNo: '34 01234',
        invoiceInfo: { taxId: '10000000146' },
        bankAccounts: [{ iban: 'tr33 0006 1005 1978 6457 8413 26', swiftCode: 'tgbatrisxxx' }],
        paymentMethods: '[{"type":"paypal","accountId":"ayse@ornek.com"}]',
      },
      options,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.profile).toMatchObject({
      firstName: 'Ayşe',
      phone: '+905321234567',
      email: 'ayse@ornek.com',
      website: 'https://ornek.com',
      address: { city: 'İstanbul', country: 'Türkiye' },
      location: { lat: 41.0082, lng: 28.9784 },
      socialLinks: [{ platform: 'twitter', username: 'ayse', url: 'https://x.com/ayse' }],
      companyInfo: { taxNumber: '4540536920', mersisNo: '0123456789012345', foundedYear: 1998 },
      yetkiBelgesiNo: '3401234',
      invoiceInfo: { taxId: '10000000146' },
      bankAccounts: [{ iban: 'TR330006100519786457841326', swiftCode: 'TGBATRISXXX', currency: 'TRY' }],
      paymentMethods: [{ type: 'paypal', accountId: 'ayse@ornek.com', accountName: '', qrCode: '' }],
    });
  });

  it('treats an empty form as an empty profile in Türkiye, not listed by search engines', () => {
    const result = validateProfileInput({}, options);
    expect(result.ok && result.profile.address.country).toBe('Türkiye');
    expect(result.ok && result.profile.searchable).toBe(false);
  });

  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    [null, false],
  ])('reads the search switch %j as %j', (searchable, expected) => {
    const result = validateProfileInput({ searchable }, options);
    expect(result.ok && result.profile.searchable).toBe(expected);
  });

  it('reads a stored profile from before the search switch as not searchable, and a forgotten one as empty', () => {
    const { searchable: _s, ...versionOne } = { ...readProfileData(null), firstName: 'Ayşe' };
    expect(readProfileData(versionOne)).toEqual({ ...versionOne, searchable: false });
    expect(readProfileData({ ...versionOne, searchable: true }).searchable).toBe(true);
    expect(readProfileData('')).toEqual(readProfileData(null));
    expect(readProfileData('').searchable).toBe(false);
  });

  it.each([
    [{ nickname: 'x' }, PROFILE_VALIDATION_MESSAGES.unknownField('nickname'), 'nickname'],
    [{ address: { planet: 'Mars' } }, PROFILE_VALIDATION_MESSAGES.unknownField('address.planet'), 'address.planet'],
    [{ phone: '123' }, PROFILE_MESSAGES.profileInvalidPhone, 'phone'],
    [{ email: 'ayse@' }, MESSAGES.invalidEmail, 'email'],
    [{ website: 'javascript:alert(1)' }, PROFILE_MESSAGES.profileUnsafeUrl, 'website'],
    [{ bio: 'a'.repeat(1001) }, PROFILE_VALIDATION_MESSAGES.tooLong('bio', 1000), 'bio'],
    [{ title: 'a\u0000b' }, PROFILE_VALIDATION_MESSAGES.invalidCharacters('title'), 'title'],
    [{ company: 42 }, PROFILE_VALIDATION_MESSAGES.mustBeText('company'), 'company'],
    [{ theme: 'dark" onload="x' }, PROFILE_MESSAGES.profileInvalidTheme, 'theme'],
    [{ searchable: 'evet' }, PROFILE_VALIDATION_MESSAGES.mustBeYesNo('searchable'), 'searchable'],
    [{ searchable: 1 }, PROFILE_VALIDATION_MESSAGES.mustBeYesNo('searchable'), 'searchable'],
    [{ firstName: '<script>' }, MESSAGES.invalidName, 'firstName'],
    [{ location: { lat: '41' } }, PROFILE_MESSAGES.profileLocationIncomplete, 'location.lng'],
    [{ location: { lat: '91', lng: '29' } }, 'Enlem -90 ile 90 arasında olmalıdır', 'location.lat'],
    [{ location: { lat: '41', lng: 'doğu' } }, PROFILE_MESSAGES.profileInvalidCoordinate, 'location.lng'],
    [{ companyInfo: { foundedYear: '1799' } }, PROFILE_VALIDATION_MESSAGES.foundedYearRange(1800, 2026), 'companyInfo.foundedYear'],
    [{ companyInfo: { foundedYear: 2027 } }, PROFILE_VALIDATION_MESSAGES.foundedYearRange(1800, 2026), 'companyInfo.foundedYear'],
    [{ companyInfo: { taxNumber: '4540536921' } }, PROFILE_MESSAGES.profileInvalidVkn, 'companyInfo.taxNumber'],
    [{ companyInfo: { mersisNo: '123' } }, PROFILE_MESSAGES.profileInvalidMersis, 'companyInfo.mersisNo'],
    [{ invoiceInfo: { taxId: '10000000147' } }, PROFILE_MESSAGES.profileInvalidTckn, 'invoiceInfo.taxId'],
    [{ socialLinks: '[{"platform":' }, PROFILE_VALIDATION_MESSAGES.invalidList('socialLinks'), 'socialLinks'],
    [{ socialLinks: '"text"' }, PROFILE_VALIDATION_MESSAGES.invalidList('socialLinks'), 'socialLinks'],
    [{ socialLinks: ['{"platform"'] }, PROFILE_VALIDATION_MESSAGES.invalidList('socialLinks'), 'socialLinks'],
    [{ socialLinks: [42] }, PROFILE_VALIDATION_MESSAGES.invalidEntry('socialLinks.0'), 'socialLinks.0'],
    [{ socialLinks: [{ platform: 'myspace', url: 'https://myspace.com/a' }] }, PROFILE_MESSAGES.profileInvalidSocialPlatform, 'socialLinks.0.platform'],
    [{ socialLinks: [{ platform: 'instagram', url: 'javascript:alert(1)' }] }, PROFILE_MESSAGES.profileUnsafeUrl, 'socialLinks.0.url'],
    [{ socialLinks: [{ platform: 'youtube', username: 'kanal' }] }, PROFILE_MESSAGES.profileSocialLinkIncomplete, 'socialLinks.0.url'],
    [{ socialLinks: [{ platform: 'github', username: 'a b' }] }, PROFILE_MESSAGES.profileInvalidUsername, 'socialLinks.0.username'],
    [{ socialLinks: [{ platform: 'github', username: 'a', _id: 'x' }] }, PROFILE_VALIDATION_MESSAGES.unknownField('socialLinks.0._id'), 'socialLinks.0._id'],
    [{ socialLinks: Array.from({ length: 21 }, () => ({ platform: 'github', username: 'a' })) }, PROFILE_VALIDATION_MESSAGES.listTooLong('socialLinks', 20), 'socialLinks'],
    [{ bankAccounts: [{ iban: 'TR330006100519786457841327' }] }, PROFILE_MESSAGES.profileIbanChecksum, 'bankAccounts.0.iban'],
    [{ bankAccounts: [{ iban: 'TR330006100519786457841326' }, { bankName: 'Banka' }] }, PROFILE_MESSAGES.profileBankAccountIncomplete, 'bankAccounts.1.iban'],
    [{ bankAccounts: [{ accountNumber: '123', currency: 'XYZ' }] }, PROFILE_MESSAGES.profileInvalidCurrency, 'bankAccounts.0.currency'],
    [{ bankAccounts: [{ accountNumber: '123', swiftCode: 'ABC' }] }, PROFILE_MESSAGES.profileInvalidSwift, 'bankAccounts.0.swiftCode'],
    [{ paymentMethods: [{ type: 'cash', accountId: 'x' }] }, PROFILE_MESSAGES.profileInvalidPaymentType, 'paymentMethods.0.type'],
    [{ paymentMethods: [{ type: 'other', qrCode: 'data:image/png;base64,AAAA' }] }, PROFILE_MESSAGES.profileUnsafeUrl, 'paymentMethods.0.qrCode'],
    [{ paymentMethods: [{ type: 'other' }] }, PROFILE_MESSAGES.profilePaymentMethodIncomplete, 'paymentMethods.0.accountId'],
  ])('refuses %j', (input, message, field) => {
    expect(problemOf(validateProfileInput(input, options))).toEqual({ message, field });
  });

  it('reports the first problem in the order of the form', () => {
    const result = validateProfileInput({ phone: 'x', bankAccounts: [{ iban: 'x' }] }, options);
    expect(problemOf(result)?.field).toBe('phone');
  });
});

describe('the Taşınmaz Ticareti Yetki Belgesi number (issue 33)', () => {
  const yetkiOf = (yetkiBelgesiNo: unknown) => validateProfileInput({ firstName: 'Ayşe', yetkiBelgesiNo }, options);

  it.each([[undefined], [null], [''], ['   ']])('given %j, when the form is read, then the number is blank', (raw) => {
    const result = yetkiOf(raw);
    expect(result.ok && result.profile.yetkiBelgesiNo).toBe('');
  });

  it.each([
    ['34 01234', '3401234'],
    ['3401234', '3401234'],
    [' 06-123456 ', '06123456'],
  ])('given %j, when the form is read, then it keeps the digits %j', (raw, digits) => {
    const result = yetkiOf(raw);
    expect(result.ok && result.profile.yetkiBelgesiNo).toBe(digits);
  });

  it.each([['YB-3401'], ['34 0123A'], ['34'], ['1234567890123']])(
    'given %j, when the form is read, then it is refused beside the field',
    (raw) => {
      expect(problemOf(yetkiOf(raw))).toEqual({ message: LISTING_MESSAGES.yetkiBelgesiInvalid, field: 'yetkiBelgesiNo' });
    },
  );

  it('given problems in several sections, then the first in the order of the screen is answered: founding year, the number, the invoice', () => {
    const both = validateProfileInput({ companyInfo: { foundedYear: '1799' }, yetkiBelgesiNo: 'abc' }, options);
    expect(problemOf(both)?.field).toBe('companyInfo.foundedYear');
    const withInvoice = validateProfileInput({ yetkiBelgesiNo: 'abc', invoiceInfo: { taxId: '10000000147' } }, options);
    expect(problemOf(withInvoice)?.field).toBe('yetkiBelgesiNo');
  });

  it('given a profile stored before the number, when it is read, then the number is blank', () => {
    const { yetkiBelgesiNo: _y, ...versionThree } = { ...readProfileData(null), firstName: 'Ayşe' };
    expect(readProfileData(versionThree)).toEqual({ ...versionThree, yetkiBelgesiNo: '' });
    expect(readProfileData({ ...versionThree, yetkiBelgesiNo: '3401234' }).yetkiBelgesiNo).toBe('3401234');
    expect(readProfileData({ ...versionThree, yetkiBelgesiNo: 3401234 }).yetkiBelgesiNo).toBe('');
  });
});

describe("'Diğer Diller': the owner's words per language (issue 31)", () => {
  const translationsOf = (input: unknown) => {
    const result = validateProfileInput({ firstName: 'Ayşe', translations: input }, options);
    return result.ok ? result.profile.translations : result.problem;
  };

  it('keeps each language with text, trimmed and in one order, and drops blanks and empty languages', () => {
    expect(
      translationsOf({
        de: { jobTitle: '  Immobilienberaterin ' },
        en: { jobTitle: 'Real-estate consultant', company: '', bio: 'Line one\r\nline two' },
        ru: { jobTitle: '   ' },
        ar: null,
      }),
    ).toEqual({
      en: { jobTitle: 'Real-estate consultant', bio: 'Line one\nline two' },
      de: { jobTitle: 'Immobilienberaterin' },
    });
  });

  it('reads the multipart form: JSON text, and none for null or an empty text', () => {
    expect(translationsOf(JSON.stringify({ ar: { bio: 'مستشارة عقارية في إسطنبول' } }))).toEqual({
      ar: { bio: 'مستشارة عقارية في إسطنبول' },
    });
    expect(translationsOf(null)).toEqual({});
    expect(translationsOf('')).toEqual({});
  });

  it('leaves them out when the form did not send them, so the stored ones are kept', () => {
    const result = validateProfileInput({ firstName: 'Ayşe' }, options);
    expect(result.ok && result.profile.translations).toBeUndefined();
  });

  it.each([
    [{ fr: { bio: 'Bonjour' } }, 'translations.fr', PROFILE_VALIDATION_MESSAGES.unknownLanguage('fr')],
    [{ tr: { bio: 'Merhaba' } }, 'translations.tr', PROFILE_VALIDATION_MESSAGES.unknownLanguage('tr')],
    [{ en: { phone: '+44' } }, 'translations.en.phone', PROFILE_VALIDATION_MESSAGES.unknownField('translations.en.phone')],
    [{ en: 'Hello' }, 'translations.en', PROFILE_VALIDATION_MESSAGES.notAnObject('translations.en')],
    [{ en: { bio: 42 } }, 'translations.en.bio', 'Hakkında (İngilizce) alanı metin olmalıdır'],
    [{ ru: { jobTitle: 'x'.repeat(101) } }, 'translations.ru.jobTitle', 'Pozisyon (Rusça) en fazla 100 karakter olabilir'],
    [{ de: { company: 'A\u0000B' } }, 'translations.de.company', 'Şirket (Almanca) alanı geçersiz karakterler içeriyor'],
    [['en'], 'translations', PROFILE_VALIDATION_MESSAGES.notAnObject('translations')],
    ['{not json', 'translations', PROFILE_VALIDATION_MESSAGES.notAnObject('translations')],
  ])('refuses %j in Turkish, naming the field', (input, field, message) => {
    expect(translationsOf(input)).toEqual({ message, field });
  });

  it('reads a stored profile from before the languages as Turkish only, and a damaged language as absent', () => {
    expect(readProfileData({ firstName: 'Ayşe' }).translations).toEqual({});
    expect(readProfileData({ translations: { en: 'x', de: { bio: 'Hallo', phone: '1' } } }).translations).toEqual({
      de: { bio: 'Hallo' },
    });
  });
});
