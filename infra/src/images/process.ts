import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';

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

export type ImageRejection = 'not_an_image' | 'unreadable' | 'too_many_pixels' | 'too_many_png_pixels';

export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`Image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

/**
 * Decoding is the expensive part of an upload (a 48 MP JPEG, even shrunk on load, is a second of CPU): at most this many
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

/**
 * Pixels an upload may claim, read from the header before anything is decoded (decision 54). JPEG and WebP decode
 * shrunk on load (libvips reads a 48 MP phone photo at an eighth of its size when the result is 1600 px at most), so a
 * phone camera's 8000×6000 passes. PNG has no shrink-on-load: every pixel is inflated, so its bound is what a PNG
 * upload really is, a screenshot or a logo (a 5K screen is 14.7 MP), and a 7000×7000 PNG is refused unread.
 */
export const MAX_INPUT_PIXELS: { readonly [F in ImageFormat]: number } = {
  jpeg: 50_000_000,
  webp: 50_000_000,
  png: 16_000_000,
};

function decoder(bytes: Buffer, format: ImageFormat) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS[format], failOn: 'error', sequentialRead: true });
}

/** An already scaled picture, kept as raw pixels: the variants are made from it, not from the upload again. */
interface Decoded {
  readonly data: Buffer;
  readonly info: OutputInfo;
}

/** The one decode of an upload: upright and scaled into the largest box the preset stores (shrunk on load). */
async function decodeInto(bytes: Buffer, format: ImageFormat, box: ImageBox): Promise<Decoded> {
  return decoder(bytes, format)
    .rotate()
    .resize({ width: box.maxWidth, height: box.maxHeight, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

function scaled(source: Decoded, box: ImageBox) {
  const { width, height, channels } = source.info;
  return sharp(source.data, { raw: { width, height, channels } }).resize({
    width: box.maxWidth,
    height: box.maxHeight,
    fit: 'inside',
    withoutEnlargement: true,
  });
}

async function encode(source: Decoded, box: ImageBox, keepAlpha: boolean): Promise<EncodedImage> {
  const resized = scaled(source, box);
  const encoded = keepAlpha
    ? resized.png({ compressionLevel: 9, adaptiveFiltering: true })
    : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true, progressive: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** The same box as WebP: about a third smaller than the JPEG at the same look; transparency kept when asked. */
async function encodeWebp(source: Decoded, box: ImageBox, keepAlpha: boolean): Promise<EncodedImage> {
  const resized = scaled(source, box);
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

/** PNG's own refusal names its lower bound and the way out (send the photo as JPEG). */
const tooManyPixels = (format: ImageFormat): ImageRejection =>
  format === 'png' ? 'too_many_png_pixels' : 'too_many_pixels';

export async function processImage(bytes: Buffer, preset: ImagePreset): Promise<ProcessedImage> {
  const format = detectImageFormat(bytes);
  if (!format) throw new ImageRejectedError('not_an_image');
  let metadata: Metadata;
  try {
    // Only the header is read here: a bomb is refused before a pixel of it is inflated.
    metadata = await decoder(bytes, format).metadata();
  } catch (error) {
    throw new ImageRejectedError(isPixelLimitError(error) ? tooManyPixels(format) : 'unreadable');
  }
  // The signature and the decoder must agree (a JPEG header glued to something else is not a JPEG).
  if (metadata.format !== format) throw new ImageRejectedError('not_an_image');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS[format])
    throw new ImageRejectedError(tooManyPixels(format));
  const keepAlpha = preset.output === 'png-if-alpha' && metadata.hasAlpha === true;
  let main: EncodedImage;
  let small: EncodedImage;
  let smallWebp: EncodedImage | undefined;
  try {
    // One decode per upload, then the variants one after another from its pixels (every preset's small box fits
    // inside its main box): three decodes of the same picture at once tripled its memory.
    [main, small, smallWebp] = await decodes.run(async () => {
      const decoded = await decodeInto(bytes, format, preset.main);
      return [
        await encode(decoded, preset.main, keepAlpha),
        await encode(decoded, preset.small, keepAlpha),
        preset.smallWebp ? await encodeWebp(decoded, preset.small, keepAlpha) : undefined,
      ];
    });
  } catch (error) {
    if (error instanceof ImageBusyError) throw error;
    throw new ImageRejectedError(isPixelLimitError(error) ? tooManyPixels(format) : 'unreadable');
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
