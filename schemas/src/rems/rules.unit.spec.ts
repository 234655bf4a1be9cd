import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  CUSTOMER_TYPE_LABELS,
  REMS_CUSTOMER_FORM_MESSAGES as M,
  REMS_KEY_MESSAGES,
  REMS_MESSAGES,
} from './messages.ts';
import {
  checkCustomerForm,
  CUSTOMER_FIELDS,
  CUSTOMER_LIMITS,
  CUSTOMER_TYPES,
  customerFormProblems,
  firstCustomerFormProblem,
  remsApiKeyProblem,
  remsKeyHint,
  normaliseCustomerPhone,
  type CustomerInput,
} from './rules.ts';

/** A visitor who filled in only what is required. */
const minimal: CustomerInput = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phoneNumber: '0532 123 45 67',
  customerType: 'BUYER',
};

describe('the customer form, filled in correctly', () => {
  it('gives the customer REMS receives: trimmed names, 10 phone digits, nulls for what was left empty', () => {
    // Given a visitor who typed only the required fields, with stray spaces
    const result = checkCustomerForm({ ...minimal, firstName: '  Ayşe ', lastName: ' Yılmaz  ', email: '  ' });
    // Then the form may be sent, and nothing optional becomes an empty string
    expect(result).toEqual({
      ok: true,
      customer: {
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        phoneNumber: '5321234567',
        customerType: 'BUYER',
        email: null,
        province: null,
        provinceName: null,
        district: null,
        districtName: null,
        address: null,
        notes: null,
      },
    });
    expect(customerFormProblems(minimal)).toEqual({});
  });

  it('names the province from the list, never from the visitor, and repeats the district as districtName', () => {
    // Given a visitor in Kadıköy, İstanbul, who also wrote an address, a note and a mixed-case e-mail
    const result = checkCustomerForm({
      ...minimal,
      customerType: 'TENANT',
      email: ' Ayse.Yilmaz@Ornek.COM.tr ',
      province: '34',
      district: 'Kadıköy',
      address: 'Caferağa Mah.\r\nModa Cad. No: 1',
      notes: 'Hafta sonu\rarayabilirsiniz.\tTeşekkürler',
    });
    // Then the customer carries İstanbul's name and the text with \n line breaks
    expect(result).toEqual({
      ok: true,
      customer: {
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        phoneNumber: '5321234567',
        customerType: 'TENANT',
        email: 'ayse.yilmaz@ornek.com.tr',
        province: '34',
        provinceName: 'İstanbul',
        district: 'Kadıköy',
        districtName: 'Kadıköy',
        address: 'Caferağa Mah.\nModa Cad. No: 1',
        notes: 'Hafta sonu\narayabilirsiniz.\tTeşekkürler',
      },
    });
  });

  it('takes a province without a district', () => {
    expect(checkCustomerForm({ ...minimal, province: '06' })).toMatchObject({
      ok: true,
      customer: { province: '06', provinceName: 'Ankara', district: null, districtName: null },
    });
  });

  it('takes names written with decomposed letters as their composed form', () => {
    // Given 'Şevval' typed as S + combining cedilla (some keyboards on macOS do this)
    const result = checkCustomerForm({ ...minimal, firstName: 'S\u0327evval', lastName: 'C\u0327elik' });
    expect(result).toMatchObject({ ok: true, customer: { firstName: 'Şevval', lastName: 'Çelik' } });
  });
});

describe('first and last names', () => {
  it('are required, with the SPEC’s words', () => {
    // Given a visitor who left both names empty or blank
    expect(customerFormProblems({ ...minimal, firstName: '', lastName: '   ' })).toEqual({
      firstName: 'Ad alanı zorunludur',
      lastName: 'Soyad alanı zorunludur',
    });
    expect(customerFormProblems({ ...minimal, firstName: null, lastName: undefined })).toEqual({
      firstName: M.remsFirstNameRequired,
      lastName: M.remsLastNameRequired,
    });
  });

  it('need at least 2 characters after trimming', () => {
    expect(customerFormProblems({ ...minimal, firstName: ' A ', lastName: 'B' })).toEqual({
      firstName: 'Ad en az 2 karakter olmalıdır',
      lastName: 'Soyad en az 2 karakter olmalıdır',
    });
    expect(customerFormProblems({ ...minimal, firstName: 'Al', lastName: 'Öz' })).toEqual({});
  });

  it('take at most 50 characters, an astral character counting once', () => {
    expect(customerFormProblems({ ...minimal, firstName: 'Ğ'.repeat(50), lastName: 'ü'.repeat(50) })).toEqual({});
    expect(customerFormProblems({ ...minimal, firstName: 'Ğ'.repeat(51), lastName: 'ü'.repeat(51) })).toEqual({
      firstName: 'Ad en fazla 50 karakter olabilir',
      lastName: 'Soyad en fazla 50 karakter olabilir',
    });
    expect(customerFormProblems({ ...minimal, firstName: `${'a'.repeat(49)}😀` })).toEqual({});
  });

  it('need at least one letter, as the lead form does', () => {
    expect(customerFormProblems({ ...minimal, firstName: '12', lastName: '--' })).toEqual({
      firstName: 'Ad en az bir harf içermelidir',
      lastName: 'Soyad en az bir harf içermelidir',
    });
  });
});

describe('the phone number', () => {
  it('is required', () => {
    expect(customerFormProblems({ ...minimal, phoneNumber: '' })).toEqual({
      phoneNumber: 'Telefon numarası zorunludur',
    });
    expect(customerFormProblems({ ...minimal, phoneNumber: '  ' })).toEqual({ phoneNumber: M.remsPhoneRequired });
  });

  it('is taken in every way Turkish users write it, as its 10 national digits', () => {
    const written = [
      '5321234567',
      '532 123 45 67',
      '0532 123 45 67',
      '05321234567',
      '0 (532) 123-45-67',
      '(0532) 123 45 67',
      '0532-123-45-67',
      '0532.123.45.67',
      '0532/123 45 67',
      '+90 532 123 45 67',
      '+905321234567',
      '+90 (532) 123-45-67',
      '+90 (0532) 123 45 67',
      '0090 532 123 45 67',
      '00 90 532 123 45 67',
      '90 532 123 45 67',
      '905321234567',
      ' 0532 123 45 67 ',
    ];
    for (const phone of written) expect(normaliseCustomerPhone(phone), phone).toBe('5321234567');
    // Landlines and 0850 numbers too
    expect(normaliseCustomerPhone('0216 123 45 67')).toBe('2161234567');
    expect(normaliseCustomerPhone('0 312 123 45 67')).toBe('3121234567');
    expect(normaliseCustomerPhone('0850 123 45 67')).toBe('8501234567');
  });

  it('is refused when it is not a Turkish 10-digit number, with the SPEC’s words', () => {
    const refused = [
      '532 123 45 6', // 9 digits
      '0532 123 45 6', // 9 digits after the trunk 0
      '532 123 45 678', // 11 digits, no trunk 0
      '0532 123 456', // 10 digits, one of them the trunk 0: a digit is missing
      '1234567890', // no Turkish number starts with 1
      '0000000000',
      '+44 20 7946 0958', // another country
      '+1 650 253 0000',
      '+90 532 123 45', // too short after +90
      '0090 532 123 45 678', // too long after 0090
      '0532 ABC 45 67',
      'ara beni',
      '0532 123 45 67 dahili 12',
      '٠٥٣٢١٢٣٤٥٦٧', // Arabic-Indic digits
      '0532+1234567', // + only in front
      '0532 123 45 67'.padEnd(40, ' ') + '1', // longer than the lead form's 32 characters
    ];
    for (const phone of refused) {
      expect(normaliseCustomerPhone(phone), phone).toBeNull();
      expect(customerFormProblems({ ...minimal, phoneNumber: phone }), phone).toEqual({
        phoneNumber: 'Geçerli bir telefon numarası girin (10 haneli)',
      });
    }
  });
});

describe('the interest', () => {
  it('is required', () => {
    expect(customerFormProblems({ ...minimal, customerType: '' })).toEqual({
      customerType: 'İlgi alanı seçimi zorunludur',
    });
    expect(customerFormProblems({ ...minimal, customerType: null })).toEqual({
      customerType: M.remsCustomerTypeRequired,
    });
  });

  it('is one of the four REMS types, each with its Turkish label', () => {
    expect(CUSTOMER_TYPES).toEqual(['BUYER', 'SELLER', 'TENANT', 'LANDLORD']);
    expect(CUSTOMER_TYPES.map((type) => CUSTOMER_TYPE_LABELS[type])).toEqual([
      'Alıcı',
      'Satıcı',
      'Kiracı',
      'Ev Sahibi',
    ]);
    for (const type of CUSTOMER_TYPES) {
      expect(checkCustomerForm({ ...minimal, customerType: type }), type).toMatchObject({
        ok: true,
        customer: { customerType: type },
      });
    }
  });

  it('is refused when it is anything else, however close', () => {
    for (const type of ['buyer', 'Alıcı', 'OWNER', 'BUYER,SELLER']) {
      expect(customerFormProblems({ ...minimal, customerType: type }), type).toEqual({
        customerType: 'Geçerli bir ilgi alanı seçin (Alıcı, Satıcı, Kiracı veya Ev Sahibi)',
      });
    }
  });
});

describe('the e-mail address', () => {
  it('is optional but must be an address when given', () => {
    expect(customerFormProblems({ ...minimal, email: '' })).toEqual({});
    expect(customerFormProblems({ ...minimal, email: 'ayse@ornek.com' })).toEqual({});
    for (const email of [
      'ayse@',
      'ayse',
      'ayse@ornek',
      'ay se@ornek.com',
      '"><script>@x.com',
      `${'a'.repeat(250)}@x.com`,
    ]) {
      expect(customerFormProblems({ ...minimal, email }), email).toEqual({ email: 'Geçerli bir e-posta adresi girin' });
    }
  });

  it('is lower-cased without the Turkish locale, so an I stays an i', () => {
    expect(checkCustomerForm({ ...minimal, email: 'ISIK@ORNEK.COM' })).toMatchObject({
      ok: true,
      customer: { email: 'isik@ornek.com' },
    });
  });
});

describe('province and district', () => {
  it('are optional, and a province must be a plate code in use', () => {
    expect(customerFormProblems({ ...minimal, province: '', district: '' })).toEqual({});
    for (const province of ['82', '00', '6', 'İstanbul', '34a']) {
      expect(customerFormProblems({ ...minimal, province }), province).toEqual({ province: 'Geçerli bir il seçin' });
    }
  });

  it('take a district only of the chosen province', () => {
    expect(customerFormProblems({ ...minimal, province: '06', district: 'Çankaya' })).toEqual({});
    expect(customerFormProblems({ ...minimal, province: '34', district: 'Çankaya' })).toEqual({
      district: 'Geçerli bir ilçe seçin',
    });
    expect(customerFormProblems({ ...minimal, province: '34', district: 'kadıköy' })).toEqual({
      district: M.remsDistrictInvalid,
    });
  });

  it('take a district name with stray spaces as the list writes it', () => {
    expect(checkCustomerForm({ ...minimal, province: '34', district: ' Kadıköy ' })).toMatchObject({
      ok: true,
      customer: { district: 'Kadıköy', districtName: 'Kadıköy' },
    });
  });

  it('refuse a district without a province', () => {
    expect(customerFormProblems({ ...minimal, district: 'Kadıköy' })).toEqual({
      district: 'İlçe seçmeden önce il seçin',
    });
  });

  it('leave an unknown province’s district alone: the province is the problem', () => {
    expect(customerFormProblems({ ...minimal, province: '99', district: 'Kadıköy' })).toEqual({
      province: M.remsProvinceInvalid,
    });
  });
});

describe('address and notes', () => {
  it('are optional and bounded: 500 characters of address, 1000 of notes', () => {
    expect(CUSTOMER_LIMITS).toMatchObject({ address: 500, notes: 1000 });
    expect(customerFormProblems({ ...minimal, address: 'ş'.repeat(500), notes: 'ı'.repeat(1000) })).toEqual({});
    expect(customerFormProblems({ ...minimal, address: 'ş'.repeat(501), notes: 'ı'.repeat(1001) })).toEqual({
      address: 'Adres en fazla 500 karakter olabilir',
      notes: 'Notlar en fazla 1000 karakter olabilir',
    });
  });

  it('may span lines', () => {
    expect(customerFormProblems({ ...minimal, address: 'Satır 1\nSatır 2', notes: 'a\r\nb\tc' })).toEqual({});
  });
});

describe('characters no keyboard types', () => {
  it('are refused in every field, naming the field in Turkish, as the lead form does', () => {
    // Given NUL, a bell, a C1 control and a lone surrogate in each field
    const result = customerFormProblems({
      firstName: 'Ay\u0000şe',
      lastName: 'Yıl\u0007maz',
      phoneNumber: '0532\u0000123 45 67',
      customerType: 'BUYER\u0085',
      email: 'a\u0000@b.com',
      province: '3\u00004',
      district: 'Kadı\uD800köy',
      address: 'Moda\u0000',
      notes: 'bozuk \uDC00 metin',
    });
    expect(result).toEqual({
      firstName: 'Ad alanında geçersiz karakterler var',
      lastName: 'Soyad alanında geçersiz karakterler var',
      phoneNumber: 'Telefon alanında geçersiz karakterler var',
      customerType: 'İlgi Alanı alanında geçersiz karakterler var',
      email: 'E-posta alanında geçersiz karakterler var',
      province: 'İl alanında geçersiz karakterler var',
      district: 'İlçe alanında geçersiz karakterler var',
      address: 'Adres alanında geçersiz karakterler var',
      notes: 'Notlar alanında geçersiz karakterler var',
    });
  });

  it('include line breaks and tabs in one-line fields', () => {
    expect(customerFormProblems({ ...minimal, firstName: 'Ayşe\nNur', lastName: 'Yıl\tmaz' })).toEqual({
      firstName: 'Ad alanında geçersiz karakterler var',
      lastName: 'Soyad alanında geçersiz karakterler var',
    });
  });
});

describe('several problems at once', () => {
  it('are each field’s first, and the server answers the first in the form’s order', () => {
    // Given a form sent empty
    const problems = customerFormProblems({});
    // Then the form shows each required field's message at once
    expect(problems).toEqual({
      firstName: M.remsFirstNameRequired,
      lastName: M.remsLastNameRequired,
      phoneNumber: M.remsPhoneRequired,
      customerType: M.remsCustomerTypeRequired,
    });
    // And the server names the first field in the form's order
    expect(firstCustomerFormProblem(problems)).toEqual({ field: 'firstName', message: 'Ad alanı zorunludur' });
    expect(firstCustomerFormProblem({ notes: M.remsNotesTooLong, email: M.remsEmailInvalid })).toEqual({
      field: 'email',
      message: M.remsEmailInvalid,
    });
    expect(firstCustomerFormProblem({})).toBeNull();
    expect(CUSTOMER_FIELDS[0]).toBe('firstName');
  });
});

describe('the REMS texts', () => {
  it('are in the one catalogue, with the SPEC’s toast', () => {
    expect(MESSAGES).toMatchObject(REMS_MESSAGES);
    expect(MESSAGES.remsFormInvalid).toBe('Lütfen gerekli alanları doğru şekilde doldurun');
  });

  it('are written with Turkish letters, never transliterated', () => {
    const texts = [...Object.values(REMS_MESSAGES), ...Object.values(CUSTOMER_TYPE_LABELS)].join('\n');
    for (const ascii of ['alani', 'Gecerli', 'secin', 'icermelidir', 'Alici', 'Satici', 'Kiraci', 'Ilce', 'once il']) {
      expect(texts, ascii).not.toContain(ascii);
    }
  });
});

describe("the owner's REMS API key", () => {
  it('given an empty or blank key, then "API anahtarı boş olamaz"', () => {
    expect(remsApiKeyProblem('')).toBe('API anahtarı boş olamaz');
    expect(remsApiKeyProblem(' \n\t ')).toBe('API anahtarı boş olamaz');
  });

  it("given a key without the rems_ prefix, then the SPEC's format message", () => {
    const message = 'Geçersiz API key formatı. REMS API key\'i "rems_" ile başlamalıdır.';
    expect(remsApiKeyProblem('abc123')).toBe(message);
    expect(remsApiKeyProblem('REMS_abc123')).toBe(message);
    expect(remsApiKeyProblem('xrems_abc')).toBe(message);
  });

  it('given a pasted key with spaces around it, then it is fine; with spaces, Turkish letters or controls inside, then not', () => {
    expect(remsApiKeyProblem('  rems_live_4f9a\n')).toBeNull();
    expect(remsApiKeyProblem('rems_live 4f9a')).toBe(REMS_KEY_MESSAGES.remsApiKeyInvalidCharacters);
    expect(remsApiKeyProblem('rems_şifre')).toBe(REMS_KEY_MESSAGES.remsApiKeyInvalidCharacters);
    expect(remsApiKeyProblem('rems_a\u0007b')).toBe(REMS_KEY_MESSAGES.remsApiKeyInvalidCharacters);
  });

  it('given a key of 512 characters, then fine; of 513, then too long', () => {
    expect(remsApiKeyProblem(`rems_${'a'.repeat(507)}`)).toBeNull();
    expect(remsApiKeyProblem(`rems_${'a'.repeat(508)}`)).toBe('API anahtarı en fazla 512 karakter olabilir');
  });

  it('shows only the last 4 characters of the key as typed', () => {
    expect(remsKeyHint(' rems_live_4f9a ')).toBe('4f9a');
  });
});
