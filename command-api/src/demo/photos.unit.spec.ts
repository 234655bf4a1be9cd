import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_LISTINGS, DEMO_PHOTOS } from '@kartvizit/schemas';
import { PHOTO_DIRECTORY, PHOTO_FILES, drawPhoto } from './photos/draw.ts';

/** The sample listings' drawn photos (photos/draw.ts): committed as the upload pipeline's variants, small. */
describe('the sample listings’ photos', () => {
  it('every listing names drawn photos, and every drawn photo is used', () => {
    const used = new Set(DEMO_LISTINGS.flatMap((listing) => listing.photos));
    expect([...used].sort()).toEqual([...DEMO_PHOTOS].sort());
  });

  it.each(DEMO_PHOTOS)('%s: a 1200×800 JPEG of 15–60 kB with its 400 px JPEG and WebP', async (photo) => {
    const files = PHOTO_FILES(photo);
    const read = (name: string) => readFileSync(join(PHOTO_DIRECTORY, name));
    const main = await sharp(read(files.main)).metadata();
    expect([main.format, main.width, main.height]).toEqual(['jpeg', 1200, 800]);
    expect(main.size).toBeGreaterThan(15_000);
    expect(main.size).toBeLessThan(60_000);
    const small = await sharp(read(files.small)).metadata();
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 400, 267]);
    const webp = await sharp(read(files.smallWebp)).metadata();
    expect([webp.format, webp.width]).toEqual(['webp', 400]);
  });

  it('are drawn the same way every time: no clock, no random source', async () => {
    const [first, second] = await Promise.all([drawPhoto('bedroom'), drawPhoto('bedroom')]);
    expect(first.hash).toBe(second.hash);
  });
});
