import QRCode from 'qrcode';

/** Big enough to print sharply on a card or a flyer; the screens scale it down. */
export const QR_PNG_WIDTH = 1024;
/** The quiet zone the QR standard asks for, in modules. */
export const QR_MARGIN = 4;
const CACHE_LIMIT = 500;

/**
 * QR images drawn here, not by a third-party image service: nobody else learns which cards are
 * looked at. Error correction M survives a worn print while keeping the modules large.
 * Rendering takes milliseconds; the few hundred most recent images are kept in memory.
 */
export class QrRenderer {
  private readonly cache = new Map<string, Buffer | string>();

  async png(text: string): Promise<Buffer> {
    const key = `png:${text}`;
    const cached = this.remember(key);
    if (Buffer.isBuffer(cached)) return cached;
    const image = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: QR_MARGIN, width: QR_PNG_WIDTH });
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
