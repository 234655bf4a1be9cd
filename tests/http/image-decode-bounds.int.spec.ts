import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { productAnswer, uploadImages } from './product-fixtures.ts';
import { profileForm, registerOwner, saveProfile, type Owner } from './profile-fixtures.ts';

/**
 * Issue 28 item 13 (decision 54): a few large uploads must not starve the server. A PNG over 16 megapixels is refused
 * from its header before a pixel is inflated; uploads that are accepted decode one at a time, and one that waits too
 * long for its turn is told, in Turkish, to try again shortly; meanwhile the server answers everyone else.
 */
let product: TestProduct;
let owner: Owner;
const blobDir = mkdtempSync(join(tmpdir(), 'kartvizit-decode-'));

beforeAll(async () => {
  product = await startTestProduct({ blobDir });
  owner = await registerOwner(product);
});
afterAll(async () => {
  await product?.close();
  rmSync(blobDir, { recursive: true, force: true });
});

/** A real PNG of width × height: a horizontal gradient, so it stays far under the 5 MB upload limit. */
async function gradientPng(width: number, height: number): Promise<Buffer> {
  const row = Buffer.alloc(width * 3);
  for (let x = 0; x < width; x++) row.fill(Math.floor((x / width) * 255), x * 3, x * 3 + 3);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) row.copy(raw, y * width * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function stored(folder: 'products' | 'profiles'): string[] {
  try {
    return readdirSync(join(blobDir, folder, owner.userId));
  } catch {
    return [];
  }
}

describe('a PNG over 16 megapixels', () => {
  let huge: Buffer;
  beforeAll(async () => {
    huge = await gradientPng(7_000, 7_000);
  });

  it('is refused as a product image with the Turkish message, and nothing is stored', async () => {
    const before = await product.eventCount();
    const response = await uploadImages(product, owner.token, [{ bytes: huge, name: 'dev.png', type: 'image/png' }]);
    expect(response.statusCode, response.body).toBe(400);
    expect(productAnswer(response)).toMatchObject({ success: false, message: MESSAGES.productImageTooManyPixelsPng });
    expect(stored('products')).toEqual([]);
    expect(await product.eventCount()).toBe(before);
  });

  it('is refused as a profile picture the same way, and the profile is not touched', async () => {
    const before = await product.eventCount();
    const form = profileForm(
      { firstName: 'Ayşe' },
      { profilePicture: { bytes: huge, name: 'dev.png', type: 'image/png' } },
    );
    const answer = await saveProfile(product, 'POST', form, owner.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      message: MESSAGES.profileImageTooManyPixelsPng,
      field: 'profilePicture',
    });
    expect(stored('profiles')).toEqual([]);
    expect(await product.eventCount()).toBe(before);
  });
});

describe('several large uploads at once', () => {
  it('are each answered, stored or told to retry in Turkish, never a 500, while a plain request is answered', async () => {
    // Just under the PNG bound: each upload is a real 16 MP decode.
    const large = await gradientPng(4_000, 3_999);
    const uploads = [1, 2, 3, 4].map((n) =>
      uploadImages(product, owner.token, [{ bytes: large, name: `buyuk-${n}.png`, type: 'image/png' }]),
    );
    // Asked after the uploads, answered whatever they are doing.
    const health = await product.get('/api/health');
    expect(health.statusCode).toBe(200);

    const answers = await Promise.all(uploads);
    for (const response of answers) {
      if (response.statusCode === 200) {
        expect(productAnswer(response).success).toBe(true);
        continue;
      }
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(productAnswer(response)).toMatchObject({ success: false, message: MESSAGES.imageProcessingBusy });
    }
    // The first one never waits: at least one is stored, and only the stored ones left files (one picture, stored by
    // its content: a main variant, a small one and its WebP).
    const storedCount = answers.filter((response) => response.statusCode === 200).length;
    expect(storedCount).toBeGreaterThanOrEqual(1);
    expect(stored('products').sort()).toHaveLength(3);
  });
});
