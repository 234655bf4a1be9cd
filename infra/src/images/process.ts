import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

/**
 * Uploaded images are never stored as sent: the type is read from the bytes (not the name or the
 * browser's mimetype), the picture is decoded, turned upright by its EXIF orientation, scaled down
 * and encoded afresh. Re-encoding drops every piece of metadata (EXIF with GPS, XMP, comments) and
 * anything smuggled after the image data.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Reads the file signature; null for anything that is not JPEG, PNG or WebP. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (index: number) => bytes[index];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => at(index) === byte)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ImageBox {
  readonly maxWidth: number;
  readonly maxHeight: number;
}

export interface ImagePreset {
  readonly main: ImageBox;
  /** A small variant for lists and the public card. */
  readonly small: ImageBox;
  /** 'jpeg' for photos (transparency flattened on white); 'png-if-alpha' keeps a logo's transparency. */
  readonly output: 'jpeg' | 'png-if-alpha';
  /** Also encode the small variant as WebP (lists of many images, e.g. the card page's catalogue). */
  readonly smallWebp?: boolean;
}

export interface EncodedImage {
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
}

export interface ProcessedImage {
  /** First 128 bits of the SHA-256 of the main variant, hex: names the image by its content. */
  readonly hash: string;
  readonly extension: 'jpg' | 'png';
  readonly contentType: 'image/jpeg' | 'image/png';
  readonly main: EncodedImage;
  readonly small: EncodedImage;
  /** The small variant as WebP, when the preset asks for it. */
  readonly smallWebp?: EncodedImage;
}

export type ImageRejection = 'not_an_image' | 'unreadable' | 'too_many_pixels';

export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`Image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

/**
 * Decoding is the expensive part of an upload (a 7000×7000 PNG: seconds of CPU and about 300 MB): at most this many
 * uploads decode at once in a process, the others wait their turn in order, and one that has waited DECODE_WAIT_MS
 * is answered 503 with Retry-After instead of piling up (issue 28 item 13).
 */
export const MAX_CONCURRENT_DECODES = 1;
export const DECODE_WAIT_MS = 10_000;

/** An upload that waited too long for its turn to decode. */
export class ImageBusyError extends Error {
  constructor() {
    super('Image decoding is at its bound');
    this.name = 'ImageBusyError';
  }
}

/** A semaphore with a bounded wait: first come, first decoded. */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly waitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await this.turn();
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Resolves when a finishing decode hands its slot over; rejects after waitMs. */
  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(handOver);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new ImageBusyError());
      }, this.waitMs);
      this.waiting.push(handOver);
    });
  }
}

const decodes = new DecodeSlots(MAX_CONCURRENT_DECODES, DECODE_WAIT_MS);

/** Decompression bombs: a few kilobytes of PNG can claim a gigapixel. 50 MP covers phone cameras. */
export const MAX_INPUT_PIXELS = 50_000_000;

function decoder(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

async function encode(bytes: Buffer, box: ImageBox, keepAlpha: boolean): Promise<EncodedImage> {
  const resized = decoder(bytes)
    .rotate()
    .resize({ width: box.maxWidth, height: box.maxHeight, fit: 'inside', withoutEnlargement: true });
  const encoded = keepAlpha
    ? resized.png({ compressionLevel: 9, adaptiveFiltering: true })
    : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true, progressive: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** The same box as WebP: about a third smaller than the JPEG at the same look; transparency kept when asked. */
async function encodeWebp(bytes: Buffer, box: ImageBox, keepAlpha: boolean): Promise<EncodedImage> {
  const resized = decoder(bytes)
    .rotate()
    .resize({ width: box.maxWidth, height: box.maxHeight, fit: 'inside', withoutEnlargement: true });
  const flattened = keepAlpha ? resized : resized.flatten({ background: '#ffffff' });
  const { data, info } = await flattened.webp({ quality: 78, effort: 4 }).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** The name an image is stored under: the first 128 bits of the SHA-256 of its main variant, hex. */
export function imageContentHash(main: Uint8Array): string {
  return createHash('sha256').update(main).digest('hex').slice(0, 32);
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

export async function processImage(bytes: Buffer, preset: ImagePreset): Promise<ProcessedImage> {
  const format = detectImageFormat(bytes);
  if (!format) throw new ImageRejectedError('not_an_image');
  let metadata: Metadata;
  try {
    metadata = await decoder(bytes).metadata();
  } catch (error) {
    throw new ImageRejectedError(isPixelLimitError(error) ? 'too_many_pixels' : 'unreadable');
  }
  // The signature and the decoder must agree (a JPEG header glued to something else is not a JPEG).
  if (metadata.format !== format) throw new ImageRejectedError('not_an_image');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS)
    throw new ImageRejectedError('too_many_pixels');
  const keepAlpha = preset.output === 'png-if-alpha' && metadata.hasAlpha === true;
  let main: EncodedImage;
  let small: EncodedImage;
  let smallWebp: EncodedImage | undefined;
  try {
    // One at a time within the upload too: three decodes of the same picture at once tripled its memory.
    [main, small, smallWebp] = await decodes.run(async () => [
      await encode(bytes, preset.main, keepAlpha),
      await encode(bytes, preset.small, keepAlpha),
      preset.smallWebp ? await encodeWebp(bytes, preset.small, keepAlpha) : undefined,
    ]);
  } catch (error) {
    if (error instanceof ImageBusyError) throw error;
    throw new ImageRejectedError(isPixelLimitError(error) ? 'too_many_pixels' : 'unreadable');
  }
  return {
    hash: imageContentHash(main.bytes),
    extension: keepAlpha ? 'png' : 'jpg',
    contentType: keepAlpha ? 'image/png' : 'image/jpeg',
    main,
    small,
    ...(smallWebp ? { smallWebp } : {}),
  };
}
