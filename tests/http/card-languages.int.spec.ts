import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_PUBLIC_BASE_URL as BASE, startTestProduct, type TestProduct } from '../support/product.ts';
import { de } from '@kartvizit/query-api/language/catalogues/de';
import { after, answer, createProfile, provision, registerOwner, send, type Owner } from './card-fixtures.ts';

/**
 * Issue 31: the card speaks the visitor's language. An owner writes their words in English and Arabic; visitors
 * whose browsers ask for English, Arabic, Russian or nothing read the card, its catalogue and a product page in the
 * language they get: `?lang=` first, then the browser's among the owner's, else Turkish, each missing field in
 * Turkish.
 */
let product: TestProduct;
let owner: Owner;
let cardId: string;
let productId: string;
let turkishOnlyCard: string;

const BIO_TR = 'Antalya ve Alanya’da satılık ve kiralık konutlar.';
const BIO_EN = 'Homes for sale and to rent in Antalya and Alanya, for buyers from abroad.';
const TITLE_EN = 'Real-estate consultant';
const TITLE_AR = 'مستشارة عقارية';

const page = (path: string, headers: Record<string, string> = {}) =>
  send(product, 'GET', path, undefined, undefined, headers);

function htmlOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.body;
}

/** The page's data block, as its script reads it. */
function pageData(html: string): { lang: string; text: Record<string, string>; messages: Record<string, string>; share: { url: string } } {
  const match = /<script type="application\/json" id="pc-data">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match?.[1] ?? '{}') as ReturnType<typeof pageData>;
}

async function activatedCard(who: Owner): Promise<{ cardId: string; position: string | undefined }> {
  const [id = ''] = await provision(product);
  const response = await send(product, 'POST', '/api/cards/activate', who.token, { cardId: id, name: 'Kartım' });
  expect(response.statusCode, response.body).toBe(200);
  return { cardId: id, position: answer(response).position };
}

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
  await createProfile(product, owner, {
    bio: BIO_TR,
    translations: { en: { jobTitle: TITLE_EN, bio: BIO_EN }, ar: { jobTitle: TITLE_AR } },
  });
  const created = await send(product, 'POST', '/api/products', owner.token, {
    name: 'Deniz manzaralı 3+1 daire',
    description: 'Konyaaltı’nda, denize 300 m.',
    price: { value: 8750000, currency: 'TRY' },
    features: ['Havuz', 'Otopark'],
    translations: { en: { name: 'Sea-view 3+1 flat', features: ['Pool', 'Parking'] } },
  });
  expect(created.statusCode, created.body).toBe(200);
  productId = (JSON.parse(created.body) as { data: { _id: string } }).data._id;
  const card = await activatedCard(owner);
  cardId = card.cardId;
  await send(product, 'GET', `/api/profile/card/${cardId}`, undefined, undefined, after(card.position));

  const other = await registerOwner(product);
  await createProfile(product, other, { bio: BIO_TR });
  const second = await activatedCard(other);
  turkishOnlyCard = second.cardId;
  await send(product, 'GET', `/api/profile/card/${turkishOnlyCard}`, undefined, undefined, after(second.position));
});
afterAll(async () => {
  await product?.close();
});

describe('the owner writes their words in other languages', () => {
  it('the profile and the product answer them as `translations`, and the log holds them only sealed', async () => {
    const me = JSON.parse((await send(product, 'GET', '/api/profile/me', owner.token)).body) as {
      profile: { translations: unknown };
    };
    expect(me.profile.translations).toEqual({ en: { jobTitle: TITLE_EN, bio: BIO_EN }, ar: { jobTitle: TITLE_AR } });
    const list = JSON.parse((await send(product, 'GET', '/api/products', owner.token)).body) as {
      data: { _id: string; translations: unknown }[];
    };
    expect(list.data.find((item) => item._id === productId)?.translations).toEqual({ en: { name: 'Sea-view 3+1 flat', features: ['Pool', 'Parking'] } });
    const log = await product.pool.query<{ text: string }>("SELECT string_agg(data::text, ' ') AS text FROM events");
    expect(log.rows[0]?.text).not.toContain('Antalya and Alanya');
    expect(log.rows[0]?.text).not.toContain('Sea-view');
  });

  it('a language that is not ours is refused in Turkish, and nothing changes', async () => {
    const before = await product.pool.query('SELECT count(*)::int AS n FROM events');
    const refused = await send(product, 'PUT', '/api/profile', owner.token, {
      firstName: 'Ayşe',
      translations: { fr: { bio: 'Bonjour' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(answer(refused)).toMatchObject({ success: false, field: 'translations.fr' });
    expect(answer(refused).message).toMatch(/^Desteklenmeyen dil: fr\./);
    const product400 = await send(product, 'PUT', `/api/products/${productId}`, owner.token, {
      name: 'Daire',
      translations: { en: { price: 5 } },
    });
    expect(product400.statusCode).toBe(400);
    expect(answer(product400)).toMatchObject({ field: 'translations.en.price' });
    const afterwards = await product.pool.query('SELECT count(*)::int AS n FROM events');
    expect(afterwards.rows[0]).toEqual(before.rows[0]);
  });
});

describe('a visitor reads the card in their language', () => {
  it('an English browser (en-GB) gets English labels and the owner’s English words, at an address of its own', async () => {
    const response = await page(`/p/${cardId}`, { 'accept-language': 'en-GB,en;q=0.9,tr;q=0.3' });
    const html = htmlOf(response);
    expect(html).toContain('<html lang="en" class');
    expect(html).toContain('Save contact');
    expect(html).toContain(TITLE_EN);
    expect(html).toContain(BIO_EN);
    expect(html).not.toContain(BIO_TR);
    expect(html).not.toContain('Rehbere Ekle');
    // The plain address chose by the browser's language: caches must key on it.
    expect(response.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(response.headers['content-language']).toBe('en');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/p/${cardId}?lang=en">`);
    expect(html).toContain('<meta property="og:locale" content="en_GB">');
    expect(html).toContain('<meta property="og:locale:alternate" content="ar_AR">');
    for (const language of ['tr', 'en', 'ar'])
      expect(html).toContain(`<link rel="alternate" hreflang="${language}" href="${BASE}/p/${cardId}?lang=${language}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${BASE}/p/${cardId}">`);
    expect(html).not.toContain('hreflang="ru"');
    // The switcher names each of the owner's languages in its own words, this one current.
    expect(html).toContain(`<a class="pc-lang" href="/p/${cardId}?lang=en" hreflang="en" lang="en" aria-current="true">English</a>`);
    expect(html).toContain('lang="ar">العربية</a>');
    // The catalogue in English, its links keeping the language; the share button shares the card's own address.
    expect(html).toContain('Sea-view 3+1 flat');
    expect(html).toContain(`href="/product/${productId}?card=${cardId}&amp;lang=en"`);
    expect(html).toContain('₺8,750,000.00');
    const data = pageData(html);
    expect(data.lang).toBe('en');
    expect(data.share.url).toBe(`${BASE}/p/${cardId}`);
    expect(data.text.copiedLabel).toBe('{label} copied!');
    // What the forms' rules and the server say in Turkish, the page says in English.
    expect(data.messages['Geçerli bir e-posta adresi girin']).toBe('Enter a valid email address');
    // The short notice links to the full disclosure in English.
    expect(html).toContain('href="/kvkk?lang=en"');
  });

  it('an Arabic browser gets the page right to left, the Arabic title, and the Turkish bio where none is written', async () => {
    const html = htmlOf(await page(`/p/${cardId}`, { 'accept-language': 'ar-SA,ar;q=0.9' }));
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain(TITLE_AR);
    expect(html).toContain(BIO_TR);
    expect(html).toContain('حفظ جهة الاتصال');
    // The owner's name stays as written.
    expect(html).toContain('Ayşe Yılmaz');
    // The product has no Arabic name: its Turkish one.
    expect(html).toContain('Deniz manzaralı 3+1 daire');
  });

  it('?lang= wins over the browser; a language the owner has not turned on gives Turkish', async () => {
    const arabic = await page(`/p/${cardId}?lang=ar`, { 'accept-language': 'en' });
    expect(htmlOf(arabic)).toContain('<html lang="ar" dir="rtl"');
    // An address that names its language does not vary with the browser's.
    expect(arabic.headers.vary).toBe('Accept-Encoding');
    const russian = await page(`/p/${cardId}?lang=ru`, { 'accept-language': 'ru' });
    const html = htmlOf(russian);
    expect(html).toContain('<html lang="tr" class');
    expect(html).toContain('Rehbere Ekle');
    expect(html).toContain(BIO_TR);
    const nonsense = await page(`/p/${cardId}?lang=%3Cscript%3E`, { 'accept-language': 'en' });
    expect(htmlOf(nonsense)).toContain('<html lang="en" class');
  });

  it('a browser that asks for none of the owner’s languages, or for nothing, gets Turkish', async () => {
    for (const header of [{ 'accept-language': 'fr-FR,fr;q=0.9' }, {}] as Record<string, string>[]) {
      const html = htmlOf(await page(`/p/${cardId}`, header));
      expect(html).toContain('<html lang="tr" class');
      expect(html).toContain('Emlak Danışmanı');
      expect(html).toContain(`<link rel="canonical" href="${BASE}/p/${cardId}?lang=tr">`);
      expect(pageData(html).messages).toEqual({});
    }
  });

  it('each language is its own stored page: its own ETag, a 304 for the bytes a browser holds', async () => {
    const english = await page(`/p/${cardId}?lang=en`);
    const turkish = await page(`/p/${cardId}?lang=tr`);
    expect(english.headers.etag).not.toBe(turkish.headers.etag);
    const again = await page(`/p/${cardId}?lang=en`, { 'if-none-match': String(english.headers.etag) });
    expect(again.statusCode).toBe(304);
    const negotiated = await page(`/p/${cardId}`, {
      'accept-language': 'en',
      'if-none-match': String(english.headers.etag),
    });
    expect(negotiated.statusCode).toBe(304);
    expect(negotiated.headers.vary).toBe('Accept-Encoding, Accept-Language');
  });

  it('a card whose owner writes only Turkish is the same page for everyone, with nothing about languages', async () => {
    const response = await page(`/p/${turkishOnlyCard}`, { 'accept-language': 'en' });
    const html = htmlOf(response);
    expect(html).toContain('<html lang="tr" class');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['content-language']).toBeUndefined();
    expect(html).not.toContain('hreflang');
    expect(html).not.toContain('pc-langs');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/p/${turkishOnlyCard}">`);
  });
});

describe('a visitor opens a product in their language', () => {
  it('the product page follows ?lang= and the browser as the card does', async () => {
    const english = htmlOf(await page(`/product/${productId}?card=${cardId}&lang=en`));
    expect(english).toContain('<html lang="en" class');
    expect(english).toContain('Sea-view 3+1 flat');
    expect(english).toContain('<li>Pool</li>');
    expect(english).toContain('Konyaaltı’nda, denize 300 m.');
    expect(english).toContain('Ask on WhatsApp');
    // The way back to the card keeps the language.
    expect(english).toContain(`href="/p/${cardId}?lang=en"`);
    const negotiated = await page(`/product/${productId}`, { 'accept-language': 'ar' });
    expect(htmlOf(negotiated)).toContain('<html lang="ar" dir="rtl"');
    expect(negotiated.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const turkish = htmlOf(await page(`/product/${productId}`));
    expect(turkish).toContain('Deniz manzaralı 3+1 daire');
    expect(turkish).toContain('WhatsApp ile Bilgi Al');
  });
});

describe('what the visitor takes away speaks their language too', () => {
  it('the contact file carries the owner’s title in the card’s language, the name as written', async () => {
    const english = await page(`/api/profile/card/${cardId}/contact.vcf?lang=en`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain(`TITLE:${TITLE_EN}`);
    expect(english.body).toContain('FN:Ayşe Yılmaz');
    expect(english.headers['content-language']).toBe('en');
    const arabic = await page(`/api/profile/card/${cardId}/contact.vcf`, { 'accept-language': 'ar' });
    expect(arabic.body).toContain(`TITLE:${TITLE_AR}`);
    // A language the owner has not written in: Turkish.
    const german = await page(`/api/profile/card/${cardId}/contact.vcf?lang=de`);
    expect(german.body).toContain('TITLE:Emlak Danışmanı');
    // The card page links to the file in its own language.
    expect(htmlOf(await page(`/p/${cardId}?lang=en`))).toContain(`href="/api/profile/card/${cardId}/contact.vcf?lang=en"`);
  });

  it('the calendar invitation names the meeting in the page’s language', async () => {
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const english = await page(`/api/public/cards/${cardId}/meeting.ics?start=${encodeURIComponent(start)}&lang=en`);
    expect(english.statusCode, english.body).toBe(200);
    expect(english.body).toContain('SUMMARY:Meeting with Ayşe Yılmaz');
    const russian = await page(`/api/public/cards/${cardId}/meeting.ics?start=${encodeURIComponent(start)}&lang=ru`);
    expect(russian.body).toMatch(/SUMMARY:.*Ayşe Yılmaz/);
    expect(russian.body).not.toContain('ile görüşme');
    const turkish = await page(`/api/public/cards/${cardId}/meeting.ics?start=${encodeURIComponent(start)}&lang=xx`);
    expect(turkish.body).toContain('SUMMARY:Ayşe Yılmaz ile görüşme');
  });
});

describe('search engines learn every language of a findable card', () => {
  it('the sitemap lists each language’s address with its alternates; a Turkish-only card stays one address', async () => {
    const findable = await registerOwner(product);
    await createProfile(product, findable, {
      searchable: true,
      translations: { de: { jobTitle: 'Immobilienberaterin' } },
    });
    const card = await activatedCard(findable);
    await send(product, 'GET', `/api/profile/card/${card.cardId}`, undefined, undefined, after(card.position));
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    const xml = sitemap.body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const language of ['tr', 'de']) {
      expect(xml).toContain(`<loc>${BASE}/p/${card.cardId}?lang=${language}</loc>`);
      expect(xml).toContain(
        `<xhtml:link rel="alternate" hreflang="${language}" href="${BASE}/p/${card.cardId}?lang=${language}"/>`,
      );
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/p/${card.cardId}"/>`);
    expect(xml.split(`<loc>${BASE}/p/${card.cardId}`).length - 1).toBe(2);
  });
});

describe('a card or product that shows nothing says so in the browser’s language', () => {
  it('the one 404 is the same for every unknown card, in each language', async () => {
    const german = await page('/p/KV-YOKBOYLE', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.statusCode).toBe(404);
    expect(german.body).toContain('<html lang="de" class');
    expect(german.body).toContain(de.notFoundTitle);
    expect(german.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const arabic = await page('/product/00000000-0000-4000-8000-000000000000?lang=ar');
    expect(arabic.statusCode).toBe(404);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl"');
    const turkish = await page('/p/KV-YOKBOYLE');
    expect(turkish.body).toContain('<html lang="tr" class');
    expect(turkish.body).toContain('Profil bulunamadı');
  });
});
