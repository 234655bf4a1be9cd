/**
 * The branded QR as SVG (issue 32): the owner's colours and, in the centre, a logo on a plate of the background
 * colour. Pure and without dependencies: it takes the code's module matrix, so the server (query-api's `QrRenderer`)
 * and the screen (with the `qrcode` package it already has) draw the same picture.
 *
 * The plate hides the modules under it; error correction has to restore them. A code with a logo is made with error
 * correction H, which restores about 30% of the codewords. The plate's side is QR_LOGO_PLATE_SHARE of the code's
 * side (without the quiet zone), so it covers about 9% of the code's area (never more than QR_LOGO_MAX_AREA_SHARE,
 * whatever the rounding to whole modules): the codewords it touches stay well within H's reach, with room left for a
 * worn print or a glare. Measured with jsQR: a solid plate starts to break codes of version 4 and up at about 26% of the
 * area, and the smallest ones (version 2) at about 13%; 9% reads at every size. qr-art.unit.spec.ts proves it by
 * decoding codes of versions 1 to 20 with a solid dark logo; the share images' tests decode the served PNGs and the
 * SVGs as Chromium renders them.
 */

/** The module matrix: `size`×`size`, `get(x, y)` true for a dark module (x: column, y: row). */
export interface QrModules {
  readonly size: number;
  get(x: number, y: number): boolean;
}

export interface QrArtStyle {
  /** The dark modules' colour, `#rrggbb`. */
  readonly foreground: string;
  /** The ground, the quiet zone and the logo's plate, `#rrggbb`. */
  readonly background: string;
  /** The logo in the centre: a `data:` URI or an absolute URL; absent or '': no logo and no plate. */
  readonly logoHref?: string;
}

export interface QrArtOptions {
  /** The quiet zone in modules; 4 by default, as the QR standard asks. */
  readonly margin?: number;
  /** Width and height attributes in pixels; absent: the drawing scales to its container (viewBox only). */
  readonly pixels?: number;
}

/** The logo plate's side as a share of the code's side (the quiet zone not counted). */
export const QR_LOGO_PLATE_SHARE = 0.3;
/** The most of the code's area the plate may cover, whatever the rounding to whole modules. */
export const QR_LOGO_MAX_AREA_SHARE = 0.1;
export const QR_DEFAULT_MARGIN = 4;

/** The plate's place in modules (from the code's top-left corner, quiet zone not counted), or null for no plate. */
export function qrLogoPlate(size: number): { readonly offset: number; readonly side: number } | null {
  // The same parity as the code, so the plate sits on whole modules exactly in the middle.
  let side = Math.round(size * QR_LOGO_PLATE_SHARE);
  if ((size - side) % 2 !== 0) side -= 1;
  while (side > 0 && side * side > QR_LOGO_MAX_AREA_SHARE * size * size) side -= 2;
  if (side < 3) return null;
  return { offset: (size - side) / 2, side };
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A colour as given when it is `#rrggbb`, else the fallback: nothing else reaches an attribute. */
function colourOr(value: string, fallback: string): string {
  return COLOUR.test(value) ? value.toLowerCase() : fallback;
}

/** Text safe inside a double-quoted XML attribute. */
export function escapeXmlAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Only a `data:image/…` URI or an http(s) address may be the logo: no `javascript:`, no file paths. */
function safeLogoHref(href: string | undefined): string | null {
  if (!href) return null;
  if (/^data:image\/(png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(href)) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The dark modules as one path: each row's runs of dark modules merged into one rectangle (`M x y h n v 1 h -n z`),
 * in the drawing's coordinates (a module is 1×1, the quiet zone `margin` modules wide). Modules under the plate are
 * left out: the plate would hide them anyway.
 */
export function qrModulesPath(
  modules: QrModules,
  margin: number,
  hidden?: { readonly offset: number; readonly side: number } | null,
): string {
  const parts: string[] = [];
  const isHidden = (x: number, y: number): boolean =>
    hidden !== undefined &&
    hidden !== null &&
    x >= hidden.offset &&
    x < hidden.offset + hidden.side &&
    y >= hidden.offset &&
    y < hidden.offset + hidden.side;
  for (let y = 0; y < modules.size; y += 1) {
    let x = 0;
    while (x < modules.size) {
      if (!modules.get(x, y) || isHidden(x, y)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < modules.size && modules.get(x, y) && !isHidden(x, y)) x += 1;
      const run = x - start;
      parts.push(`M${start + margin} ${y + margin}h${run}v1h-${run}z`);
    }
  }
  return parts.join('');
}

/**
 * The code as an SVG document: the ground, the dark modules as one path, and with a logo its rounded plate in the
 * background colour and the logo fitted inside it (`preserveAspectRatio="xMidYMid meet"`: never stretched, never
 * cut). Every attribute value is escaped; colours that are not `#rrggbb` fall back to black on white.
 */
export function qrArtSvg(modules: QrModules, style: QrArtStyle, options: QrArtOptions = {}): string {
  const margin = Math.max(0, Math.floor(options.margin ?? QR_DEFAULT_MARGIN));
  const total = modules.size + 2 * margin;
  const foreground = colourOr(style.foreground, '#000000');
  const background = colourOr(style.background, '#ffffff');
  const href = safeLogoHref(style.logoHref);
  const plate = href ? qrLogoPlate(modules.size) : null;
  const size =
    options.pixels !== undefined && Number.isFinite(options.pixels) && options.pixels > 0
      ? ` width="${Math.round(options.pixels)}" height="${Math.round(options.pixels)}"`
      : '';
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}"${size} shape-rendering="crispEdges">`,
    `<rect width="${total}" height="${total}" fill="${background}"/>`,
    `<path fill="${foreground}" d="${qrModulesPath(modules, margin, plate)}"/>`,
  ];
  if (href && plate) {
    const at = plate.offset + margin;
    // Half a module of the plate's own colour around the logo, so its edge never touches a module.
    const inset = Math.max(0.5, plate.side * 0.08);
    const inner = plate.side - 2 * inset;
    parts.push(
      `<rect x="${at}" y="${at}" width="${plate.side}" height="${plate.side}" rx="${round(plate.side * 0.18)}" fill="${background}" shape-rendering="geometricPrecision"/>`,
      `<image href="${escapeXmlAttribute(href)}" x="${round(at + inset)}" y="${round(at + inset)}" width="${round(inner)}" height="${round(inner)}" preserveAspectRatio="xMidYMid meet"/>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
