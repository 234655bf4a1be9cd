import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  officeStreamId,
  type OfficeDetailsChanged,
  type OfficeLogoChanged,
  type OfficeTemplateChanged,
} from '@kartvizit/schemas';
import { newOfficeDetails } from '@kartvizit/schemas/office/rules';
import type { OfficeDetails } from '@kartvizit/schemas/office/events';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { givenOffice } from '../support/offices.ts';
import { after, answer, createProfile, provision, registerOwner, send, type Owner } from './card-fixtures.ts';

/**
 * GET /o/{slug}: the office's public page (issue 30). Seeded as the office screens would leave it: an office given as
 * events with its details, members with profiles, and office cards activated by members while in the office (their
 * CardActivated carries the office). What the page lists ('Ekibimiz': members holding a shown office card, each once,
 * by the card held longest), what it leaves out (a returned card, a personal card, someone outside), its 404, its
 * redirect, its 304, and that a change of the office, a card or a profile shows on the next request.
 */
let product: TestProduct;

const SLUG = `cinar-${randomUUID().slice(0, 8)}`;

const DETAILS: OfficeDetails = {
  ...newOfficeDetails('Çınar Emlak'),
  company: 'Çınar Gayrimenkul Ltd. Şti.',
  address: 'Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul',
  location: { lat: 40.987654, lng: 29.025432 },
  phone: '0216 333 44 55',
  email: 'ofis@cinaremlak.com.tr',
  website: 'https://cinaremlak.com.tr',
  licenceNumber: '3400123',
  primaryColor: '#0e7490',
};

const page = (slug: string, headers: Record<string, string> = {}) =>
  send(product, 'GET', `/o/${slug}`, undefined, undefined, headers);

/** A fresh physical card activated by the member; in the office, it is the office's card. */
async function activated(owner: Owner, name: string): Promise<{ cardId: string; position: string | undefined }> {
  const [cardId = ''] = await provision(product);
  const response = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name });
  expect(response.statusCode, response.body).toBe(200);
  return { cardId, position: answer(response).position };
}

async function appendToOffice(
  officeId: string,
  event: OfficeDetailsChanged | OfficeLogoChanged | OfficeTemplateChanged,
) {
  const result = await product.store.append([
    { streamId: officeStreamId(officeId), expected: 'any', events: [await product.codec.encode(event)] },
  ]);
  return result.position as string;
}

/** The members' names in 'Ekibimiz', in the page's order. */
function team(html: string): string[] {
  return [...html.matchAll(/<span class="op-member__name">([^<]*)<\/span>/g)].map((match) => match[1] ?? '');
}

function memberLinks(html: string): string[] {
  return [...html.matchAll(/<a class="op-member__link" href="([^"]*)"/g)].map((match) => match[1] ?? '');
}

beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(async () => {
  await product?.close();
});

describe('an office with its team', () => {
  let admin: Owner;
  let ayse: Owner;
  let mehmet: Owner;
  let zeynep: Owner;
  let outsider: Owner;
  let officeId: string;
  let ayseFirst: string;
  let mehmetCard: string;
  let position: string | undefined;

  beforeAll(async () => {
    [admin, ayse, mehmet, zeynep, outsider] = await Promise.all([
      registerOwner(product),
      registerOwner(product),
      registerOwner(product),
      registerOwner(product),
      registerOwner(product),
    ]);
    await createProfile(product, admin, { firstName: 'Kemal', lastName: 'Çınar', jobTitle: 'Ofis Müdürü' });
    await createProfile(product, ayse, { firstName: 'Ayşe', lastName: 'Yılmaz', jobTitle: 'Gayrimenkul Danışmanı' });
    await createProfile(product, mehmet, { firstName: 'Mehmet', lastName: 'Öztürk', jobTitle: 'Danışman' });
    await createProfile(product, zeynep, { firstName: 'Zeynep', lastName: 'Kılıç', jobTitle: 'Danışman' });
    await createProfile(product, outsider, { firstName: 'Dış', lastName: 'Kişi' });
    // Zeynep's card from before she joined stays her own: she holds no office card.
    await activated(zeynep, 'Kişisel');
    await activated(outsider, 'Kartım');
    const office = await givenOffice(product, {
      slug: SLUG,
      members: [
        { userId: admin.userId, role: 'admin' },
        { userId: ayse.userId, role: 'agent' },
        { userId: mehmet.userId, role: 'agent' },
        { userId: zeynep.userId, role: 'agent' },
      ],
    });
    officeId = office.officeId;
    await appendToOffice(officeId, {
      type: 'OfficeDetailsChanged',
      data: { officeId, details: DETAILS, changedBy: admin.userId, at: new Date().toISOString() },
    });
    await activated(admin, 'Yönetici');
    ayseFirst = (await activated(ayse, 'Vitrin')).cardId;
    // Ayşe's second office card, got later: she is listed once, by the first.
    await activated(ayse, 'Yedek');
    mehmetCard = (await activated(mehmet, 'Mehmet')).cardId;
    // The admin takes Mehmet's card back: it returns to the pool, deactivated and nobody's.
    const returned = await send(product, 'POST', `/api/offices/${officeId}/cards/${mehmetCard}/return`, admin.token);
    expect(returned.statusCode, returned.body).toBe(200);
    position = answer(returned).position;
  });

  it('lists every member holding an active office card, once, linking to the card held longest', async () => {
    const response = await page(SLUG, after(position));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<h1 class="op-name">Çınar Emlak</h1>');
    expect(html).toContain('Çınar Gayrimenkul Ltd. Şti.');
    expect(html).toContain('Taşınmaz Ticareti Yetki Belgesi No: 3400123');
    expect(html).toContain('href="tel:+902163334455"');
    expect(html).toContain('href="mailto:ofis@cinaremlak.com.tr"');
    expect(html).toContain('<div class="pc-map" data-lat="40.987654" data-lng="29.025432">');
    expect(html).toContain('style="--op-brand:#0e7490;--op-on-brand:#ffffff"');
    // In the order they joined (here one write: then by account id), each once.
    expect(team(html).sort()).toEqual(['Ayşe Yılmaz', 'Kemal Çınar']);
    expect(memberLinks(html)).toHaveLength(2);
    expect(memberLinks(html)).toContain(`/p/${ayseFirst}`);
    // Mehmet's returned card, Zeynep's personal card and the outsider: none of them.
    expect(html).not.toContain('Mehmet');
    expect(html).not.toContain('Zeynep');
    expect(html).not.toContain('Dış Kişi');
    expect(html).toContain('<meta name="robots" content="noindex">');
    // The page's own policy, the tile server's origin among the images (as the card page's).
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("worker-src 'none'");
  });

  it('answers a revalidation with the same bytes by 304, and without a position from memory', async () => {
    const first = await page(SLUG, after(position));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const plain = await page(SLUG);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).toBe(etag);
    expect(plain.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    const revalidated = await page(SLUG, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const compressed = await page(SLUG, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('shows a change of the details, the logo, a profile or a card on the next request', async () => {
    const before = await page(SLUG, after(position));
    const renamed = await appendToOffice(officeId, {
      type: 'OfficeDetailsChanged',
      data: {
        officeId,
        details: { ...DETAILS, name: 'Çınar Emlak Kadıköy', licenceNumber: '3400999' },
        changedBy: admin.userId,
        at: new Date().toISOString(),
      },
    });
    const afterRename = await page(SLUG, after(renamed));
    expect(afterRename.body).toContain('<h1 class="op-name">Çınar Emlak Kadıköy</h1>');
    expect(afterRename.body).toContain('Yetki Belgesi No: 3400999');
    expect(afterRename.headers.etag).not.toBe(before.headers.etag);
    // The old ETag is no longer these bytes.
    expect((await page(SLUG, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);

    const logo = `/media/offices/${officeId}/${'ab'.repeat(16)}.png`;
    const logoPosition = await appendToOffice(officeId, {
      type: 'OfficeLogoChanged',
      data: { officeId, logoUrl: logo, changedBy: admin.userId, at: new Date().toISOString() },
    });
    expect((await page(SLUG, after(logoPosition))).body).toContain(`src="${logo}" alt="Çınar Emlak Kadıköy logosu"`);

    // A template change re-reads the office, but the page is the same bytes: the same ETag, still a 304.
    const shown = await page(SLUG, after(logoPosition));
    const template = await appendToOffice(officeId, {
      type: 'OfficeTemplateChanged',
      data: {
        officeId,
        fields: ['company', 'licenceNumber'],
        locked: ['company'],
        changedBy: admin.userId,
        at: new Date().toISOString(),
      },
    });
    const afterTemplate = await page(SLUG, { ...after(template), 'if-none-match': String(shown.headers.etag) });
    expect(afterTemplate.statusCode).toBe(304);

    // The company is locked now: sent as the profile holds it (createProfile's), as the profile screen does.
    const changed = await send(product, 'PUT', '/api/profile', ayse.token, {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      company: 'Yılmaz Gayrimenkul',
      jobTitle: 'Kıdemli Danışman',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const profile = answer(changed).position;
    expect((await page(SLUG, after(profile))).body).toContain('<span class="op-member__job">Kıdemli Danışman</span>');

    const mehmetAgain = await send(
      product,
      'POST',
      `/api/offices/${officeId}/cards/${mehmetCard}/assign`,
      admin.token,
      {
        userId: mehmet.userId,
      },
    );
    expect(mehmetAgain.statusCode, mehmetAgain.body).toBe(200);
    const withMehmet = await page(SLUG, after(answer(mehmetAgain).position));
    expect(team(withMehmet.body).sort()).toEqual(['Ayşe Yılmaz', 'Kemal Çınar', 'Mehmet Öztürk']);
    expect(memberLinks(withMehmet.body)).toContain(`/p/${mehmetCard}`);
    // And a plain request afterwards: the page in memory is the new one.
    expect(team((await page(SLUG)).body)).toHaveLength(3);
  });

  it('redirects another case to the lower-case slug, and a trailing slash to the page', async () => {
    const upper = await page(SLUG.toUpperCase());
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe(`/o/${SLUG}`);
    const slash = await page(`${SLUG}/`);
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe(`/o/${SLUG}`);
  });
});

describe('no office', () => {
  it("answers 'Ofis bulunamadı' (404) for an unknown slug and for one no office could have, never a 500", async () => {
    for (const slug of ['yok-boyle-bir-ofis', 'a', '--', '%3Cscript%3E', 'x'.repeat(300), 'ÇINAR']) {
      const response = await page(slug);
      expect(response.statusCode, slug).toBe(404);
      expect(response.body).toContain('<h1 class="pc-state__title">Ofis bulunamadı</h1>');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
