import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  buildVCard,
  contactFileName,
  contactNote,
  escapeText,
  foldLine,
  VCARD_LINE_OCTETS,
  type ContactCard,
} from './vcard.ts';

/** A real vCard reader (ical.js), as a contacts app would parse the file. */
function parseVCard(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Every physical line of a vCard: at most 75 octets, valid UTF-8 on its own. */
function expectWellFolded(folded: string): void {
  for (const line of folded.split('\r\n')) {
    const bytes = Buffer.from(line, 'utf8');
    expect(bytes.length).toBeLessThanOrEqual(VCARD_LINE_OCTETS);
    expect(() => strictUtf8.decode(bytes)).not.toThrow();
  }
}

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

const card: ContactCard = {
  prefix: 'Dr.',
  firstName: 'Ayşe Gül',
  lastName: 'Yılmaz-Öztürk',
  jobTitle: 'Gayrimenkul Danışmanı, Kıdemli',
  company: 'Yılmaz; Öztürk Emlak',
  phone: '+905321234567',
  email: 'ayse@yilmaz-emlak.com.tr',
  website: 'https://yilmaz-emlak.com.tr/ekip?kisi=ayse,yilmaz',
  address: {
    street: 'Bağdat Caddesi No: 1, Daire 3',
    city: 'İstanbul',
    state: 'Kadıköy',
    zipCode: '34710',
    country: 'Türkiye',
  },
  taxNumber: '4540536920',
  taxOffice: 'Kadıköy',
  mersisNo: '0454053692000015',
  registrationNumber: '123456-5',
  bankAccounts: [
    {
      bankName: 'Ziraat Bankası',
      accountHolder: 'Ayşe Yılmaz',
      iban: 'TR330006100519786457841326',
      accountNumber: '',
      currency: 'TRY',
    },
    {
      bankName: 'Garanti BBVA',
      accountHolder: 'Yılmaz Emlak Ltd. Şti.',
      iban: '',
      accountNumber: '6299 1234567',
      currency: 'EUR',
    },
  ],
  socialLinks: [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/ayse-yilmaz' }],
  photo: { bytes: randomBytes(3000), type: 'JPEG' },
};

describe('vCard text', () => {
  it('escapes backslash, comma, semicolon and line breaks (RFC 2426 §5)', () => {
    expect(escapeText('a\\b,c;d\ne\r\nf\rg')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng');
    expect(escapeText('Şirket: İş & Ürün')).toBe('Şirket: İş & Ürün');
  });

  it('folds at 75 octets with a leading space, and unfolds to the original', () => {
    const line = `NOTE:${'x'.repeat(300)}`;
    const folded = foldLine(line);
    expectWellFolded(folded);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((part) => part.startsWith(' ')),
    ).toBe(true);
    expect(folded.split('\r\n')[0]).toHaveLength(75);
    expect(unfold(folded)).toBe(line);
    expect(foldLine('FN:Kısa')).toBe('FN:Kısa');
  });

  it('never splits a multi-byte character: Turkish letters (2 octets), CJK (3) and emoji (4)', () => {
    for (const filler of ['ş', 'ğİ', '語', '😀', 'aş😀語']) {
      for (let offset = 0; offset < 4; offset++) {
        const line = `NOTE:${'a'.repeat(offset)}${filler.repeat(120)}`;
        const folded = foldLine(line);
        expectWellFolded(folded);
        expect(unfold(folded)).toBe(line);
      }
    }
  });

  it('never separates a backslash from the letter it escapes', () => {
    for (let offset = 0; offset < 3; offset++) {
      const line = `NOTE:${'a'.repeat(69 + offset)}${escapeText('\n;,\\'.repeat(40))}`;
      const folded = foldLine(line);
      expectWellFolded(folded);
      for (const part of folded.split('\r\n')) expect(part.replace(/\\[\\n;,]/g, '')).not.toMatch(/\\/);
    }
  });
});

describe('the contact file', () => {
  const text = buildVCard(card);

  it('is vCard 3.0 with CRLF line ends only, every line folded, no CHARSET parameter', () => {
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expectWellFolded(text.slice(0, -2));
    expect(text).not.toMatch(/CHARSET/i);
  });

  it('round-trips every field, Turkish letters included, through a real parser (ical.js)', () => {
    const vcard = parseVCard(text);
    const value = (name: string) => vcard.getFirstPropertyValue(name);
    expect(value('version')).toBe('3.0');
    expect(value('n')).toEqual(['Yılmaz-Öztürk', 'Ayşe Gül', '', 'Dr.', '']);
    expect(value('fn')).toBe('Ayşe Gül Yılmaz-Öztürk');
    expect(value('title')).toBe('Gayrimenkul Danışmanı, Kıdemli');
    expect(value('org')).toBe('Yılmaz; Öztürk Emlak');
    const tel = vcard.getFirstProperty('tel');
    expect(tel?.getFirstValue()).toBe('+905321234567');
    expect(tel?.getParameter('type')).toEqual(['WORK', 'VOICE']);
    const email = vcard.getFirstProperty('email');
    expect(email?.getFirstValue()).toBe('ayse@yilmaz-emlak.com.tr');
    expect(email?.getParameter('type')).toEqual(['WORK', 'INTERNET']);
    expect(value('url')).toBe('https://yilmaz-emlak.com.tr/ekip?kisi=ayse,yilmaz');
    const adr = vcard.getFirstProperty('adr');
    expect(adr?.getParameter('type')).toBe('WORK');
    expect(adr?.getFirstValue()).toEqual([
      '',
      '',
      'Bağdat Caddesi No: 1, Daire 3',
      'Kadıköy',
      'İstanbul',
      '34710',
      'Türkiye',
    ]);
    expect(value('note')).toBe(contactNote(card));
    expect(value('x-socialprofile')).toBe('https://www.linkedin.com/in/ayse-yilmaz');
    const photo = vcard.getFirstProperty('photo');
    expect(photo?.getParameter('encoding')).toBe('b');
    expect(photo?.getParameter('type')).toBe('JPEG');
    const encoded = (photo?.getFirstValue() as { value: string } | undefined)?.value ?? '';
    expect(Buffer.from(encoded, 'base64').equals(Buffer.from(card.photo?.bytes ?? []))).toBe(true);
  });

  it('puts tax and registry numbers and each bank account into the note, in Turkish', () => {
    expect(contactNote(card)).toBe(
      [
        'Vergi No: 4540536920',
        'Vergi Dairesi: Kadıköy',
        'MERSİS No: 0454053692000015',
        'Ticaret Sicil No: 123456-5',
        '',
        'Banka Hesapları:',
        'Banka: Ziraat Bankası',
        'Hesap Sahibi: Ayşe Yılmaz',
        'IBAN: TR33 0006 1005 1978 6457 8413 26',
        'Para Birimi: TRY',
        '',
        'Banka: Garanti BBVA',
        'Hesap Sahibi: Yılmaz Emlak Ltd. Şti.',
        'Hesap No: 6299 1234567',
        'Para Birimi: EUR',
      ].join('\n'),
    );
  });

  // Checked on the text: ical.js reads unstructured values by vCard 4.0 rules, where `\;` is not an
  // escape; 3.0 (RFC 2426 `text`) requires it, and the iOS and Android readers unescape it.
  it('escapes a semicolon in the note, as vCard 3.0 readers (iOS, Android) expect', () => {
    const raw = unfold(buildVCard({ ...card, taxOffice: 'Kadıköy; Anadolu', bankAccounts: [] }));
    expect(raw).toContain('NOTE:Vergi No: 4540536920\\nVergi Dairesi: Kadıköy\\; Anadolu\\n');
  });

  it('leaves out what the owner left empty, and names a company-only card after the company', () => {
    const sparse = buildVCard({
      ...card,
      company: 'Öztürk Emlak, İzmir',
      prefix: '',
      firstName: '',
      lastName: '',
      jobTitle: '',
      phone: '',
      email: '',
      website: '',
      address: { street: '', city: '', state: '', zipCode: '', country: 'Türkiye' },
      taxNumber: '',
      taxOffice: '',
      mersisNo: '',
      registrationNumber: '',
      bankAccounts: [],
      socialLinks: [],
      photo: null,
    });
    expect(sparse).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:;;;;',
        'FN:Öztürk Emlak\\, İzmir',
        'ORG:Öztürk Emlak\\, İzmir',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
    expect(parseVCard(sparse).getFirstPropertyValue('fn')).toBe('Öztürk Emlak, İzmir');
  });
});

describe('the file name', () => {
  it('is the company, else the full name, with spaces as underscores (SPEC §7)', () => {
    expect(contactFileName('Yılmaz Emlak', 'Ayşe Yılmaz')).toBe('Yılmaz_Emlak.vcf');
    expect(contactFileName('  ', 'Ayşe  Yılmaz')).toBe('Ayşe_Yılmaz.vcf');
    expect(contactFileName('', '')).toBe('kartvizit.vcf');
    expect(contactFileName('A/B "Şirket": <x>', '')).toBe('AB_Şirket_x.vcf');
    expect(contactFileName('..\u0000gizli', '')).toBe('gizli.vcf');
  });

  it('is sent in both forms: ASCII for old clients, RFC 5987 UTF-8 for the rest', () => {
    expect(attachmentDisposition('Yılmaz_Çağrı_Şirketi.vcf')).toBe(
      `attachment; filename="Yilmaz_Cagri_Sirketi.vcf"; filename*=UTF-8''Y%C4%B1lmaz_%C3%87a%C4%9Fr%C4%B1_%C5%9Eirketi.vcf`,
    );
    expect(attachmentDisposition("O'Neil_(İzmir).vcf")).toBe(
      `attachment; filename="O_Neil_Izmir_.vcf"; filename*=UTF-8''O%27Neil_%28%C4%B0zmir%29.vcf`,
    );
  });
});
