import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError, detectImageFormat, processImage, type ImagePreset } from './process.ts';

const PHOTO: ImagePreset = {
  main: { maxWidth: 800, maxHeight: 800 },
  small: { maxWidth: 160, maxHeight: 160 },
  output: 'jpeg',
};
const LOGO: ImagePreset = {
  main: { maxWidth: 512, maxHeight: 512 },
  small: { maxWidth: 160, maxHeight: 160 },
  output: 'png-if-alpha',
};

function canvas(width: number, height: number, alpha = false) {
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 0, g: 90, b: 200, alpha: 0.3 } : '#c0392b',
    },
  });
}

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImageRejectedError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('detecting the real type', () => {
  it('reads JPEG, PNG and WebP signatures', async () => {
    expect(detectImageFormat(await canvas(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageFormat(await canvas(4, 4).png().toBuffer())).toBe('png');
    expect(detectImageFormat(await canvas(4, 4).webp().toBuffer())).toBe('webp');
  });

  it('knows nothing else', async () => {
    expect(detectImageFormat(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBeNull();
    expect(detectImageFormat(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(detectImageFormat(await canvas(4, 4).gif().toBuffer())).toBeNull();
    expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('processing', () => {
  it('scales a photo into its box, re-encodes it as JPEG and makes a small variant', async () => {
    const result = await processImage(await canvas(2000, 1000).png().toBuffer(), PHOTO);
    expect(result).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    expect([result.main.width, result.main.height]).toEqual([800, 400]);
    expect([result.small.width, result.small.height]).toEqual([160, 80]);
    expect(result.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(detectImageFormat(result.main.bytes)).toBe('jpeg');
  });

  it('makes the small variant as WebP too when the preset asks, without metadata, and not otherwise', async () => {
    const withWebp = await processImage(
      await canvas(2000, 1000)
        .withExif({ IFD0: { Make: 'Kamera' } })
        .jpeg()
        .toBuffer(),
      { ...PHOTO, smallWebp: true },
    );
    expect(withWebp.smallWebp).toBeDefined();
    expect(detectImageFormat(withWebp.smallWebp?.bytes ?? Buffer.alloc(0))).toBe('webp');
    expect([withWebp.smallWebp?.width, withWebp.smallWebp?.height]).toEqual([160, 80]);
    expect((await sharp(withWebp.smallWebp?.bytes).metadata()).exif).toBeUndefined();
    expect((await processImage(await canvas(400, 400).jpeg().toBuffer(), PHOTO)).smallWebp).toBeUndefined();
  });

  it('does not enlarge small images', async () => {
    const result = await processImage(await canvas(100, 50).jpeg().toBuffer(), PHOTO);
    expect([result.main.width, result.main.height]).toEqual([100, 50]);
  });

  it('turns the picture upright and strips EXIF including GPS', async () => {
    const input = await canvas(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Gizli Kamera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await processImage(input, PHOTO);
    expect([result.main.width, result.main.height]).toEqual([20, 40]);
    for (const variant of [result.main, result.small]) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from('Gizli'))).toBe(false);
    }
  });

  it('keeps a logo transparent as PNG, and makes an opaque one a JPEG', async () => {
    const transparent = await processImage(await canvas(600, 300, true).png().toBuffer(), LOGO);
    expect(transparent).toMatchObject({ extension: 'png', contentType: 'image/png' });
    expect((await sharp(transparent.main.bytes).metadata()).hasAlpha).toBe(true);
    expect([transparent.main.width, transparent.main.height]).toEqual([512, 256]);
    const opaque = await processImage(await canvas(600, 300).png().toBuffer(), LOGO);
    expect(opaque.extension).toBe('jpg');
  });

  it('names the same picture the same way and another picture differently', async () => {
    const bytes = await canvas(300, 300).jpeg().toBuffer();
    const other = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2980b9' } })
      .jpeg()
      .toBuffer();
    const [a, b, c] = await Promise.all([
      processImage(bytes, PHOTO),
      processImage(bytes, PHOTO),
      processImage(other, PHOTO),
    ]);
    expect(a.hash).toBe(b.hash);
    expect(a.hash).not.toBe(c.hash);
  });

  it('refuses a script, HTML or SVG whatever it is called', async () => {
    expect(await rejection(processImage(Buffer.from('#!/bin/sh\necho pwned\n'), PHOTO))).toBe('not_an_image');
    expect(await rejection(processImage(Buffer.from('<html><script>alert(1)</script></html>'), PHOTO))).toBe(
      'not_an_image',
    );
    expect(await rejection(processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), PHOTO))).toBe(
      'not_an_image',
    );
  });

  it('refuses a file that only starts like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    expect(await rejection(processImage(fake, PHOTO))).toBe('unreadable');
  });

  /** A 1×1 PNG whose header (IHDR width, height and CRC rewritten) claims width × height: what a bomb declares. */
  async function pngClaiming(width: number, height: number): Promise<Buffer> {
    const bomb = Buffer.from(await canvas(1, 1).png().toBuffer());
    bomb.writeUInt32BE(width, 16);
    bomb.writeUInt32BE(height, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    return bomb;
  }

  it('refuses a decompression bomb by its claimed size, from the header alone', async () => {
    const bomb = await pngClaiming(10_000, 6_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(10_000);
    expect(await rejection(processImage(bomb, PHOTO))).toBe('too_many_png_pixels');
  });

  it('holds PNG to 16 megapixels: a 7000×7000 PNG is refused unread, a 5K screenshot is not', async () => {
    expect(await rejection(processImage(await pngClaiming(7_000, 7_000), PHOTO))).toBe('too_many_png_pixels');
    expect(await rejection(processImage(await pngClaiming(4_000, 4_001), PHOTO))).toBe('too_many_png_pixels');
    // 5120×2880 is under the bound: the header passes, and this 1×1 body is then found unreadable (not refused).
    expect(await rejection(processImage(await pngClaiming(5_120, 2_880), PHOTO))).toBe('unreadable');
  });

  it("takes a 48 MP phone camera's JPEG (8000×6000) and a JPEG over 50 MP is refused", async () => {
    const phone = await canvas(8_000, 6_000).jpeg({ quality: 60 }).toBuffer();
    const image = await processImage(phone, PHOTO);
    expect([image.main.width, image.main.height]).toEqual([800, 600]);
    expect([image.small.width, image.small.height]).toEqual([160, 120]);
    // The SOF0 marker's height and width of a small JPEG rewritten to claim 10000×6000.
    const bomb = Buffer.from(await canvas(8, 8).jpeg().toBuffer());
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(6_000, sof + 5);
    bomb.writeUInt16BE(10_000, sof + 7);
    expect(await rejection(processImage(bomb, PHOTO))).toBe('too_many_pixels');
  });
});
