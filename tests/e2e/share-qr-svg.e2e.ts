import { writeFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { MIN_POSITION_HEADER } from '@kartvizit/schemas';
import { newVirtualCardId } from './card-fixtures.ts';
import { registerViaApi } from './fixtures.ts';

/**
 * The branded QR's SVG as a browser draws it (issue 32: "every QR variant decodes … after rendering the SVG in
 * Chromium"): each look the owner can choose, opened as a document and shown in an <img> at the size a screen gives
 * it, screenshotted and decoded with jsQR. The PNGs are decoded in tests/http/share-images.int.spec.ts.
 */
const LOGO_COLOUR = '#1d4ed8';

interface Seeded {
  readonly cardId: string;
  readonly token: string;
}

async function seedOwner(request: APIRequestContext): Promise<Seeded> {
  const account = await registerViaApi(request);
  const headers = { authorization: `Bearer ${account.token}` };
  const companyLogo = await sharp({ create: { width: 300, height: 180, channels: 4, background: LOGO_COLOUR } })
    .png()
    .toBuffer();
  const saved = await request.post('/api/profile', {
    headers,
    multipart: {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      jobTitle: 'Emlak Danışmanı',
      company: 'Işıklı Gayrimenkul',
      companyLogo: { name: 'logo.png', mimeType: 'image/png', buffer: companyLogo },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const cardId = newVirtualCardId();
  const created = await request.post('/api/cards', { headers, data: { cardId, type: 'virtual', name: 'Paylaşım' } });
  expect(created.status(), await created.text()).toBe(200);
  const activated = await request.post('/api/cards/activate', { headers, data: { cardId, name: 'Paylaşım' } });
  expect(activated.status(), await activated.text()).toBe(200);
  return { cardId, token: account.token };
}

/** Chooses a look through PUT /api/share/qr; answers the `?s=` (from GET /api/share) and position to read it with. */
async function chooseLook(
  request: APIRequestContext,
  owner: Seeded,
  look: { foreground: string; background: string; logo: 'none' | 'profile' | 'office' },
): Promise<{ version: string; position: string }> {
  const response = await request.put('/api/share/qr', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: look,
  });
  expect(response.status(), await response.text()).toBe(200);
  const { position = '' } = (await response.json()) as { position?: string };
  // The images' `?s=` is what GET /api/share says (the look's time and its logo), read after the write.
  const read = await request.get('/api/share', {
    headers: { authorization: `Bearer ${owner.token}`, ...(position ? { 'x-min-position': position } : {}) },
  });
  expect(read.status(), await read.text()).toBe(200);
  const body = (await read.json()) as { data: { qr: { version: string } } };
  return { version: body.data.qr.version, position };
}

function decode(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return (
    jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)
      ?.data ?? null
  );
}

function colourAtCentre(png: Buffer): string {
  const image = PNG.sync.read(png);
  const offset = (Math.floor(image.height / 2) * image.width + Math.floor(image.width / 2)) * 4;
  return `#${[0, 1, 2].map((channel) => (image.data[offset + channel] ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

/** Waits until the read side has the look (the command's position), then answers the SVG's address. */
async function svgUrl(request: APIRequestContext, cardId: string, version: string, position: string): Promise<string> {
  const url = `/api/cards/${cardId}/branded-qr.svg?s=${version}`;
  await expect
    .poll(async () => {
      const response = await request.get(url, { headers: position ? { [MIN_POSITION_HEADER]: position } : {} });
      return response.status() === 200 ? response.headers()['cache-control'] : `status ${response.status()}`;
    })
    .toBe('public, max-age=31536000, immutable');
  return url;
}

/** The SVG opened as a document: Chromium scales it to the viewport. */
async function renderDocument(page: Page, url: string): Promise<Buffer> {
  await page.setViewportSize({ width: 800, height: 800 });
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  return page.screenshot({ type: 'png' });
}

/**
 * The SVG in an <img> at 280 CSS pixels, as a screen shows it: on a page of the product's origin (a stand-in page the
 * test serves itself; the image comes from the server).
 */
async function renderImage(page: Page, baseURL: string, url: string): Promise<Buffer> {
  const host = `${baseURL}/__share-qr-test`;
  await page.route(host, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><body style="margin:0;background:#fff"><img id="qr" alt="QR" width="280" height="280" style="display:block;margin:20px" src="${url}"></body>`,
    }),
  );
  await page.goto(host);
  const image = page.locator('#qr');
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  return image.screenshot({ type: 'png' });
}

/** The screenshot as a file in the test's output folder (to look at) and attached to the report. */
async function keep(name: string, png: Buffer): Promise<void> {
  const path = test.info().outputPath(`${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await writeFile(path, png);
  await test.info().attach(name, { path, contentType: 'image/png' });
}

test.describe('the branded QR as Chromium draws its SVG', () => {
  // One owner changes their look from test to test, the default one first.
  test.describe.configure({ mode: 'serial' });
  let owner: Seeded;
  test.beforeAll(async ({ request }) => {
    owner = await seedOwner(request);
  });

  const looks = [
    { name: 'the default look (black on white)', look: null },
    { name: 'colours', look: { foreground: '#7c2d12', background: '#fff7ed', logo: 'none' as const } },
    {
      name: 'colours and the profile logo',
      look: { foreground: '#0f172a', background: '#f0f9ff', logo: 'profile' as const },
    },
  ];

  for (const { name, look } of looks) {
    test(`${name}: decodes opened as a document and shown in an <img>`, async ({ page, request, baseURL }) => {
      const chosen = look ? await chooseLook(request, owner, look) : { version: '0', position: '' };
      const url = await svgUrl(request, owner.cardId, chosen.version, chosen.position);
      const expected = `${baseURL}/p/${owner.cardId}`;

      const asDocument = await renderDocument(page, url);
      await keep(`${name} (document)`, asDocument);
      expect(decode(asDocument)).toBe(expected);

      const asImage = await renderImage(page, baseURL ?? '', url);
      await keep(`${name} (img)`, asImage);
      expect(decode(asImage)).toBe(expected);
      // The logo is embedded (a data: URI), so the browser draws it wherever the file is opened.
      if (look?.logo === 'profile') {
        expect(colourAtCentre(asDocument)).toBe(LOGO_COLOUR);
        expect(colourAtCentre(asImage)).toBe(LOGO_COLOUR);
      }
    });
  }
});
