import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { qrArtSvg, type QrArtStyle, type QrModules } from '@kartvizit/schemas/share/qr-art';

/** Big enough to print sharply on a card or a flyer; the screens scale it down. */
export const QR_PNG_WIDTH = 1024;
/** The quiet zone the QR standard asks for, in modules. */
export const QR_MARGIN = 4;
const CACHE_LIMIT = 500;

/**
 * QR images drawn here, not by a third-party image service: nobody else learns which cards are
 * looked at. Error correction M survives a worn print while keeping the modules large.
 * Rendering takes milliseconds; the few hundred most recent images are kept in memory.
 *
 * The branded code (issue 32: the owner's colours and logo, `@kartvizit/schemas/share/qr-art`) is made with error
 * correction H, which restores the modules the logo's plate hides; its PNG is its SVG rasterised by sharp (librsvg),
 * so both formats are one drawing.
 */
export class QrRenderer {
  private readonly cache = new Map<string, Buffer | string>();

  async png(text: string): Promise<Buffer> {
    const key = `png:${text}`;
    const cached = this.remember(key);
    if (Buffer.isBuffer(cached)) return cached;
    const image = await QRCode.toBuffer(text, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: QR_MARGIN,
      width: QR_PNG_WIDTH,
    });
    this.store(key, image);
    return image;
  }

  async svg(text: string): Promise<string> {
    const key = `svg:${text}`;
    const cached = this.remember(key);
    if (typeof cached === 'string') return cached;
    const image = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: QR_MARGIN });
    this.store(key, image);
    return image;
  }

  /** The module matrix at error correction H, for the branded drawings. */
  brandedModules(text: string): QrModules {
    const code = QRCode.create(text, { errorCorrectionLevel: 'H' });
    // `qrcode` reads its matrix row first.
    return { size: code.modules.size, get: (x, y) => code.modules.get(y, x) === 1 };
  }

  /** The branded code as SVG; `pixels` sets its width and height (absent: it scales to its container). */
  async brandedSvg(text: string, style: QrArtStyle, pixels?: number): Promise<string> {
    const key = `bsvg:${pixels ?? ''}:${styleKey(style)}:${text}`;
    const cached = this.remember(key);
    if (typeof cached === 'string') return cached;
    const image = qrArtSvg(this.brandedModules(text), style, pixels === undefined ? {} : { pixels });
    this.store(key, image);
    return image;
  }

  /** The branded code as PNG, `width` pixels square (QR_PNG_WIDTH unless asked). */
  async brandedPng(text: string, style: QrArtStyle, width = QR_PNG_WIDTH): Promise<Buffer> {
    const key = `bpng:${width}:${styleKey(style)}:${text}`;
    const cached = this.remember(key);
    if (Buffer.isBuffer(cached)) return cached;
    const svg = await this.brandedSvg(text, style, width);
    const image = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: !style.logoHref }).toBuffer();
    this.store(key, image);
    return image;
  }

  private remember(key: string): Buffer | string | undefined {
    const value = this.cache.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      this.cache.delete(key);
      this.cache.set(key, value);
    }
    return value;
  }

  private store(key: string, value: Buffer | string): void {
    this.cache.set(key, value);
    if (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }
}

/** The style in a cache key: the colours and a digest of the logo (a data: URI may be tens of kilobytes). */
function styleKey(style: QrArtStyle): string {
  const logo = style.logoHref ? createHash('sha256').update(style.logoHref).digest('base64url') : '';
  return `${style.foreground}:${style.background}:${logo}`;
}
