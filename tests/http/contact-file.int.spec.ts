import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Profile } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, send, virtualCardId } from './card-fixtures.ts';
import { fullProfileFields, photo, profileForm, registerOwner, saveProfile } from './profile-fixtures.ts';

/** A real vCard reader (ical.js), as a contacts app would parse the file. */
function parseVCard(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

/**
 * GET /api/profile/card/{cardId}/contact.vcf: 'Rehbere Ekle'. A vCard 3.0 a phone imports as it
 * is, checked with a real parser (ical.js), Turkish letters and the embedded photo included.
 */
let product: TestProduct;
let token: string;
let cardId: string;
let profile: Profile;
let position: string | undefined;

const contactFile = (id: string, headers: Record<string, string> = {}) =>
  send(product, 'GET', `/api/profile/card/${id}/contact.vcf`, undefined, undefined, headers);

beforeAll(async () => {
  product = await startTestProduct();
  const owner = await registerOwner(product);
  token = owner.token;
  const saved = await saveProfile(
    product,
    'POST',
    profileForm(
      {
        ...fullProfileFields(),
        company: 'Yılmaz & Öztürk Gayrimenkul',
        bankAccounts: JSON.stringify([
          {
            bankName: 'Ziraat Bankası',
            accountHolder: 'Ayşe Yılmaz',
            iban: 'TR33 0006 1005 1978 6457 8413 26',
            accountNumber: '',
            branchCode: '',
            swiftCode: '',
            currency: 'TRY',
          },
          {
            bankName: 'Garanti BBVA',
            accountHolder: 'Yılmaz Gayrimenkul Ltd. Şti.',
            iban: '',
            accountNumber: '6299123',
            branchCode: '',
            swiftCode: '',
            currency: 'EUR',
          },
        ]),
      },
      { profilePicture: { bytes: await photo(900, 700, '#1f6f8b'), name: 'portre.jpg', type: 'image/jpeg' } },
    ),
    token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  profile = saved.body.profile as Profile;
  cardId = virtualCardId();
  expect(
    (await send(product, 'POST', '/api/cards', token, { cardId, type: 'virtual', name: 'Rehber' })).statusCode,
  ).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', token, { cardId, name: 'Rehber' });
  expect(activated.statusCode).toBe(200);
  position = answer(activated).position;
});
afterAll(async () => {
  await product?.close();
});

describe('the contact file of an active card', () => {
  it('downloads as {company}.vcf, in UTF-8, with the Turkish name spelled out for modern browsers', async () => {
    const response = await contactFile(cardId, after(position));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Yilmaz_Ozturk_Gayrimenkul.vcf"; filename*=UTF-8''Y%C4%B1lmaz_%26_%C3%96zt%C3%BCrk_Gayrimenkul.vcf`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is a vCard 3.0 every field of which a parser reads back: name parts, work phone and e-mail, address, notes', async () => {
    const text = (await contactFile(cardId.toLowerCase(), after(position))).body;
    // What iOS and Android rely on: CRLF only, lines of at most 75 octets, each valid UTF-8 on its own.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(line))).not.toThrow();
    }
    const vcard = parseVCard(text);
    const value = (name: string) => vcard.getFirstPropertyValue(name);
    expect(value('version')).toBe('3.0');
    expect(value('n')).toEqual(['Yılmaz', 'Ayşe', '', 'Dr.', '']);
    expect(value('fn')).toBe('Ayşe Yılmaz');
    expect(value('title')).toBe('Gayrimenkul Danışmanı');
    expect(value('org')).toBe('Yılmaz & Öztürk Gayrimenkul');
    expect(vcard.getFirstProperty('tel')?.getParameter('type')).toEqual(['WORK', 'VOICE']);
    expect(value('tel')).toBe('+905321234567');
    expect(vcard.getFirstProperty('email')?.getParameter('type')).toEqual(['WORK', 'INTERNET']);
    expect(value('email')).toBe('ayse@yilmaz-emlak.com.tr');
    expect(value('url')).toBe('https://yilmaz-emlak.com.tr');
    expect(vcard.getFirstProperty('adr')?.getParameter('type')).toBe('WORK');
    // The ilçe is the locality and the il the region: phones print '34710 Kadıköy/İstanbul', not the other way round.
    const [, , street, locality, region, postalCode, country] = value('adr') as string[];
    expect({ street, locality, region, postalCode, country }).toEqual({
      street: 'Bağdat Caddesi No: 1',
      locality: 'Kadıköy',
      region: 'İstanbul',
      postalCode: '34710',
      country: 'Türkiye',
    });
    expect(value('note')).toBe(
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
        'Hesap Sahibi: Yılmaz Gayrimenkul Ltd. Şti.',
        'Hesap No: 6299123',
        'Para Birimi: EUR',
      ].join('\n'),
    );
    expect(vcard.getAllProperties('x-socialprofile').map((property) => property.getFirstValue())).toEqual(
      profile.socialLinks.map((link) => link.url),
    );
  });

  it('embeds the profile photo: the small JPEG the public card shows, byte for byte', async () => {
    const vcard = parseVCard((await contactFile(cardId, after(position))).body);
    const property = vcard.getFirstProperty('photo');
    expect(property?.getParameter('encoding')).toBe('b');
    expect(property?.getParameter('type')).toBe('JPEG');
    const bytes = Buffer.from((property?.getFirstValue() as { value: string }).value, 'base64');
    const small = await product.app.inject({ method: 'GET', url: profile.thumbnails.profilePicture ?? '' });
    expect(small.statusCode).toBe(200);
    expect(bytes.equals(small.rawPayload)).toBe(true);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('follows the profile: a change shows in the next download', async () => {
    const saved = await saveProfile(
      product,
      'PUT',
      profileForm({ ...fullProfileFields(), company: '', jobTitle: 'Broker; Ortak' }),
      token,
    );
    expect(saved.status).toBe(200);
    const response = await contactFile(cardId, after(saved.body.position));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ayse_Yilmaz.vcf"; filename*=UTF-8''Ay%C5%9Fe_Y%C4%B1lmaz.vcf`,
    );
    expect(response.body).toContain('TITLE:Broker\\; Ortak\r\n');
    const vcard = parseVCard(response.body);
    expect(vcard.getFirstPropertyValue('org')).toBeNull();
    expect(vcard.getFirstProperty('photo')).toBeNull();
  });
});

describe('cards without a contact file', () => {
  it('unknown, malformed, pending and deactivated cards answer the public profile’s 404', async () => {
    const pending = virtualCardId();
    const created = await send(product, 'POST', '/api/cards', token, {
      cardId: pending,
      type: 'virtual',
      name: 'Bekleyen',
    });
    const off = await send(product, 'PUT', `/api/cards/deactivate/${cardId}`, token);
    expect([created.statusCode, off.statusCode]).toEqual([200, 200]);
    for (const id of ['KV-YOKBOYLE', encodeURIComponent('kv-iı'), pending, cardId]) {
      const response = await contactFile(id, after(answer(off).position));
      expect(response.statusCode, id).toBe(404);
      expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardPublicProfileNotFound });
    }
  });
});
