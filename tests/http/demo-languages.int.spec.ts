import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_CARD_ID, DEMO_LISTINGS, DEMO_PROFILE_FORM } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { seenEverything, send } from './card-fixtures.ts';

/**
 * Issue 31 on the sample card: /p/DEMO, what prospects open from the landing page, speaks the visitor's language with
 * the words schemas/src/demo/model.ts gives it, written by the seed at start like any owner's translations.
 */
let product: TestProduct;
let written: Record<string, string>;

const { translations } = DEMO_PROFILE_FORM;
const [first] = DEMO_LISTINGS;

const page = (path: string, headers: Record<string, string> = {}) =>
  send(product, 'GET', path, undefined, undefined, { ...written, ...headers });

function htmlOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.body;
}

beforeAll(async () => {
  product = await startTestProduct();
  // The seed ran while the app started; reads wait until the read models include it.
  written = await seenEverything(product);
});
afterAll(async () => {
  await product?.close();
});

describe('the sample card in the visitor’s language', () => {
  it('an English browser reads the English bio and title, and the listings by their English names', async () => {
    const response = await page(`/p/${DEMO_CARD_ID}`, { 'accept-language': 'en-GB,en;q=0.9' });
    const html = htmlOf(response);
    expect(html).toContain('<html lang="en" class');
    expect(response.headers['content-language']).toBe('en');
    expect(html).toContain(translations.en.bio);
    expect(html).toContain(translations.en.jobTitle);
    expect(html).not.toContain(DEMO_PROFILE_FORM.bio);
    expect(html).toContain(first.form.translations.en.name);
    expect(html).toContain(`href="/product/${first.productId}?card=${DEMO_CARD_ID}&amp;lang=en"`);
    // The company line is a name: the Turkish one, in every language.
    expect(html).toContain(DEMO_PROFILE_FORM.company);
    // Still the sample card, its banner in English.
    expect(html).toContain('Create your own card');
    // Every language of ours is on.
    for (const language of ['tr', 'en', 'ru', 'ar', 'de'])
      expect(html).toContain(`<link rel="alternate" hreflang="${language}"`);
  });

  it('?lang=ar is right to left, with the Arabic bio', async () => {
    const html = htmlOf(await page(`/p/${DEMO_CARD_ID}?lang=ar`, { 'accept-language': 'en' }));
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain(translations.ar.bio);
    expect(html).toContain(first.form.translations.ar.name);
    // The person's name stays as written.
    expect(html).toContain(`${DEMO_PROFILE_FORM.firstName} ${DEMO_PROFILE_FORM.lastName}`);
  });

  it('?lang=ru and ?lang=de give the Russian and German bios', async () => {
    expect(htmlOf(await page(`/p/${DEMO_CARD_ID}?lang=ru`))).toContain(translations.ru.bio);
    expect(htmlOf(await page(`/p/${DEMO_CARD_ID}?lang=de`))).toContain(translations.de.bio);
  });

  it('a listing’s page in German shows its German name, description and features', async () => {
    const html = htmlOf(await page(`/product/${first.productId}?lang=de`));
    const german = first.form.translations.de;
    expect(html).toContain('<html lang="de" class');
    expect(html).toContain(german.name);
    expect(html).toContain(german.description);
    for (const feature of german.features) expect(html).toContain(`<li>${feature}</li>`);
    expect(html).not.toContain(first.form.name);
  });

  it('a visitor who asks for nothing still reads the Turkish card', async () => {
    const html = htmlOf(await page(`/p/${DEMO_CARD_ID}`));
    expect(html).toContain('<html lang="tr" class');
    expect(html).toContain(DEMO_PROFILE_FORM.bio);
    for (const listing of DEMO_LISTINGS) {
      expect(html).toContain(listing.form.name);
      // A card with languages: each page, Turkish too, has its own address, and the links keep the language.
      expect(html).toContain(`href="/product/${listing.productId}?card=${DEMO_CARD_ID}&amp;lang=tr"`);
    }
    expect(html).toContain(`<link rel="canonical" href="${product.publicBaseUrl}/p/${DEMO_CARD_ID}?lang=tr">`);
  });
});
