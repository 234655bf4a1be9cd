import sharp from 'sharp';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import { isValidBlobKey, readBlob } from '@kartvizit/infra/blob/types';
import { escapeXmlAttribute } from '@kartvizit/schemas/share/qr-art';
import { safeMediaPath } from '../html/urls.ts';
import { fitText, IMAGE_FONT_FAMILIES, measureText, type MeasureText } from '../share/images.ts';

/**
 * A listing's Open Graph image (issue 33): 1200×630, the first photo filling it, and over its lower part a dark band
 * with the price, the rooms and m², and the place, so a WhatsApp or social share looks like a listing. Drawn as SVG
 * (fonts shaped by the same Pango as the video backgrounds) and laid over the photo by sharp.
 */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

export interface ListingImageText {
  /** '₺8.750.000' or '₺32.000/ay', or 'Fiyat sorunuz'. */
  readonly price: string;
  /** '3+1 · 120 m²'. */
  readonly facts: string;
  /** 'Kadıköy, İstanbul'. */
  readonly place: string;
  /** 'Satılık · Daire'. */
  readonly kind: string;
}

const BAND_HEIGHT = 250;
const MARGIN = 56;

/** The band and its words as SVG; `photo`: whether a photo lies under it (without one, the theme's dark ground). */
export async function listingImageSvg(text: ListingImageText, photo: boolean, measure: MeasureText = measureText): Promise<string> {
  const { width, height } = OG_IMAGE;
  const column = width - 2 * MARGIN;
  const price = await fitText(text.price, column, { max: 88, min: 48 }, true, measure);
  const facts = await fitText([text.facts, text.place].filter(Boolean).join(' · '), column, { max: 40, min: 26 }, false, measure);
  const kind = await fitText(text.kind, column, { max: 30, min: 22 }, true, measure);
  const top = height - BAND_HEIGHT;
  const font = escapeXmlAttribute(IMAGE_FONT_FAMILIES);
  const textAt = (y: number, size: number, weight: number, fill: string, value: string) =>
    `<text x="${MARGIN}" y="${y}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXmlAttribute(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a" stop-opacity="0"/><stop offset="0.35" stop-color="#0f172a" stop-opacity="0.82"/><stop offset="1" stop-color="#0f172a" stop-opacity="0.94"/></linearGradient></defs>
${photo ? '' : `<rect width="${width}" height="${height}" fill="#312e81"/>`}
<rect y="${top - 80}" width="${width}" height="${BAND_HEIGHT + 80}" fill="url(#fade)"/>
${textAt(top + 40, kind.size, 700, '#c7d2fe', kind.text)}
${textAt(top + 40 + price.size + 8, price.size, 700, '#ffffff', price.text)}
${textAt(height - MARGIN + 6, facts.size, 400, '#e2e8f0', facts.text)}
</svg>`;
}

/** The PNG: the first photo (cover-cropped) under the band; without a readable photo, the band on a plain ground. */
export async function listingImagePng(
  blobs: BlobStore | undefined,
  firstImage: string | null,
  text: ListingImageText,
): Promise<Buffer> {
  const { width, height } = OG_IMAGE;
  let photo: Buffer | null = null;
  const path = safeMediaPath(firstImage);
  const key = path?.slice('/media/'.length) ?? '';
  if (blobs && path && isValidBlobKey(key)) {
    const object = await blobs.get(key);
    if (object) {
      photo = await sharp(await readBlob(object), { limitInputPixels: 40_000_000 })
        .resize(width, height, { fit: 'cover', position: 'attention' })
        .toBuffer()
        .catch(() => null);
    }
  }
  const band = Buffer.from(await listingImageSvg(text, photo !== null));
  const base = photo
    ? sharp(photo)
    : sharp({ create: { width, height, channels: 3, background: '#312e81' } });
  return base.composite([{ input: band, left: 0, top: 0 }]).png({ compressionLevel: 9 }).toBuffer();
}
