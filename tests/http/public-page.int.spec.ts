import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { FORM_TOKEN_MIN_AGE_MS, verifyFormToken } from '@kartvizit/infra/forms/form-token';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, createProfile, provision, registerOwner, send, type Owner } from './card-fixtures.ts';
import { fullProfileFields, photo, profileForm, saveProfile } from './profile-fixtures.ts';

/**
 * GET /p/{cardId}: the public card page as server-rendered HTML (docs/decisions/0008). What the
 * first response holds, the one 404 for every card that shows nothing, escaping of hostile
 * profile data, ETag/304 and the page cache following deactivation and profile changes.
 */
let product: TestProduct;
let distDir: string;

const SCRIPT = '/assets/public-card-test.js';
const PRELOAD = '/assets/preload-helper-test.js';
const CSS = '.pc-body{color:#0f172a}';

/** A built web app in miniature: the manifest entry query-api looks for, its CSS and imports. */
async function fakeWebBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kartvizit-web-dist-'));
  await mkdir(join(dir, '.vite'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dir, 'assets', 'public-card-test.css'), CSS);
  await writeFile(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/public-card/main.ts': {
        file: SCRIPT.slice(1),
        isEntry: true,
        imports: ['_preload-helper-test.js'],
        css: ['assets/public-card-test.css'],
      },
      '_preload-helper-test.js': { file: PRELOAD.slice(1) },
    }),
  );
  return dir;
}

const page = (cardId: string, headers: Record<string, string> = {}) =>
  send(product, 'GET', `/p/${cardId}`, undefined, undefined, headers);

/** Activates a fresh physical card for the owner; answers its id and the position of the activation. */
async function activatedCard(owner: Owner, name: string): Promise<{ cardId: string; position: string | undefined }> {
  const [cardId = ''] = await provision(product);
  const response = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name });
  expect(response.statusCode, response.body).toBe(200);
  return { cardId, position: answer(response).position };
}

function metaContent(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

/** Waits until the JSON view of the card (the same read models) agrees, then asks for the page. */
async function pageOnceSettled(
  cardId: string,
  position: string | undefined,
  expected: number,
): Promise<LightMyRequestResponse> {
  const json = await send(product, 'GET', `/api/profile/card/${cardId}`, undefined, undefined, after(position));
  expect(json.statusCode).toBe(expected);
  return page(cardId);
}

beforeAll(async () => {
  distDir = await fakeWebBuild();
  product = await startTestProduct({ webDistDir: distDir });
});
afterAll(async () => {
  await product?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('a full profile', () => {
  let owner: Owner;
  let cardId: string;
  let html: string;
  let response: LightMyRequestResponse;
  let images: Record<string, string>;

  beforeAll(async () => {
    owner = await registerOwner(product);
    const saved = await saveProfile(
      product,
      'POST',
      profileForm(fullProfileFields(), {
        profilePicture: { bytes: await photo(400, 400), name: 'ayse.jpg', type: 'image/jpeg' },
        coverPhoto: { bytes: await photo(1200, 500, '#1e3a8a'), name: 'kapak.jpg', type: 'image/jpeg' },
      }),
      owner.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    images = {
      existingProfilePicture: saved.body.profile?.profilePicture ?? '',
      existingCoverPhoto: saved.body.profile?.coverPhoto ?? '',
    };
    const card = await activatedCard(owner, 'Vitrin');
    cardId = card.cardId;
    response = await page(cardId, after(card.position));
    html = response.body;
  });

  it('arrives complete: the person, contact list, sections, QR code and footer in the first response', () => {
    expect(response.statusCode, html).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="tr" class="theme-dark">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">');
    expect(html).toContain('<h1 class="pc-name">Dr. Ayşe Yılmaz</h1>');
    expect(html).toContain('Gayrimenkul Danışmanı');
    expect(html).toContain('Yılmaz Emlak');
    expect(html).toContain('href="tel:+905321234567"');
    expect(html).toContain('0532 123 45 67');
    expect(html).toContain('href="mailto:ayse@yilmaz-emlak.com.tr"');
    expect(html).toContain('href="https://yilmaz-emlak.com.tr"');
    expect(html).toContain('Bağdat Caddesi No: 1, 34710 Kadıköy/İstanbul, Türkiye');
    for (const heading of ['İletişim', 'Sosyal Medya', 'Hakkında', 'Konum', 'Kurumsal Bilgiler'])
      expect(html).toContain(`>${heading}</h2>`);
    for (const tab of ['sirket', 'efatura', 'banka', 'odeme'])
      expect(html).toContain(`role="tab" class="pc-tab" id="pc-tab-${tab}"`);
    expect(html).toContain('aria-selected="true" tabindex="0">Şirket</button>');
    // In blocks of four, each kept whole on a narrow screen (the text reads the same).
    expect(html.replace(/<[^>]+>/g, '')).toContain('TR33 0006 1005 1978 6457 8413 26');
    expect(html).toContain('data-copy="TR330006100519786457841326"');
    expect(html).toContain('class="pc-pay pc-pay--paypal"');
    expect(html).toContain('Kesin Konum');
    expect(html).toContain('https://waze.com/ul?ll=40.963200%2C29.063400&amp;navigate=yes');
    expect(html).toContain('data-platform="instagram"');
    expect(html).toContain('© 2025 Dijital Kartvizit');
    // The QR code: drawn here as inline SVG, 200×200, no third-party image service.
    expect(html).toMatch(
      /<dialog class="pc-dialog pc-dialog--qr" id="pc-qr"[^>]*>[\s\S]*<svg width="200" height="200" role="img"/,
    );
    expect(html).not.toMatch(/api\.qrserver|chart\.googleapis/);
    // The action bar's stable names.
    for (const name of ['Rehbere Ekle', 'Bilgi Gönder', 'Yol Tarifi']) expect(html).toContain(`<span>${name}</span>`);
    expect(html).toContain('<span data-share-label>Paylaş</span>');
    expect(html).toContain('aria-label="QR Kodu Göster"');
    expect(html).toContain(`href="/api/profile/card/${cardId}/contact.vcf" download data-track="vcard"`);
    // 'Toplantı Planla' (issue 15): 'Takvime Ekle' for everyone; the owner's tools are not in the page, whoever asks
    // (the page is one cached document), their place is empty until the owner's own session fills it.
    expect(html).toMatch(/<h2 class="pc-h2" id="pc-meeting-h">Toplantı Planla<\/h2>[\s\S]*<span>Takvime Ekle<\/span>/);
    expect(html).toContain('<div class="pc-meeting__tools" data-meeting-tools hidden></div>');
    expect(html).toMatch(/<dialog class="pc-dialog" id="pc-ics"[\s\S]*type="datetime-local"/);
    for (const ownerOnly of ['Takvim Daveti', 'Zoom', 'Calendly']) expect(html).not.toContain(ownerOnly);
    // The catalogue is there (decision 23), empty for an owner without products.
    // No REMS key: no 'Emlak Danışmanlığı' (tests/http/public-page-rems.int.spec.ts).
    expect(html).not.toContain('pc-rems');
    expect(html).toMatch(/<h2 class="pc-h2" id="pc-catalogue-h">Ürün Kataloğu<\/h2>[\s\S]*<p class="pc-cat__empty">Ürün bulunamadı<\/p>/);
  });

  it('has Open Graph and Twitter tags, a canonical link and photos in their small variants', () => {
    const url = `${product.publicBaseUrl}/p/${cardId}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaContent(html, 'property', 'og:title')).toBe('Ayşe Yılmaz');
    expect(metaContent(html, 'property', 'og:description')).toBe('Gayrimenkul Danışmanı · Yılmaz Emlak');
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:image')).toMatch(
      new RegExp(`^${product.publicBaseUrl}/media/profiles/[0-9a-f-]{36}/picture-[0-9a-f]{32}\\.jpg$`),
    );
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'name', 'twitter:title')).toBe('Ayşe Yılmaz');
    expect(html).toMatch(
      /<img class="pc-avatar__img" src="\/media\/profiles\/[0-9a-f-]{36}\/picture-[0-9a-f]{32}-sm\.jpg" alt="Ayşe Yılmaz profil fotoğrafı" width="160" height="160" decoding="async" fetchpriority="high">/,
    );
    expect(html).toMatch(
      /<img class="pc-cover__img" src="\/media\/profiles\/[0-9a-f-]{36}\/cover-[0-9a-f]{32}-sm\.jpg"/,
    );
  });

  it('inlines its CSS (no render-blocking request) and loads its script as a module at the end', () => {
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toContain(
      `<link rel="modulepreload" href="${PRELOAD}"><script type="module" src="${SCRIPT}"></script>\n</body>`,
    );
    // Nothing runs inline: every <script> is either data or our module.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<script type="application/json" id="pc-data">');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('has the lead form with its honeypot, and no token in the page: the same bytes for every visitor', () => {
    expect(html).not.toContain('formToken');
    expect(html).toContain('name="website"');
    expect(html).toContain('name="marketingConsent"');
    expect(html).not.toMatch(/name="marketingConsent"[^>]*checked/);
    expect(html).toContain('href="/kvkk"');
  });

  it("gives the form a fresh token for this card on request, never cached; none for cards that show nothing", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const response = await send(product, 'GET', `/api/profile/card/${cardId}/form-token`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = answer(response) as { token?: string; minAgeMs?: number };
      expect(body.token).toMatch(/^2\.\d{13}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
      expect(body.minAgeMs).toBe(FORM_TOKEN_MIN_AGE_MS);
      const key = deriveKey(product.appSecret, 'form-tokens');
      const later = new Date(Date.now() + FORM_TOKEN_MIN_AGE_MS + 1000);
      expect(verifyFormToken(key, body.token ?? '', cardId, later).verdict).toBe('ok');
      // Bound to this card: no other card's form takes it.
      expect(verifyFormToken(key, body.token ?? '', 'KV-BASKA', later).verdict).toBe('invalid');
      tokens.add(body.token ?? '');
    }
    expect(tokens.size).toBe(2);
    for (const id of ['KV-YOKBOYLE', 'DEMO', encodeURIComponent('kv-iı'), 'x'.repeat(300)]) {
      const response = await send(product, 'GET', `/api/profile/card/${id}/form-token`);
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
      expect(answer(response).message, id).toMatch(/[a-zçğıöşü]/i);
      expect(response.body).not.toContain('token"');
    }
  });

  it('answers a lower-case or padded id with a permanent redirect to the canonical address', async () => {
    for (const variant of [cardId.toLowerCase(), encodeURIComponent(` ${cardId} `), `${cardId}/`]) {
      const redirect = await page(variant);
      expect(redirect.statusCode, variant).toBe(301);
      expect(redirect.headers.location).toBe(`/p/${cardId}`);
    }
  });

  it('revalidates with an ETag: 304 while nothing changed, the same stored bytes on every full answer', async () => {
    const first = await page(cardId);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    // A CDN may keep it 30 s (and 30 s more while it refetches); a browser asks every time.
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    const revalidated = await page(cardId, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    const second = await page(cardId);
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toBe(first.body);
  });

  it("answers the owner's own link (?v=position) after the change, and keeps it out of shared caches", async () => {
    const saved = await saveProfile(
      product,
      'PUT',
      { ...fullProfileFields(), ...images, jobTitle: 'Baş Danışman' },
      owner.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const position = String(saved.body.position);
    const own = await send(product, 'GET', `/p/${cardId}?v=${encodeURIComponent(position)}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Baş Danışman');
    expect(own.headers['cache-control']).toBe('private, no-cache');
    // A parameter that is not a position is ignored: the shared page.
    const odd = await send(product, 'GET', `/p/${cardId}?v=%00%20yok`);
    expect(odd.statusCode).toBe(200);
    expect(odd.headers['cache-control']).toContain('public');
  });

  it('is compressed for browsers that accept it', async () => {
    const compressed = await page(cardId, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(compressed.rawPayload.length).toBeLessThan(html.length / 3);
    const gzipped = await page(cardId, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    // Compressed once, when the page was rendered: every answer is the very same bytes.
    const again = await page(cardId, { 'accept-encoding': 'gzip, deflate, br' });
    expect(again.rawPayload.equals(compressed.rawPayload)).toBe(true);
    const plain = (await page(cardId)).body;
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain);
  });

  it('follows a profile update at once: new content, new ETag', async () => {
    const before = await page(cardId);
    const saved = await saveProfile(
      product,
      'PUT',
      { ...fullProfileFields(), ...images, jobTitle: 'Kıdemli Gayrimenkul Danışmanı' },
      owner.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const fresh = await pageOnceSettled(cardId, saved.body.position, 200);
    expect(fresh.body).toContain('Kıdemli Gayrimenkul Danışmanı');
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    expect((await page(cardId, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
  });

  it('shows a deactivation on the next request, and the page again after reactivation', async () => {
    expect((await page(cardId)).statusCode).toBe(200);
    const off = await send(product, 'PUT', `/api/cards/deactivate/${cardId}`, owner.token);
    expect(off.statusCode).toBe(200);
    // Once the read model has the deactivation, a request without any hint gets the 404.
    const hidden = await pageOnceSettled(cardId, answer(off).position, 404);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('Profil bulunamadı');
    const on = await send(product, 'PUT', `/api/cards/reactivate/${cardId}`, owner.token);
    expect((await page(cardId, after(answer(on).position))).statusCode).toBe(200);
  });
});

describe('cards that show nothing', () => {
  it('unknown, malformed, not activated and deactivated cards get the same 404 bytes', async () => {
    const owner = await registerOwner(product);
    await createProfile(product, owner);
    const [unactivated = ''] = await provision(product);
    const deactivatedCard = await activatedCard(owner, 'Eski');
    const off = await send(product, 'PUT', `/api/cards/deactivate/${deactivatedCard.cardId}`, owner.token);
    expect(off.statusCode).toBe(200);

    const bodies = new Set<string>();
    for (const id of ['KV-YOKBOYLE', encodeURIComponent('kv-iı'), unactivated, deactivatedCard.cardId]) {
      const response = await page(id, after(answer(off).position));
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
    const [body = ''] = bodies;
    expect(body).toContain('<h1 class="pc-state__title">Profil bulunamadı</h1>');
    expect(body).toContain('aktif olmayabilir veya henüz aktifleştirilmemiş');
    expect(body).toContain('>Geri Dön</a>');
    expect(body).not.toMatch(/Ayşe|Yılmaz|KV-|formToken/);
  });
});

describe('a profile with only a name', () => {
  it('shows no empty section, no location, no corporate tabs and no directions', async () => {
    const owner = await registerOwner(product);
    const created = await send(product, 'POST', '/api/profile', owner.token, { firstName: 'Can', lastName: 'Ak' });
    expect(created.statusCode, created.body).toBe(200);
    const card = await activatedCard(owner, 'Tek');
    const response = await page(card.cardId, after(card.position));
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1 class="pc-name">Can Ak</h1>');
    expect(html).toContain('<span class="pc-avatar__initials" aria-hidden="true">CA</span>');
    expect(html).not.toMatch(/class="pc-section"/);
    expect(html).not.toContain('Yol Tarifi');
    expect(html).not.toContain('og:image');
    expect(metaContent(html, 'property', 'og:description')).toBe('Dijital Kartvizit');
    expect(html).toContain('<span>Rehbere Ekle</span>');
  });
});

describe('hostile profile data', () => {
  const SCRIPT_TEXT = '<script>alert(1)</script>';
  const BREAKOUT = '"><img src=x onerror=alert(2)>';

  /**
   * Every tag of the page with its attributes. Escaping guarantees that text never holds a raw '<'
   * and attribute values never a raw '"', so this simple reading is exact for our output.
   */
  function tags(html: string): { name: string; attributes: [string, string][] }[] {
    return (html.match(/<[a-zA-Z][^>]*>/g) ?? []).map((tag) => {
      const name = /^<([a-zA-Z0-9-]+)/.exec(tag)?.[1] ?? '';
      const attributes = [...tag.slice(name.length + 1).matchAll(/\s([^\s"'=<>/]+)(?:="([^"]*)")?/g)].map(
        (match): [string, string] => [match[1] ?? '', match[2] ?? ''],
      );
      return { name: name.toLowerCase(), attributes };
    });
  }

  function expectHarmless(html: string): void {
    const all = tags(html);
    // Exactly our two script elements: the JSON data block and our module.
    expect(all.filter((tag) => tag.name === 'script')).toHaveLength(2);
    for (const { name, attributes } of all) {
      for (const [attribute, value] of attributes) {
        expect(attribute, `<${name} ${attribute}>`).not.toMatch(/^on/i);
        if (['href', 'src', 'action', 'formaction', 'srcset', 'poster'].includes(attribute.toLowerCase())) {
          expect(value, `<${name} ${attribute}="${value}">`).toMatch(/^(https?:\/\/[^/]|tel:\+?\d|mailto:|\/(?!\/)|#)/);
        }
      }
    }
    expect(all.some((tag) => tag.name === 'img' && tag.attributes.some(([, value]) => value === 'x'))).toBe(false);
    // The data block stays valid JSON that cannot end its element.
    const block = /<script type="application\/json" id="pc-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(block).toBeDefined();
    expect(() => JSON.parse(block ?? '') as unknown).not.toThrow();
  }

  it('text typed into every free-text field through the API comes out as text', async () => {
    const owner = await registerOwner(product);
    const fields = {
      title: SCRIPT_TEXT,
      jobTitle: BREAKOUT,
      company: `${SCRIPT_TEXT}${BREAKOUT}`,
      bio: `</p>${SCRIPT_TEXT}`,
    };
    const created = await send(product, 'POST', '/api/profile', owner.token, {
      firstName: 'Zeynep',
      lastName: 'Kaya',
      ...fields,
      'address.street': SCRIPT_TEXT,
      'address.city': BREAKOUT,
      'companyInfo.taxOffice': SCRIPT_TEXT,
      'invoiceInfo.recipientName': BREAKOUT,
      'invoiceInfo.address': SCRIPT_TEXT,
      socialLinks: JSON.stringify([
        {
          platform: 'instagram',
          username: 'zeynep',
          url: `https://www.instagram.com/zeynep?${encodeURIComponent(BREAKOUT)}`,
        },
      ]),
      paymentMethods: JSON.stringify([{ type: 'other', accountName: SCRIPT_TEXT, accountId: BREAKOUT, qrCode: '' }]),
    });
    expect(created.statusCode, created.body).toBe(200);
    const card = await activatedCard(owner, 'Deneme');
    const html = (await page(card.cardId, after(card.position))).body;
    expectHarmless(html);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
  });

  it('script URLs and broken values that reach the read model anyway are dropped, not linked', async () => {
    const owner = await registerOwner(product);
    await createProfile(product, owner);
    const card = await activatedCard(owner, 'Zehir');
    // The read models have the card and profile (and no page has been rendered for it yet).
    expect(
      (await send(product, 'GET', `/api/profile/card/${card.cardId}`, undefined, undefined, after(card.position)))
        .statusCode,
    ).toBe(200);
    // Written straight into the read model, past every validation rule (old data, a bug).
    const evil = {
      _id: owner.userId,
      user: owner.userId,
      title: '',
      firstName: SCRIPT_TEXT,
      lastName: BREAKOUT,
      jobTitle: 'javascript:alert(3)',
      company: '',
      bio: '',
      phone: 'javascript:alert(4)',
      phoneFormatted: BREAKOUT,
      email: 'x@example.com" onmouseover="alert(5)',
      website: ' JaVaScRiPt:alert(6)',
      profilePicture: 'javascript:alert(7)',
      coverPhoto: '/media/../../etc/passwd',
      companyLogo: 'https://evil.example/logo.png',
      thumbnails: { profilePicture: 'data:text/html,<script>alert(8)</script>', coverPhoto: null, companyLogo: null },
      theme: '"><script>alert(9)</script>',
      address: { street: '', city: '', state: '', zipCode: '', country: '' },
      location: { lat: '1" onclick="x', lng: 2 },
      socialLinks: [
        { platform: 'instagram', username: 'a', url: 'javascript:alert(10)' },
        { platform: '"><b>', username: 'b', url: 'java\nscript:alert(11)' },
        { platform: 'github', username: 'c', url: 'data:text/html;base64,PHNjcmlwdD4=' },
        { platform: 'linkedin', username: 'd', url: '//evil.example/x' },
        { platform: 'medium', username: 'e', url: 'https://user:pass@evil.example/' },
      ],
      companyInfo: { taxOffice: '', taxNumber: '', mersisNo: '', registrationNumber: '', foundedYear: null },
      invoiceInfo: { recipientName: '', taxId: '', taxOffice: '', address: '' },
      bankAccounts: [
        {
          bankName: SCRIPT_TEXT,
          accountHolder: '',
          iban: BREAKOUT,
          accountNumber: '',
          branchCode: '',
          swiftCode: '',
          currency: 'TRY',
        },
      ],
      paymentMethods: [{ type: 'paypal', accountName: '', accountId: '', qrCode: 'javascript:alert(12)' }],
    };
    await product.pool.query('UPDATE rm_profiles SET data = $1 WHERE owner_id = $2', [
      JSON.stringify(evil),
      owner.userId,
    ]);

    const response = await page(card.cardId);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expectHarmless(html);
    expect(html).toContain('<html lang="tr" class="theme-classic">');
    expect(html).not.toContain('href="tel:');
    expect(html).not.toContain('href="mailto:');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('/media/../');
    expect(html).not.toContain('Konum</h2>');
    expect(html).not.toContain('data-track="social"');
    expect(html).not.toContain('pc-pay--paypal');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('when the read models cannot be read', () => {
  it('answers 503 with the loading-error page', async () => {
    const owner = await registerOwner(product);
    await createProfile(product, owner);
    const card = await activatedCard(owner, 'Arıza');
    expect((await page(card.cardId, after(card.position))).statusCode).toBe(200);
    const view = await product.pool.query<{ definition: string }>("SELECT pg_get_viewdef('rm_profiles') AS definition");
    const definition = view.rows[0]?.definition ?? '';
    await product.pool.query(
      'CREATE OR REPLACE VIEW rm_profiles AS SELECT * FROM (' +
        definition.replace(/;\s*$/, '') +
        ') AS p WHERE 1 / (SELECT 0) = 1',
    );
    try {
      const updated = await send(product, 'PUT', `/api/cards/deactivate/${card.cardId}`, owner.token);
      expect(updated.statusCode).toBe(200);
      const failing = await page(card.cardId, after(answer(updated).position));
      expect(failing.statusCode).toBe(503);
      expect(failing.headers['retry-after']).toBe('5');
      expect(failing.body).toContain('Profil yüklenirken bir hata oluştu');
      expect(failing.body).toContain('>Geri Dön</a>');
    } finally {
      await product.pool.query('CREATE OR REPLACE VIEW rm_profiles AS ' + definition);
    }
  });
});
