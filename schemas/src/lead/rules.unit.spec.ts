import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from './messages.ts';
import { checkLeadForm, plausiblePhone } from './form-rules.ts';
import { formatLeadPhone, leadSearchNeedle, leadSearchText, parseLeadPhone, searchFold, validateLead, type LeadInput } from './rules.ts';

const valid: LeadInput = { fullName: 'Ayşe Yılmaz', phone: '0532 123 45 67', email: '', message: '' };

function problem(input: LeadInput) {
  const result = validateLead(input);
  return result.ok ? null : { message: result.message, field: result.field };
}

describe('lead form rules', () => {
  it('normalises what it accepts: trimmed NFC name, E.164 phone, lower-case e-mail, \\n line breaks', () => {
    expect(
      validateLead({
        fullName: '  S\u0327evval Çelik ',
        phone: '+90 (532) 123-45-67',
        email: ' Sevval@Ornek.COM.tr ',
        message: 'Merhaba,\r\nyarın arar mısınız?\rTeşekkürler\t:)',
      }),
    ).toEqual({
      ok: true,
      lead: { fullName: 'Şevval Çelik', phone: '+905321234567', email: 'sevval@ornek.com.tr', message: 'Merhaba,\nyarın arar mısınız?\nTeşekkürler\t:)' },
    });
  });

  it('needs Ad Soyad of 2 to 100 characters with at least one letter', () => {
    expect(problem({ ...valid, fullName: '   ' })).toEqual({ message: LEAD_MESSAGES.leadFullNameRequired, field: 'fullName' });
    expect(problem({ ...valid, fullName: undefined })).toEqual({ message: LEAD_MESSAGES.leadFullNameRequired, field: 'fullName' });
    expect(problem({ ...valid, fullName: 'A' })).toEqual({ message: LEAD_MESSAGES.leadFullNameTooShort, field: 'fullName' });
    expect(problem({ ...valid, fullName: 'Ö'.repeat(100) })).toBeNull();
    expect(problem({ ...valid, fullName: 'Ö'.repeat(101) })).toEqual({ message: LEAD_MESSAGES.leadFullNameTooLong, field: 'fullName' });
    expect(problem({ ...valid, fullName: '12 34' })).toEqual({ message: LEAD_MESSAGES.leadFullNameInvalid, field: 'fullName' });
    // Astral characters count once.
    expect(problem({ ...valid, fullName: 'Ali 😀' })).toBeNull();
  });

  it('needs a phone number or an e-mail address, and each must be real when given', () => {
    expect(problem({ ...valid, phone: '', email: '' })).toEqual({ message: LEAD_MESSAGES.leadContactRequired, field: 'phone' });
    expect(problem({ ...valid, phone: '', email: 'ayse@ornek.com' })).toBeNull();
    expect(problem({ ...valid, phone: '0532 123 45' })).toEqual({ message: LEAD_MESSAGES.leadPhoneInvalid, field: 'phone' });
    expect(problem({ ...valid, phone: 'ara beni' })).toEqual({ message: LEAD_MESSAGES.leadPhoneInvalid, field: 'phone' });
    expect(problem({ ...valid, phone: '+44 20 7946 0958' })).toBeNull();
    expect(problem({ ...valid, email: 'ayse@' })).toEqual({ message: LEAD_MESSAGES.leadEmailInvalid, field: 'email' });
    expect(problem({ ...valid, email: '"><script>@x.com' })).toEqual({ message: LEAD_MESSAGES.leadEmailInvalid, field: 'email' });
  });

  it('takes a message of at most 1000 characters', () => {
    expect(problem({ ...valid, message: 'ş'.repeat(1000) })).toBeNull();
    expect(problem({ ...valid, message: 'ş'.repeat(1001) })).toEqual({ message: LEAD_MESSAGES.leadMessageTooLong, field: 'message' });
  });

  it('refuses control characters and lone surrogates, naming the field in Turkish', () => {
    expect(problem({ ...valid, fullName: 'Ayşe\u0000Yılmaz' })).toEqual({ message: 'Ad Soyad alanında geçersiz karakterler var', field: 'fullName' });
    expect(problem({ ...valid, fullName: 'Ayşe\nYılmaz' })).toEqual({ message: 'Ad Soyad alanında geçersiz karakterler var', field: 'fullName' });
    expect(problem({ ...valid, email: 'a\u0085@b.com' })).toEqual({ message: 'E-posta alanında geçersiz karakterler var', field: 'email' });
    expect(problem({ ...valid, message: 'bozuk \uD800 metin' })).toEqual({ message: 'Mesaj alanında geçersiz karakterler var', field: 'message' });
    expect(problem({ ...valid, message: 'zil\u0007' })).toEqual({ message: 'Mesaj alanında geçersiz karakterler var', field: 'message' });
  });

  it('formats Turkish numbers nationally and others internationally', () => {
    expect(formatLeadPhone('+905321234567')).toBe('0532 123 45 67');
    expect(formatLeadPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatLeadPhone('')).toBe('');
  });
});

describe('the same rules in the browser (lead-form.ts, without phone metadata)', () => {
  const inBrowser = (input: LeadInput) => {
    const result = checkLeadForm(input, plausiblePhone);
    return result.ok ? null : { message: result.message, field: result.field };
  };

  it('say the same words in the same order as the server, before anything is sent', () => {
    const forms: LeadInput[] = [
      { fullName: '' },
      { fullName: 'Ayşe Yılmaz' },
      { fullName: 'Ayşe Yılmaz', phone: '   ', email: '' },
      { fullName: 'A', phone: '', email: '' },
      { fullName: 'Ayşe Yılmaz', phone: 'ara beni', email: 'ayse@' },
      { fullName: 'Ayşe Yılmaz', phone: '', email: 'ayse@' },
      { fullName: 'Ayşe Yılmaz', email: 'ayse@ornek.com', message: 'ş'.repeat(1001) },
      { fullName: 'Ayşe\u0000Yılmaz' },
      valid,
    ];
    for (const form of forms) expect(inBrowser(form), JSON.stringify(form)).toEqual(problem(form));
    expect(inBrowser({ fullName: 'Ayşe Yılmaz' })).toEqual({ message: 'Lütfen telefon numaranızı veya e-posta adresinizi girin', field: 'phone' });
  });

  it('check a phone number only roughly, and never refuse one the server accepts', () => {
    expect(plausiblePhone('123')).toBeNull();
    expect(plausiblePhone('ara beni')).toBeNull();
    expect(plausiblePhone('1'.repeat(18))).toBeNull();
    for (const number of ['0532 123 45 67', '+90 (532) 123-45-67', '+44 20 7946 0958', '+683 4002', '0044 20 7946 0958', '+1 650 253 0000']) {
      expect(parseLeadPhone(number), number).not.toBeNull();
      expect(plausiblePhone(number), number).not.toBeNull();
    }
  });
});

describe('lead search', () => {
  it('folds case the Turkish way and ignores marks, on both sides', () => {
    expect(searchFold('ŞAHİN IŞIK')).toBe('sahin isik');
    expect(searchFold('şahin ışık')).toBe('sahin isik');
    expect(searchFold('Çağrı  Öztürk')).toBe('cagri ozturk');
    expect(leadSearchNeedle('IŞIK')).toBe(searchFold('ışık'));
  });

  it('finds a phone number however it is typed', () => {
    const text = leadSearchText({ fullName: 'Ali Veli', phone: '+905321234567', email: '', message: '' });
    for (const typed of ['0532 123', '+90 532', '(532) 123-45', '5321234567']) {
      expect(text).toContain(leadSearchNeedle(typed));
    }
    expect(leadSearchNeedle('Ali')).toBe('ali');
  });
});
