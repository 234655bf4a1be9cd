import sharp from 'sharp';
import {
  DEFAULT_QR_STYLE,
  DEFAULT_THEME,
  PROFILE_THEMES,
  VIDEO_BACKGROUND_SIZES,
  type QrLogo,
  type VideoBackgroundDesign,
  type VideoBackgroundShape,
} from '@kartvizit/schemas';
import { contrastRatio, relativeLuminance } from '@kartvizit/schemas/share/rules';
import { escapeXmlAttribute, type QrArtStyle } from '@kartvizit/schemas/share/qr-art';
import { readStoredProfile, type StoredProfile } from '@kartvizit/schemas/profile/read';
import { readStoredOffice, withOfficeTemplate } from '@kartvizit/schemas/office/read';
import { isValidBlobKey, readBlob } from '@kartvizit/infra/blob/types';
import { QR_CARDS, RM_OFFICES, SHOWN_CARDS } from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isNotBuiltYet, rowsOrNone } from '../core/sql.ts';
import { safeMediaPath } from '../html/urls.ts';
import type { QrRenderer } from '../card/qr.ts';
import { brandedVersion, drawableStyle, qrLogoPath, qrStyleOf } from './style.ts';

/**
 * The share tools' images (issue 32): the branded QR's style as the owner chose it, with its logo read from the blob
 * store, and the video-call backgrounds. The routes are in image-routes.ts.
 */

/** The fonts the drawings ask for, in order: Liberation Sans (Arial's metrics, every Turkish letter), then alike. */
export const IMAGE_FONT_FAMILIES = 'Liberation Sans, Arial, Helvetica, DejaVu Sans, sans-serif';

/** The logo embedded in a branded QR: its plate is at most 30% of 1024 px wide, so 256 px is sharp enough. */
const QR_LOGO_PIXELS = 256;
/** The logo on a background: at most 300×100 px drawn. */
const BACKGROUND_LOGO_PIXELS = 400;
const LOGO_CACHE_LIMIT = 100;

// ---------------------------------------------------------------------------------------------------------------
// Reading the card, its owner's style and the logos.

export interface QrCard {
  readonly cardId: string;
  readonly ownerId: string | null;
  readonly officeId: string | null;
  /** The owner's profile as stored (null: a card nobody owns yet). */
  readonly profile: unknown;
}

/** A card whose QR is drawn (QR_CARDS: known, its owner not forgotten), or undefined. */
export async function findQrCard(context: QueryContext, cardId: string): Promise<QrCard | undefined> {
  const [row] = await rowsOrNone<{
    card_id: string;
    owner_id: string | null;
    office_id: string | null;
    profile: unknown;
  }>(context.pool, `SELECT c.card_id, c.owner_id, c.office_id, p.data AS profile ${QR_CARDS} AND c.card_id = $1`, [
    cardId,
  ]);
  return row
    ? { cardId: row.card_id, ownerId: row.owner_id, officeId: row.office_id, profile: row.profile }
    : undefined;
}

export interface ShownCard extends QrCard {
  readonly ownerId: string;
  /** The profile the card shows: the owner's, with an office card's template applied (decision 61). */
  readonly shown: StoredProfile;
}

const OFFICE_JSON = `(SELECT json_build_object('officeId', o.office_id, 'slug', o.slug, 'details', o.details,
                                               'logoUrl', o.logo_url, 'template', o.template)
                        FROM ${RM_OFFICES} o WHERE o.office_id = c.office_id)`;

/** A shown card (SHOWN_CARDS: activated, active, the owner not forgotten) and the profile it shows, or undefined. */
export async function findShownCard(context: QueryContext, cardId: string): Promise<ShownCard | undefined> {
  type Row = { card_id: string; owner_id: string; office_id: string | null; profile: unknown; office: unknown };
  const sql = (office: string) =>
    `SELECT c.card_id, c.owner_id, c.office_id, p.data AS profile, ${office} AS office ${SHOWN_CARDS} AND c.card_id = $1`;
  let rows: Row[];
  try {
    rows = (await context.pool.query<Row>(sql(OFFICE_JSON), [cardId])).rows;
  } catch (error) {
    // The offices' read model not built yet: every card reads as a personal one.
    if (!isNotBuiltYet(error)) throw error;
    rows = await rowsOrNone<Row>(context.pool, sql('NULL::json'), [cardId]);
  }
  const row = rows[0];
  if (!row) return undefined;
  const office = readStoredOffice(row.office ?? null);
  return {
    cardId: row.card_id,
    ownerId: row.owner_id,
    officeId: row.office_id,
    profile: row.profile,
    shown: readStoredProfile(office ? withOfficeTemplate(row.profile, office) : row.profile),
  };
}

export interface BrandedStyle {
  readonly art: QrArtStyle;
  readonly logo: QrLogo;
  /** The style's version (0: never chosen): a branded image's `?s=`. */
  readonly version: string;
}

/**
 * Reads images from the blob store as data: URIs (a drawing must carry its logo: an SVG downloaded, or rasterised by
 * librsvg, loads nothing from elsewhere). Keys are content-addressed, so a key's image never changes and the last few
 * are kept in memory.
 */
export class ShareImages {
  private readonly logos = new Map<string, string | null>();

  constructor(
    private readonly context: QueryContext,
    readonly qr: QrRenderer,
  ) {}

  /** The owner's chosen colours and logo for this card's QR; the default look when none is chosen or it is unreadable. */
  async brandedStyle(card: QrCard): Promise<BrandedStyle> {
    const chosen = card.ownerId ? await qrStyleOf(this.context, card.ownerId) : { ...DEFAULT_QR_STYLE, chosenAt: 0 };
    const style = drawableStyle(chosen);
    const path = await qrLogoPath(this.context, style.logo, card);
    const logoHref = await this.dataUri(path, QR_LOGO_PIXELS);
    return {
      art: { foreground: style.foreground, background: style.background, ...(logoHref ? { logoHref } : {}) },
      logo: style.logo,
      version: brandedVersion(chosen.chosenAt, path),
    };
  }

  /** One of our `/media/…` images, scaled to fit `pixels` square, as a PNG data: URI; null when there is none. */
  async dataUri(mediaPath: string | null | undefined, pixels: number): Promise<string | null> {
    const path = safeMediaPath(mediaPath);
    const blobs = this.context.blobs;
    if (!path || !blobs) return null;
    const key = path.slice('/media/'.length);
    if (!isValidBlobKey(key)) return null;
    const cacheKey = `${pixels}:${key}`;
    if (this.logos.has(cacheKey)) {
      const cached = this.logos.get(cacheKey) ?? null;
      this.logos.delete(cacheKey);
      this.logos.set(cacheKey, cached);
      return cached;
    }
    const object = await blobs.get(key);
    let uri: string | null = null;
    if (object) {
      try {
        const png = await sharp(await readBlob(object), { limitInputPixels: 40_000_000 })
          .resize(pixels, pixels, { fit: 'inside', withoutEnlargement: true })
          .png()
          .toBuffer();
        uri = `data:image/png;base64,${png.toString('base64')}`;
      } catch {
        // Not an image after all (the upload check makes this rare): the drawing goes without the logo.
        uri = null;
      }
    }
    this.logos.set(cacheKey, uri);
    if (this.logos.size > LOGO_CACHE_LIMIT) {
      const oldest = this.logos.keys().next();
      if (!oldest.done) this.logos.delete(oldest.value);
    }
    return uri;
  }

  /** The video-call background as PNG: the drawing (backgroundSvg) with the branded QR laid on it. */
  async background(
    card: ShownCard,
    url: string,
    design: VideoBackgroundDesign,
    shape: VideoBackgroundShape,
  ): Promise<Buffer> {
    const style = await this.brandedStyle(card);
    const logo = await this.dataUri(card.shown.companyLogo, BACKGROUND_LOGO_PIXELS);
    const layout = await layoutBackground(
      { profile: card.shown, design, shape, logoHref: logo, qrBackground: style.art.background },
      measureText,
    );
    const qrPng = await this.qr.brandedPng(url, style.art, layout.qr.size);
    return sharp(Buffer.from(layout.svg))
      .composite([{ input: qrPng, left: layout.qr.x, top: layout.qr.y }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The backgrounds' drawing.

/** Text width in pixels at a font size; `bold` for the name. */
export type MeasureText = (text: string, size: number, bold: boolean) => Promise<number>;

const MEASURE_SIZE = 100;

/**
 * Pango's width of the text at MEASURE_SIZE px, scaled: the same shaping librsvg uses when it draws the SVG's text
 * with the same family list, so a name that fits here fits in the image. Without Pango (it never failed here), a
 * generous estimate.
 */
export const measureText: MeasureText = async (text, size, bold) => {
  if (text === '') return 0;
  try {
    const markup = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const font = `${IMAGE_FONT_FAMILIES.replace(/, /g, ',')} ${bold ? 'Bold ' : ''}${MEASURE_SIZE}`;
    const { info } = await sharp({ text: { text: markup, font, dpi: 72 } })
      .png()
      .toBuffer({ resolveWithObject: true });
    return (info.width * size) / MEASURE_SIZE;
  } catch {
    return [...text].length * size * (bold ? 0.66 : 0.6);
  }
};

const ELLIPSIS = '…';

/**
 * The text at the largest size from `max` down to `min` that fits `width`; at `min` still too long, cut at a letter
 * and ended with '…'. A name never runs out of its column.
 */
export async function fitText(
  text: string,
  width: number,
  sizes: { readonly max: number; readonly min: number },
  bold: boolean,
  measure: MeasureText,
): Promise<{ readonly text: string; readonly size: number }> {
  const full = await measure(text, sizes.max, bold);
  if (full <= width) return { text, size: sizes.max };
  const scaled = Math.floor((sizes.max * width) / full);
  if (scaled >= sizes.min && (await measure(text, scaled, bold)) <= width) return { text, size: scaled };
  const letters = [...new Intl.Segmenter('tr', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
  // The longest start of the text that fits with the ellipsis.
  let low = 0;
  let high = letters.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = `${letters.slice(0, middle).join('').trimEnd()}${ELLIPSIS}`;
    if ((await measure(candidate, sizes.min, bold)) <= width) low = middle;
    else high = middle - 1;
  }
  return { text: `${letters.slice(0, low).join('').trimEnd()}${ELLIPSIS}`, size: sizes.min };
}

/** A theme's two colours: `[strong, soft]` (PROFILE_THEMES), the default theme's for an unknown one. */
export function themeColours(theme: string): { readonly strong: string; readonly soft: string } {
  const found =
    PROFILE_THEMES.find((each) => each.value === theme) ?? PROFILE_THEMES.find((each) => each.value === DEFAULT_THEME);
  const [first, second] = found?.colors ?? ['#4f46e5', '#eef2ff'];
  // The darker one carries the text on the light one, whichever order the theme lists them in.
  return relativeLuminance(first) <= relativeLuminance(second)
    ? { strong: first, soft: second }
    : { strong: second, soft: first };
}

/** `a` mixed with `b`: share 0 is `a`, 1 is `b`. */
export function mix(a: string, b: string, share: number): string {
  const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);
  const parts = [1, 3, 5].map((at) => Math.round(channel(a, at) * (1 - share) + channel(b, at) * share));
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

/** White or near-black, whichever reads better on the colour. */
function textOn(colour: string): string {
  return contrastRatio(colour, '#ffffff') >= contrastRatio(colour, '#111827') ? '#ffffff' : '#111827';
}

export interface BackgroundInput {
  readonly profile: StoredProfile;
  readonly design: VideoBackgroundDesign;
  readonly shape: VideoBackgroundShape;
  /** The company logo as a data: URI, or null. */
  readonly logoHref: string | null;
  /** The branded QR's ground: the card behind the code is drawn in it. */
  readonly qrBackground: string;
}

export interface BackgroundLayout {
  /** The drawing without the code: sharp draws it, then lays the QR PNG at `qr`. */
  readonly svg: string;
  readonly width: number;
  readonly height: number;
  /** Where the code goes, in pixels: its top-left corner and side (quiet zone included). */
  readonly qr: { readonly x: number; readonly y: number; readonly size: number };
}

interface ShapeMetrics {
  readonly margin: number;
  readonly top: number;
  readonly qr: number;
  readonly gap: number;
  readonly textWidth: number;
  readonly name: { readonly max: number; readonly min: number };
  readonly line: { readonly max: number; readonly min: number };
  readonly logo: { readonly width: number; readonly height: number };
  readonly caption: number;
}

/**
 * Where things go. The speaker sits in the middle and the lower middle of the picture, so the name, the logo and the
 * code go into an upper corner, beside the head rather than behind it. Video apps mirror only the speaker's own
 * preview: what the others see (and what a phone pointed at the screen scans) is the image as drawn, so the text and
 * the code are drawn the right way round and never mirrored here.
 *
 * Wide (1920×1080, a computer's camera): the code in the top-right corner, the text right-aligned beside it, the
 * whole block right of x≈1040. Tall (1080×1920, a phone held upright): the head is lower and fills the width, so the
 * block spans the top band above it: the text from the left margin, the code at the right.
 */
const SHAPES: { readonly [S in VideoBackgroundShape]: ShapeMetrics } = {
  wide: {
    margin: 72,
    top: 72,
    qr: 300,
    gap: 44,
    textWidth: 420,
    name: { max: 50, min: 30 },
    line: { max: 30, min: 22 },
    logo: { width: 260, height: 84 },
    caption: 22,
  },
  tall: {
    margin: 64,
    top: 140,
    qr: 300,
    gap: 40,
    textWidth: 560,
    name: { max: 56, min: 34 },
    line: { max: 34, min: 24 },
    logo: { width: 300, height: 96 },
    caption: 24,
  },
};

/** The QR's card: the code's own ground around it, rounded. */
const QR_CARD_PADDING = 14;
const QR_CAPTION = 'Kartvizitim için okutun';

/**
 * The background's drawing for one design and shape in the profile's theme colours: the ground and the design's
 * shapes, the logo, the name, title and company fitted to their column, the card the code is laid on, and a caption.
 */
export async function layoutBackground(input: BackgroundInput, measure: MeasureText): Promise<BackgroundLayout> {
  const { width, height } = VIDEO_BACKGROUND_SIZES[input.shape];
  const metrics = SHAPES[input.shape];
  const wide = input.shape === 'wide';
  const { strong, soft } = themeColours(input.profile.theme);
  const profile = input.profile;

  // The code's card in the top-right corner.
  const cardSide = metrics.qr + 2 * QR_CARD_PADDING;
  const cardX = width - metrics.margin - cardSide;
  const cardY = metrics.top;
  const qr = { x: cardX + QR_CARD_PADDING, y: cardY + QR_CARD_PADDING, size: metrics.qr };

  // The text column: beside the card, right-aligned (wide), or from the left margin (tall).
  const columnRight = cardX - metrics.gap;
  const columnWidth = Math.min(metrics.textWidth, columnRight - metrics.margin);
  const anchorX = wide ? columnRight : metrics.margin;
  const anchor = wide ? 'end' : 'start';

  const name = [profile.title, [profile.firstName, profile.lastName].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' ');
  const lines: { text: string; size: number; bold: boolean }[] = [];
  if (name) lines.push({ ...(await fitText(name, columnWidth, metrics.name, true, measure)), bold: true });
  for (const text of [profile.jobTitle, profile.company].filter(Boolean)) {
    lines.push({ ...(await fitText(text, columnWidth, metrics.line, false, measure)), bold: false });
  }
  const logoBox = input.logoHref ? { ...metrics.logo, width: Math.min(metrics.logo.width, columnWidth) } : null;

  // The block's height: logo, then the lines (each 1.25 of its size, the name a little apart).
  const logoSpace = logoBox ? logoBox.height + 28 : 0;
  const textHeight = lines.reduce((sum, line, index) => sum + line.size * 1.25 + (index === 1 ? 10 : 0), 0);
  const blockHeight = logoSpace + textHeight;
  const blockTop = cardY + Math.max(0, (cardSide - blockHeight) / 2);

  const widths = await Promise.all(lines.map((line) => measure(line.text, line.size, line.bold)));
  const usedWidth = Math.max(logoBox?.width ?? 0, ...widths);
  const captionBottom = cardY + cardSide + 16 + metrics.caption * 1.3;
  const design = drawDesign(input.design, {
    width,
    height,
    strong,
    soft,
    wide,
    margin: metrics.margin,
    gap: metrics.gap,
    cardX,
    cardY,
    cardSide,
    columnRight,
    usedWidth,
    blockBottom: Math.max(captionBottom, blockTop + blockHeight),
  });

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    design.ground,
  ];
  let y = blockTop;
  if (logoBox && input.logoHref) {
    const x = wide ? columnRight - logoBox.width : metrics.margin;
    if (design.logoPlate) {
      parts.push(
        `<rect x="${x - 12}" y="${y - 12}" width="${logoBox.width + 24}" height="${logoBox.height + 24}" rx="14" fill="#ffffff"/>`,
      );
    }
    parts.push(
      `<image href="${escapeXmlAttribute(input.logoHref)}" x="${x}" y="${y}" width="${logoBox.width}" height="${logoBox.height}" preserveAspectRatio="${wide ? 'xMaxYMid' : 'xMinYMid'} meet"/>`,
    );
    y += logoSpace;
  }
  lines.forEach((line, index) => {
    y += line.size * (index === 1 ? 1.25 + 10 / line.size : 1.25);
    const colour = line.bold ? design.ink : design.muted;
    parts.push(
      `<text x="${anchorX}" y="${Math.round(y - line.size * 0.25)}" text-anchor="${anchor}" font-family="${IMAGE_FONT_FAMILIES}" font-size="${line.size}" font-weight="${line.bold ? 700 : 400}" fill="${colour}">${escapeXmlAttribute(line.text)}</text>`,
    );
  });
  parts.push(
    `<rect x="${cardX}" y="${cardY}" width="${cardSide}" height="${cardSide}" rx="22" fill="${escapeXmlAttribute(input.qrBackground)}"/>`,
    `<text x="${cardX + cardSide / 2}" y="${cardY + cardSide + 16 + metrics.caption}" text-anchor="middle" font-family="${IMAGE_FONT_FAMILIES}" font-size="${metrics.caption}" fill="${design.caption}">${escapeXmlAttribute(QR_CAPTION)}</text>`,
    '</svg>',
  );
  return { svg: parts.join(''), width, height, qr };
}

interface DesignInput {
  readonly width: number;
  readonly height: number;
  readonly strong: string;
  readonly soft: string;
  readonly wide: boolean;
  readonly margin: number;
  readonly gap: number;
  readonly cardX: number;
  readonly cardY: number;
  readonly cardSide: number;
  /** The text column's right edge (wide) and the widest thing in it, drawn. */
  readonly columnRight: number;
  readonly usedWidth: number;
  /** The lowest point of the block: the caption under the code, or the text. */
  readonly blockBottom: number;
}

interface Design {
  /** The ground and the design's shapes, drawn first. */
  readonly ground: string;
  /** The name's colour, the other lines', the caption's. */
  readonly ink: string;
  readonly muted: string;
  readonly caption: string;
  /** The logo needs a white plate (the ground behind it is dark). */
  readonly logoPlate: boolean;
}

/**
 * The three designs. Çizgi: a light ground in the theme's soft colour with fine diagonal lines and a bar beside the
 * text. Köşe: a near-white ground and a panel in the theme's strong colour tucked into the corner behind the block.
 * Şerit: the strong colour all over, with a band of the soft colour across the top carrying the block.
 */
function drawDesign(design: VideoBackgroundDesign, at: DesignInput): Design {
  const { width, height, strong, soft } = at;
  switch (design) {
    case 'cizgi': {
      const ground = mix(soft, '#ffffff', 0.45);
      const ink = readableOn(strong, ground);
      const lines = [0, 1, 2]
        .map(
          (index) =>
            `<path d="M${-200 + index * 70} ${height} L${Math.round(width * 0.55) + index * 70} -100" stroke="${strong}" stroke-opacity="${(0.1 - index * 0.025).toFixed(3)}" stroke-width="${10 - index * 3}" fill="none"/>`,
        )
        .join('');
      const barX = at.wide ? Math.round(at.columnRight + at.gap / 2 - 3) : at.margin - 28;
      return {
        ground:
          `<rect width="${width}" height="${height}" fill="${ground}"/>${lines}` +
          `<rect x="${barX}" y="${at.cardY}" width="6" height="${at.cardSide}" rx="3" fill="${strong}"/>`,
        ink,
        muted: mix(ink, ground, 0.2),
        caption: ink,
        logoPlate: false,
      };
    }
    case 'kose': {
      const ground = mix(soft, '#ffffff', 0.75);
      const text = textOn(strong);
      const bottom = at.blockBottom + 56;
      // Wide: a panel from the top-right corner to just left of the text, its free corner rounded. Tall: a band across
      // the top whose lower edge slants down to the right.
      const left = Math.round(at.columnRight - at.usedWidth - 64);
      const panel = at.wide
        ? `<path d="M${width} 0 H${left} V${bottom - 72} Q${left} ${bottom} ${left + 72} ${bottom} H${width} Z" fill="${strong}"/>`
        : `<path d="M0 0 H${width} V${bottom + 90} L0 ${bottom} Z" fill="${strong}"/>`;
      const ring = `<circle cx="${at.wide ? 140 : 120}" cy="${height - 140}" r="${at.wide ? 260 : 220}" fill="none" stroke="${strong}" stroke-opacity="0.12" stroke-width="28"/>`;
      return {
        ground: `<rect width="${width}" height="${height}" fill="${ground}"/>${ring}${panel}`,
        ink: text,
        muted: mix(text, strong, 0.18),
        caption: text,
        logoPlate: true,
      };
    }
    case 'serit': {
      const top = at.cardY - 40;
      const bandHeight = at.blockBottom + 32 - top;
      const ink = readableOn(strong, soft);
      return {
        ground:
          `<rect width="${width}" height="${height}" fill="${strong}"/>` +
          `<rect x="0" y="${top}" width="${width}" height="${bandHeight}" fill="${soft}"/>` +
          `<rect x="0" y="${top + bandHeight + 16}" width="${width}" height="8" fill="${soft}" fill-opacity="0.5"/>`,
        ink,
        muted: mix(ink, soft, 0.2),
        caption: ink,
        logoPlate: false,
      };
    }
    default: {
      const unknown: never = design;
      return unknown;
    }
  }
}

/** The theme's strong colour when it reads on the ground (4.5:1), else near-black. */
function readableOn(strong: string, ground: string): string {
  return contrastRatio(strong, ground) >= 4.5 ? strong : '#111827';
}
