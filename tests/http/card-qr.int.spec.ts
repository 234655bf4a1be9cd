import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { answer, provision, registerOwner, seenEverything, send } from './card-fixtures.ts';

/** The QR images query-api draws: what they encode, their size, caching and download names. */
let product: TestProduct;
let cardId: string;

beforeAll(async () => {
  product = await startTestProduct({ publicBaseUrl: 'https://kartvizit.example.com.tr' });
  [cardId = ''] = await provision(product, 1, 'pro', 'gold');
  // Let the read model see the card before the image routes ask for it.
  const owner = await registerOwner(product);
  expect((await send(product, 'GET', `/api/cards/details/${cardId}`, owner.token, undefined, await seenEverything(product))).statusCode).toBe(200);
});
afterAll(async () => {
  await product?.close();
});

function decode(png: Buffer): { text: string; width: number; height: number } {
  const image = PNG.sync.read(png);
  const result = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  expect(result, 'a QR code the decoder can read').not.toBeNull();
  return { text: result?.data ?? '', width: image.width, height: image.height };
}

describe('the PNG', () => {
  it('encodes exactly PUBLIC_BASE_URL/p/{cardId}, at least 512 px, with a quiet zone', async () => {
    const response = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId}/qr.png?v=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const decoded = decode(response.rawPayload);
    expect(decoded.text).toBe(`https://kartvizit.example.com.tr/p/${cardId}`);
    expect(decoded.width).toBeGreaterThanOrEqual(512);
    expect(decoded.height).toBe(decoded.width);
    // Quiet zone: the outermost rows and columns are white.
    const image = PNG.sync.read(response.rawPayload);
    const border = Math.floor(image.width / 60);
    for (const [x, y] of [[border, border], [image.width - 1 - border, border], [border, image.height - 1 - border]] as const) {
      const offset = (y * image.width + x) * 4;
      expect(image.data[offset]).toBe(255);
    }
  });

  it('a versioned URL is cached for good; an unversioned or outdated one only briefly', async () => {
    const current = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId}/qr.png?v=1` });
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [`/api/cards/${cardId}/qr.png`, `/api/cards/${cardId}/qr.png?v=7`]) {
      const response = await product.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('?download=1 saves it as qrcode-{cardId}.png', async () => {
    const response = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId}/qr.png?v=1&download=1` });
    expect(response.headers['content-disposition']).toBe(`attachment; filename="qrcode-${cardId}.png"`);
    const inline = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId}/qr.png?v=1` });
    expect(inline.headers['content-disposition']).toBeUndefined();
  });

  it('needs no session: the URL it encodes is public', async () => {
    const response = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId.toLowerCase()}/qr.png` });
    expect(response.statusCode).toBe(200);
    expect(decode(response.rawPayload).text).toBe(`https://kartvizit.example.com.tr/p/${cardId}`);
  });
});

describe('the SVG', () => {
  it('is an SVG drawing of the same code, downloadable as qrcode-{cardId}.svg', async () => {
    const response = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId}/qr.svg?v=1&download=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="qrcode-${cardId}.svg"`);
    expect(response.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(response.body).not.toMatch(/<script/i);
  });
});

describe('unknown cards', () => {
  it.each(['KV-YOK12345', 'kv-iı', '..%2F..%2Fetc'])('%s has no QR image', async (id) => {
    for (const format of ['png', 'svg']) {
      const response = await product.app.inject({ method: 'GET', url: `/api/cards/${id}/qr.${format}` });
      expect(response.statusCode).toBe(404);
      expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardNotFound });
    }
  });
});
