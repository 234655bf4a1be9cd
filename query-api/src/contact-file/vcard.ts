/**
 * The card's contact file (SPEC §3 "Contact file"): vCard 3.0 (RFC 2426 on RFC 2425), the version
 * both iPhone Contacts and Android's importer read without questions. UTF-8 throughout and no
 * CHARSET parameter: 3.0 has none, and iOS reads UTF-8 by default. Lines end in CRLF and are folded
 * at 75 octets without ever splitting a UTF-8 sequence or a backslash escape.
 */

import { safeFileName } from '@kartvizit/infra/http/attachment';

export interface ContactAddress {
  readonly street: string;
  /** The il (province): 'İstanbul'. */
  readonly city: string;
  /** The ilçe (district): 'Kadıköy'. */
  readonly state: string;
  readonly zipCode: string;
  readonly country: string;
}

export interface ContactBankAccount {
  readonly bankName: string;
  readonly accountHolder: string;
  readonly iban: string;
  readonly accountNumber: string;
  readonly currency: string;
}

export interface ContactSocialLink {
  readonly platform: string;
  readonly url: string;
}

export interface ContactPhoto {
  readonly bytes: Uint8Array;
  readonly type: 'JPEG' | 'PNG';
}

export interface ContactCard {
  /** Honorific ('Dr.'), the profile's `title`. */
  readonly prefix: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly jobTitle: string;
  readonly company: string;
  /** E.164 or ''. */
  readonly phone: string;
  readonly email: string;
  readonly website: string;
  readonly address: ContactAddress;
  readonly taxNumber: string;
  readonly taxOffice: string;
  readonly mersisNo: string;
  readonly registrationNumber: string;
  readonly bankAccounts: readonly ContactBankAccount[];
  readonly socialLinks: readonly ContactSocialLink[];
  readonly photo: ContactPhoto | null;
}

export const VCARD_LINE_OCTETS = 75;
const CRLF = '\r\n';

/** Text values (RFC 2426 §5): backslash, comma, semicolon and line breaks are escaped. */
export function escapeText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\\,;\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`));
}

/** One component of a structured value (N, ADR, ORG): the same escaping; `;` then separates components. */
function structured(components: readonly string[]): string {
  return components.map(escapeText).join(';');
}

/** Code points, with a backslash escape kept as one unit so a fold never separates `\` from its letter. */
function units(line: string): string[] {
  const result: string[] = [];
  let pendingEscape = false;
  for (const char of line) {
    if (pendingEscape) {
      result[result.length - 1] += char;
      pendingEscape = false;
    } else {
      result.push(char);
      pendingEscape = char === '\\';
    }
  }
  return result;
}

/**
 * RFC 2425 §5.8.1 folding: no line longer than 75 octets (the continuation's leading space
 * included); breaks fall between characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const unit of units(line)) {
    const size = Buffer.byteLength(unit, 'utf8');
    if (octets + size > VCARD_LINE_OCTETS && current !== '' && current !== ' ') {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += unit;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function labelled(label: string, value: string): string[] {
  return value.trim() ? [`${label}: ${value.trim()}`] : [];
}

/** The words of the note, in the language the card was read in (issue 31). */
export interface NoteLabels {
  readonly taxNumber: string;
  readonly taxOffice: string;
  readonly mersisNo: string;
  readonly registrationNumber: string;
  readonly bank: string;
  readonly accountHolder: string;
  readonly iban: string;
  readonly accountNumber: string;
  readonly currency: string;
  readonly bankAccounts: string;
}

export const TURKISH_NOTE_LABELS: NoteLabels = {
  taxNumber: 'Vergi No',
  taxOffice: 'Vergi Dairesi',
  mersisNo: 'MERSİS No',
  registrationNumber: 'Ticaret Sicil No',
  bank: 'Banka',
  accountHolder: 'Hesap Sahibi',
  iban: 'IBAN',
  accountNumber: 'Hesap No',
  currency: 'Para Birimi',
  bankAccounts: 'Banka Hesapları',
};

/** The SPEC's notes: tax and registry numbers, then each bank account. */
export function contactNote(card: ContactCard, labels: NoteLabels = TURKISH_NOTE_LABELS): string {
  const company = [
    ...labelled(labels.taxNumber, card.taxNumber),
    ...labelled(labels.taxOffice, card.taxOffice),
    ...labelled(labels.mersisNo, card.mersisNo),
    ...labelled(labels.registrationNumber, card.registrationNumber),
  ];
  const accounts = card.bankAccounts
    .map((account) => [
      ...labelled(labels.bank, account.bankName),
      ...labelled(labels.accountHolder, account.accountHolder),
      ...labelled(labels.iban, account.iban ? groupIban(account.iban) : ''),
      ...labelled(labels.accountNumber, account.accountNumber),
      ...labelled(labels.currency, account.currency),
    ])
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'));
  const sections = [
    company.join('\n'),
    accounts.length > 0 ? `${labels.bankAccounts}:\n${accounts.join('\n\n')}` : '',
  ];
  return sections.filter(Boolean).join('\n\n');
}

export function contactFullName(card: Pick<ContactCard, 'firstName' | 'lastName'>): string {
  return [card.firstName, card.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * ADR's seven components (RFC 2426 §3.2.1: PO box, extended, street, locality, region, postal code, country) from a
 * Turkish address. The profile's `city` is the il (province) and its `state` the ilçe (district): the ilçe is the
 * locality and the il the region, as Turkish addresses are written ('34710 Kadıköy/İstanbul') and as iOS and Android
 * Contacts lay out a Turkish address (Google's address data for TR: locality = district, region = province).
 */
export function turkishAddress(address: ContactAddress): string[] {
  return ['', '', address.street, address.state, address.city, address.zipCode, address.country];
}

/** The whole file, CRLF line endings, ready to send as UTF-8. */
export function buildVCard(card: ContactCard, labels: NoteLabels = TURKISH_NOTE_LABELS): string {
  const fullName = contactFullName(card);
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  // N and FN are required in 3.0; without a person's name the company stands in.
  lines.push(`N:${structured([card.lastName, card.firstName, '', card.prefix, ''])}`);
  lines.push(`FN:${escapeText(fullName || card.company || 'Dijital Kartvizit')}`);
  if (card.jobTitle) lines.push(`TITLE:${escapeText(card.jobTitle)}`);
  if (card.company) lines.push(`ORG:${structured([card.company])}`);
  if (card.phone) lines.push(`TEL;TYPE=WORK,VOICE:${card.phone}`);
  if (card.email) lines.push(`EMAIL;TYPE=WORK,INTERNET:${escapeText(card.email)}`);
  // A URI, not text: commas in it must stay as they are.
  if (card.website) lines.push(`URL:${card.website}`);
  const { street, city, state, zipCode } = card.address;
  if ([street, city, state, zipCode].some((part) => part.trim() !== '')) {
    lines.push(`ADR;TYPE=WORK:${structured(turkishAddress(card.address))}`);
  }
  const note = contactNote(card, labels);
  if (note) lines.push(`NOTE:${escapeText(note)}`);
  // iOS shows these as its social profiles; other readers skip an X- property they do not know.
  for (const link of card.socialLinks) {
    if (link.url) lines.push(`X-SOCIALPROFILE;TYPE=${link.platform.replace(/[^a-z0-9-]/gi, '')}:${link.url}`);
  }
  if (card.photo)
    lines.push(`PHOTO;ENCODING=b;TYPE=${card.photo.type}:${Buffer.from(card.photo.bytes).toString('base64')}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

// ---------------------------------------------------------------------------------------------
// File name: '{company or full name, spaces → underscores}.vcf' (SPEC §7)

/** The name as people read it, e.g. 'Yılmaz_Emlak.vcf'. */
export function contactFileName(company: string, fullName: string): string {
  const base = safeFileName((company.trim() || fullName.trim()).normalize('NFC'))
    .replace(/\s+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return `${base || 'kartvizit'}.vcf`;
}

export { asciiFileName, attachmentDisposition } from '@kartvizit/infra/http/attachment';
