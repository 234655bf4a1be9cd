import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import {
  MESSAGES,
  VIDEO_BACKGROUND_DESIGNS,
  VIDEO_BACKGROUND_SHAPES,
  VIDEO_BACKGROUND_SIZES,
} from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  after,
  answer,
  provision,
  registerOwner,
  seenEverything,
  send,
  virtualCardId,
  type Owner,
} from './card-fixtures.ts';
import { encodeForm, profileForm } from './profile-fixtures.ts';
import { createOffice, officeCardHeldBy, register, type Person } from './office-fixtures.ts';

/**
 * The share tools' images (issue 32): the branded QR in every look an owner can choose (PNG and SVG), and the
 * video-call backgrounds. Every picture is decoded, as a phone would: what it encodes is the card's address.
 * tests/e2e/share-qr-svg.e2e.ts decodes the SVGs as Chromium draws them.
 */
const BASE = 'https://kartvizit.example.com.tr';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';

let product: TestProduct;
let owner: Owner;
let cardId: string;
let unactivated: string;
let position: string | undefined;

/** A logo of one colour, so the code's middle shows whether it is drawn. */
const logo = (colour: string) =>
  sharp({ create: { width: 320, height: 200, channels: 4, background: colour } })
    .png()
    .toBuffer();
const PROFILE_LOGO = '#1d4ed8';
const OFFICE_LOGO = '#15803d';

beforeAll(async () => {
  product = await startTestProduct({ publicBaseUrl: BASE });
  owner = await registerOwner(product);
  const form = profileForm(
    {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      jobTitle: 'Emlak Danışmanı',
      company: 'Işıklı Gayrimenkul',
      theme: 'ocean',
    },
    { companyLogo: { bytes: await logo(PROFILE_LOGO), name: 'logo.png', type: 'image/png' } },
  );
  const { payload, contentType } = await encodeForm(form);
  const saved = await product.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
    payload,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  cardId = virtualCardId();
  expect(
    (await send(product, 'POST', '/api/cards', owner.token, { cardId, type: 'virtual', name: 'Paylaşım' })).statusCode,
  ).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Paylaşım' });
  expect(activated.statusCode, activated.body).toBe(200);
  position = answer(activated).position;
  [unactivated = ''] = await provision(product, 1, 'pro', 'gold');
});
afterAll(async () => {
  await product?.close();
});

function pixels(png: Buffer) {
  const image = PNG.sync.read(png);
  return {
    width: image.width,
    height: image.height,
    data: image.data,
    /** '#rrggbb' at a point. */
    at(x: number, y: number): string {
      const offset = (Math.round(y) * image.width + Math.round(x)) * 4;
      return `#${[0, 1, 2].map((channel) => (image.data[offset + channel] ?? 0).toString(16).padStart(2, '0')).join('')}`;
    },
  };
}

function decode(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return (
    jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)
      ?.data ?? null
  );
}

const cardUrl = () => `${BASE}/p/${cardId}`;
const get = (url: string, headers: Record<string, string> = {}) => product.app.inject({ method: 'GET', url, headers });

/** Chooses a look through the share backbone's command; answers its version (as `GET /api/share` says) and position. */
async function chooseLook(person: { token: string }, look: { foreground: string; background: string; logo: string }) {
  const response = await send(product, 'PUT', '/api/share/qr', person.token, look);
  expect(response.statusCode, response.body).toBe(200);
  const { position } = JSON.parse(response.body) as { position?: string };
  const read = await send(product, 'GET', '/api/share', person.token, undefined, after(position));
  expect(read.statusCode, read.body).toBe(200);
  const body = JSON.parse(read.body) as { data: { qr: { version: string } } };
  return { version: body.data.qr.version, position };
}

function expectPng(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
}

describe('the branded QR in the default look', () => {
  it('is black on white, 1024 px, and decodes to the card address, for a card not yet activated too', async () => {
    const response = await get(`/api/cards/${cardId}/branded-qr.png`, after(position));
    expectPng(response);
    expect(decode(response.rawPayload)).toBe(cardUrl());
    const image = pixels(response.rawPayload);
    expect([image.width, image.height]).toEqual([1024, 1024]);
    expect(image.at(4, 4)).toBe('#ffffff');
    const plain = await get(`/api/cards/${unactivated}/branded-qr.png`, await seenEverything(product));
    expectPng(plain);
    expect(decode(plain.rawPayload)).toBe(`${BASE}/p/${unactivated}`);
  });

  it('is cached for good only under the current look version (0 before any choice)', async () => {
    expect((await get(`/api/cards/${cardId}/branded-qr.png?s=0`)).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get(`/api/cards/${cardId}/branded-qr.svg?s=0`)).headers['cache-control']).toBe(IMMUTABLE);
    for (const url of [`/api/cards/${cardId}/branded-qr.png`, `/api/cards/${cardId}/branded-qr.png?s=12`]) {
      expect((await get(url)).headers['cache-control'], url).toBe(SHORT);
    }
  });

  it('the SVG is one path of modules, safe to open, and downloads as qrcode-{cardId}.svg', async () => {
    const response = await get(`/api/cards/${cardId}/branded-qr.svg?download=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="qrcode-${cardId}.svg"`);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(response.body.match(/<path /g)).toHaveLength(1);
    expect(response.body).not.toMatch(/<script|<image/i);
    // Shown by mail apps and other sites; opened directly, a sandbox that loads nothing but its own data: images.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';img-src data:;sandbox;frame-ancestors 'none'",
    );
    const png = await get(`/api/cards/${cardId}/branded-qr.png?download=1`);
    expect(png.headers['content-disposition']).toBe(`attachment; filename="qrcode-${cardId}.png"`);
  });
});

describe('the branded QR in colour', () => {
  let look: { version: string; position: string | undefined };
  beforeAll(async () => {
    look = await chooseLook(owner, { foreground: '#7C2D12', background: '#FFF7ED', logo: 'none' });
  });

  it("draws the owner's colours and still decodes", async () => {
    const response = await get(`/api/cards/${cardId}/branded-qr.png?s=${look.version}`, after(look.position));
    expectPng(response);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(decode(response.rawPayload)).toBe(cardUrl());
    const image = pixels(response.rawPayload);
    expect(image.at(4, 4)).toBe('#fff7ed');
    // The top-left finder pattern's outer ring starts after the 4-module quiet zone.
    const modules = Number(/viewBox="0 0 (\d+) /.exec((await get(`/api/cards/${cardId}/branded-qr.svg`)).body)?.[1]);
    const module = 1024 / modules;
    expect(image.at(module * 4.5, module * 4.5)).toBe('#7c2d12');
  });

  it('the old version is no longer cached for good; the SVG carries the colours', async () => {
    expect((await get(`/api/cards/${cardId}/branded-qr.png?s=0`, after(look.position))).headers['cache-control']).toBe(
      SHORT,
    );
    const svg = await get(`/api/cards/${cardId}/branded-qr.svg`, after(look.position));
    expect(svg.body).toContain('fill="#fff7ed"');
    expect(svg.body).toContain('<path fill="#7c2d12"');
  });
});

describe('the branded QR with the profile logo', () => {
  let look: { version: string; position: string | undefined };
  beforeAll(async () => {
    look = await chooseLook(owner, { foreground: '#0f172a', background: '#ffffff', logo: 'profile' });
  });

  it('shows the company logo on a plate in the middle and still decodes', async () => {
    const response = await get(`/api/cards/${cardId}/branded-qr.png?s=${look.version}`, after(look.position));
    expectPng(response);
    expect(decode(response.rawPayload)).toBe(cardUrl());
    expect(pixels(response.rawPayload).at(512, 512)).toBe(PROFILE_LOGO);
  });

  it('the SVG embeds the logo as a data: URI, fitted, so it shows anywhere it is opened', async () => {
    const svg = (await get(`/api/cards/${cardId}/branded-qr.svg`, after(look.position))).body;
    expect(svg).toMatch(
      /<image href="data:image\/png;base64,[A-Za-z0-9+/=]+" [^>]*preserveAspectRatio="xMidYMid meet"\/>/,
    );
    expect(svg).not.toContain('/media/');
  });
});

describe('a new logo under the same look', () => {
  /** The person's profile saved with a company logo of one colour; answers the write's position. */
  async function saveLogo(
    person: { token: string },
    colour: string,
    method: 'POST' | 'PUT',
  ): Promise<string | undefined> {
    const { payload, contentType } = await encodeForm(
      profileForm(
        { firstName: 'Can', lastName: 'Öztürk', company: 'Öztürk Emlak' },
        { companyLogo: { bytes: await logo(colour), name: 'logo.png', type: 'image/png' } },
      ),
    );
    const saved = await product.app.inject({
      method,
      url: '/api/profile',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': contentType },
      payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return (JSON.parse(saved.body) as { position?: string }).position;
  }

  it('is a new version: the old address is no longer cached for good, the new one shows the new logo', async () => {
    const other = await registerOwner(product);
    await saveLogo(other, '#7c3aed', 'POST');
    const otherCard = virtualCardId();
    expect(
      (await send(product, 'POST', '/api/cards', other.token, { cardId: otherCard, type: 'virtual', name: 'Logo' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(product, 'POST', '/api/cards/activate', other.token, { cardId: otherCard, name: 'Logo' })).statusCode,
    ).toBe(200);
    const first = await chooseLook(other, { foreground: '#000000', background: '#ffffff', logo: 'profile' });

    const written = await saveLogo(other, '#b91c1c', 'PUT');
    const read = await send(product, 'GET', '/api/share', other.token, undefined, after(written));
    const second = (JSON.parse(read.body) as { data: { qr: { version: string } } }).data.qr.version;
    expect(second).not.toBe(first.version);
    expect(second.split('.')[0]).toBe(first.version.split('.')[0]);

    const old = await get(`/api/cards/${otherCard}/branded-qr.png?s=${first.version}`, after(written));
    expect(old.headers['cache-control']).toBe(SHORT);
    const current = await get(`/api/cards/${otherCard}/branded-qr.png?s=${second}`, after(written));
    expect(current.headers['cache-control']).toBe(IMMUTABLE);
    expect(pixels(current.rawPayload).at(512, 512)).toBe('#b91c1c');
    expect(decode(current.rawPayload)).toBe(`${BASE}/p/${otherCard}`);
  });
});

describe('the branded QR with the office logo', () => {
  let admin: Person;
  let officeCard: string;
  let look: { version: string; position: string | undefined };

  beforeAll(async () => {
    admin = await register(product, 'Mehmet');
    const officeId = await createOffice(product, admin, 'Işık Emlak Ofisi', 'isik-emlak');
    const { payload, contentType } = await encodeForm(
      profileForm({}, { companyLogo: { bytes: await logo(OFFICE_LOGO), name: 'ofis.png', type: 'image/png' } }),
    );
    const uploaded = await product.app.inject({
      method: 'PUT',
      url: `/api/offices/${officeId}/logo`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    officeCard = await officeCardHeldBy(product, admin, officeId);
    look = await chooseLook(admin, { foreground: '#000000', background: '#ffffff', logo: 'office' });
  });

  it("shows the office's logo on the office card's code, and it decodes", async () => {
    const response = await get(`/api/cards/${officeCard}/branded-qr.png?s=${look.version}`, after(look.position));
    expectPng(response);
    expect(decode(response.rawPayload)).toBe(`${BASE}/p/${officeCard}`);
    expect(pixels(response.rawPayload).at(512, 512)).toBe(OFFICE_LOGO);
  });
});

describe('the video-call backgrounds', () => {
  for (const design of VIDEO_BACKGROUND_DESIGNS) {
    for (const shape of VIDEO_BACKGROUND_SHAPES) {
      it(`${design}, ${shape}: the right size, and its QR decodes to the card address`, async () => {
        const response = await get(
          `/api/cards/${cardId}/background.png?design=${design}&shape=${shape}`,
          await seenEverything(product),
        );
        expectPng(response);
        expect(response.headers['cache-control']).toBe(SHORT);
        const image = pixels(response.rawPayload);
        expect({ width: image.width, height: image.height }).toEqual(VIDEO_BACKGROUND_SIZES[shape]);
        expect(decode(response.rawPayload)).toBe(cardUrl());
      });
    }
  }

  it("is drawn in the card's theme colours (ocean) and downloads under a telling name", async () => {
    const response = await get(`/api/cards/${cardId}/background.png?design=serit&shape=wide&download=1`);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="arka-plan-${cardId}-serit-wide.png"`);
    // Şerit: the theme's strong colour all over, below the band.
    expect(pixels(response.rawPayload).at(960, 1000)).toBe('#0e7490');
  });

  it('defaults to the first design, wide', async () => {
    const response = await get(`/api/cards/${cardId}/background.png`);
    expectPng(response);
    expect(pixels(response.rawPayload).width).toBe(1920);
  });

  it('refuses an unknown design or shape in Turkish, with the field', async () => {
    const design = await get(`/api/cards/${cardId}/background.png?design=daire`);
    expect(design.statusCode).toBe(400);
    expect(answer(design)).toEqual({
      success: false,
      message: MESSAGES.backgroundDesignInvalid,
      field: 'design',
    });
    const shape = await get(`/api/cards/${cardId}/background.png?design=kose&shape=kare`);
    expect(shape.statusCode).toBe(400);
    expect(answer(shape)).toEqual({
      success: false,
      message: MESSAGES.backgroundShapeInvalid,
      field: 'shape',
    });
  });

  it('is only drawn for a card a visitor can open: unknown and not activated cards are not found', async () => {
    for (const id of ['KV-YOKBOYLE', 'kv-iı', unactivated]) {
      const response = await get(
        `/api/cards/${encodeURIComponent(id)}/background.png?design=cizgi&shape=tall`,
        await seenEverything(product),
      );
      expect(response.statusCode, id).toBe(404);
      expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardPublicProfileNotFound });
    }
  });
});

describe('unknown cards', () => {
  it.each(['KV-YOKBOYLE', 'kv-iı', '..%2F..%2Fetc'])('%s has no branded QR', async (id) => {
    for (const format of ['png', 'svg']) {
      const response = await get(`/api/cards/${id}/branded-qr.${format}`);
      expect(response.statusCode).toBe(404);
      expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardNotFound });
    }
  });
});
