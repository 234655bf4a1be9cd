import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_CARD_ID, DEMO_OWNER_ID, type Profile } from '@kartvizit/schemas';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { profilesProjection } from '@kartvizit/projector/profile/profiles-projection';
import { createQueryContext } from '@kartvizit/query-api/core/context';
import { sitemapRoutes } from '@kartvizit/query-api/card-page/sitemap';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, provision, registerOwner, seenEverything, send, type Owner } from './card-fixtures.ts';
import { saveProfile } from './profile-fixtures.ts';

/**
 * "Findable if the owner wants it" (docs/decisions/0019): with the profile's search switch off a
 * card page says noindex, carries no schema.org data and is not in sitemap.xml; switched on, the
 * opposite, for every shown card of that owner and for no card that is not shown.
 */
let product: TestProduct;

const HOSTILE = '</script><script>alert(1)</script>';
const DATE = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z';
const URLSET = new RegExp(
  `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<urlset xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9" xmlns:xhtml="http://www\\.w3\\.org/1999/xhtml">\\n(?:<url><loc>[^<>&"']+</loc><lastmod>${DATE}</lastmod></url>\\n)*</urlset>\\n$`,
);

const PERSON = {
  title: 'Dr.',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  jobTitle: 'Gayrimenkul Danışmanı',
  company: 'Yılmaz Emlak',
  phone: '0532 123 45 67',
  email: 'ayse@yilmaz-emlak.com.tr',
  address: { street: 'Bağdat Caddesi No: 1', city: 'İstanbul', state: 'Kadıköy', zipCode: '34710', country: '' },
};

interface Saved {
  readonly profile: Profile;
  readonly position: string | undefined;
}

async function save(owner: Owner, method: 'POST' | 'PUT', fields: Record<string, unknown>): Promise<Saved> {
  const saved = await saveProfile(product, method, fields, owner.token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { profile: saved.body.profile as Profile, position: saved.body.position };
}

/** A physical card provisioned and activated by the owner; answers its id and the activation's position. */
async function activatedCard(owner: Owner, name: string): Promise<{ cardId: string; position: string | undefined }> {
  const [cardId = ''] = await provision(product);
  const response = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name });
  expect(response.statusCode, response.body).toBe(200);
  return { cardId, position: answer(response).position };
}

const page = (cardId: string, position?: string) =>
  send(product, 'GET', `/p/${cardId}`, undefined, undefined, after(position));
const sitemap = (position?: string) => send(product, 'GET', '/sitemap.xml', undefined, undefined, after(position));

/** The JSON-LD blocks of a page, parsed (each must be valid JSON on its own). */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

/** The addresses a sitemap lists, after checking the whole document against the protocol's shape. */
function listed(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(response.body).toMatch(URLSET);
  return [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
}

const urlOf = (cardId: string) => `${product.publicBaseUrl}/p/${cardId}`;

/** A position past everything written so far (the sample card is written by the start, not over HTTP). */
async function everythingWritten(): Promise<string | undefined> {
  return Object.values(await seenEverything(product))[0];
}

beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(async () => {
  await product?.close();
});

describe('an owner who did not choose it (the default)', () => {
  let cardId: string;
  let html: string;
  let position: string | undefined;

  beforeAll(async () => {
    const owner = await registerOwner(product);
    await save(owner, 'POST', PERSON);
    const card = await activatedCard(owner, 'Varsayılan');
    cardId = card.cardId;
    position = card.position;
    const response = await page(cardId, position);
    expect(response.statusCode, response.body).toBe(200);
    html = response.body;
  });

  it('keeps noindex on the page and hands crawlers no schema.org data', () => {
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('application/ld+json');
  });

  it('is not in sitemap.xml', async () => {
    expect(listed(await sitemap(position))).not.toContain(urlOf(cardId));
  });
});

describe('an owner who switched it on', () => {
  let owner: Owner;
  let first: string;
  let second: string;
  let deactivated: string;
  let saved: Saved;

  beforeAll(async () => {
    owner = await registerOwner(product);
    await save(owner, 'POST', PERSON);
    first = (await activatedCard(owner, 'Çanta')).cardId;
    second = (await activatedCard(owner, 'Cüzdan')).cardId;
    deactivated = (await activatedCard(owner, 'Eski')).cardId;
    const off = await send(product, 'PUT', `/api/cards/deactivate/${deactivated}`, owner.token);
    expect(off.statusCode, off.body).toBe(200);
    // The switch is saved with the rest of the profile, as the profile screen sends it.
    saved = await save(owner, 'PUT', { ...PERSON, searchable: true });
    expect(saved.profile.searchable).toBe(true);
  });

  it('drops noindex from every one of the owner’s card pages', async () => {
    for (const cardId of [first, second]) {
      const response = await page(cardId, saved.position);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/<meta name="robots"/);
    }
  });

  it('describes the person in JSON-LD: a Person working for an Organization', async () => {
    const html = (await page(first, saved.position)).body;
    const [person, ...others] = jsonLd(html);
    expect(others).toEqual([]);
    expect(person).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ayşe Yılmaz',
      honorificPrefix: 'Dr.',
      jobTitle: 'Gayrimenkul Danışmanı',
      url: urlOf(first),
      telephone: '+905321234567',
      email: 'ayse@yilmaz-emlak.com.tr',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Bağdat Caddesi No: 1',
        addressLocality: 'Kadıköy',
        addressRegion: 'İstanbul',
        postalCode: '34710',
        addressCountry: 'TR',
      },
      worksFor: { '@type': 'Organization', name: 'Yılmaz Emlak' },
    });
    // The page's strict policy stays as it was: the data block is not a script that runs.
    expect((await page(first)).headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('lists the active cards in sitemap.xml, with the profile’s last change, and not the deactivated one', async () => {
    const response = await sitemap(saved.position);
    const urls = listed(response);
    expect(urls).toEqual(expect.arrayContaining([urlOf(first), urlOf(second)]));
    expect(urls).not.toContain(urlOf(deactivated));
    expect((await page(deactivated)).statusCode).toBe(404);
    const lastmod = saved.profile.updatedAt.replace(/\.\d{3}Z$/, 'Z');
    expect(response.body).toContain(`<url><loc>${urlOf(first)}</loc><lastmod>${lastmod}</lastmod></url>`);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a card reactivated is listed again; the switch turned off takes every card out again', async () => {
    const on = await send(product, 'PUT', `/api/cards/reactivate/${deactivated}`, owner.token);
    expect(on.statusCode, on.body).toBe(200);
    expect(listed(await sitemap(answer(on).position))).toContain(urlOf(deactivated));

    const off = await save(owner, 'PUT', PERSON);
    expect(off.profile.searchable).toBe(false);
    const urls = listed(await sitemap(off.position));
    for (const cardId of [first, second, deactivated]) expect(urls).not.toContain(urlOf(cardId));
    const html = (await page(first, off.position)).body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('application/ld+json');

    // On again for the tests below.
    saved = await save(owner, 'PUT', { ...PERSON, searchable: true });
  });
});

describe('hostile profile text', () => {
  it('stays inside the JSON-LD element and parses back to exactly what was saved', async () => {
    const owner = await registerOwner(product);
    await save(owner, 'POST', { ...PERSON, jobTitle: HOSTILE, company: `${HOSTILE}<!--`, searchable: true });
    const card = await activatedCard(owner, 'Deneme');
    const response = await page(card.cardId, card.position);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // The JSON-LD block and the page's own data block, nothing else.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    const [person] = jsonLd(html);
    expect(person).toMatchObject({ jobTitle: HOSTILE, worksFor: { '@type': 'Organization', name: `${HOSTILE}<!--` } });
  });
});

describe('cards that are never listed', () => {
  it('the sample card, even if its read-model row said otherwise', async () => {
    expect((await page(DEMO_CARD_ID, await everythingWritten())).statusCode).toBe(200);
    await product.pool.query(
      `UPDATE rm_profiles SET searchable = true, data = jsonb_set(data, '{searchable}', 'true') WHERE owner_id = $1`,
      [DEMO_OWNER_ID],
    );
    expect(listed(await sitemap())).not.toContain(urlOf(DEMO_CARD_ID));
    const html = (await page(DEMO_CARD_ID)).body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('application/ld+json');
  });
});

describe('robots.txt', () => {
  it('points crawlers to the sitemap and keeps them out of the API', async () => {
    const response = await send(product, 'GET', '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(`User-agent: *\nDisallow: /api/\n\nSitemap: ${product.publicBaseUrl}/sitemap.xml\n`);
  });
});

describe('more cards than one sitemap file may hold', () => {
  it('makes /sitemap.xml an index of files that together list every card once, in order', async () => {
    const context = createQueryContext({ pool: product.pool, store: product.store, appSecret: product.appSecret });
    const app = Fastify();
    await app.register(sitemapRoutes(context, { publicBaseUrl: product.publicBaseUrl, urlsPerSitemap: 2 }));
    try {
      const everything = listed(await sitemap(await everythingWritten()));
      expect(everything.length).toBeGreaterThanOrEqual(4);
      const files = Math.ceil(everything.length / 2);

      const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      const names = Array.from(
        { length: files },
        (_unused, n) => `${product.publicBaseUrl}/sitemaps/cards-${n + 1}.xml`,
      );
      expect(index.body).toBe(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names
          .map((name) => `<sitemap><loc>${name}</loc></sitemap>\n`)
          .join('')}</sitemapindex>\n`,
      );

      const pages: string[][] = [];
      for (let n = 1; n <= files; n++)
        pages.push(listed(await app.inject({ method: 'GET', url: `/sitemaps/cards-${n}.xml` })));
      expect(pages.every((urls) => urls.length <= 2)).toBe(true);
      expect(pages.flat()).toEqual(everything);
      for (const url of [`/sitemaps/cards-${files + 1}.xml`, '/sitemaps/cards-0.xml', '/sitemaps/kartlar.xml']) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});

describe('a forgotten owner', () => {
  it('is not listed and the page is gone', async () => {
    const owner = await registerOwner(product);
    await save(owner, 'POST', { ...PERSON, searchable: true });
    const card = await activatedCard(owner, 'Unutulacak');
    expect(listed(await sitemap(card.position))).toContain(urlOf(card.cardId));

    await product.vault.forget(owner.userId);
    // The read model learns of forgetting when it replays the sealed events.
    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, profilesProjection);
    expect(listed(await sitemap())).not.toContain(urlOf(card.cardId));
    expect((await page(card.cardId)).statusCode).toBe(404);
  });
});
