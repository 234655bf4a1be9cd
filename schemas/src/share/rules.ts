import {
  HEX_COLOUR_PATTERN,
  PERSONAL_ADDRESS_MAX_LENGTH,
  PERSONAL_ADDRESS_MIN_LENGTH,
  PERSONAL_ADDRESS_PATTERN,
  QR_LOGOS,
  QR_MIN_CONTRAST,
  RESERVED_PERSONAL_ADDRESSES,
  type QrLogo,
  type QrStyle,
} from './model.ts';
import { SHARE_MESSAGES } from './messages.ts';
import { foldTurkish, slugOf } from '../text.ts';

/** A refusal: the Turkish message and the field it is about. */
export interface ShareProblem {
  readonly message: string;
  readonly field: string;
}

const problem = (message: string, field: string): ShareProblem => ({ message, field });

/** WCAG 2's relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function isQrLogo(value: unknown): value is QrLogo {
  return typeof value === 'string' && (QR_LOGOS as readonly string[]).includes(value);
}

/**
 * Whether a QR in these colours will scan: both `#rrggbb`, a known logo choice, the modules darker than the ground
 * (many phones read no inverted code) and at least QR_MIN_CONTRAST apart. The screen checks as the owner picks; the
 * server answers with the same message.
 */
export function qrStyleProblem(style: {
  readonly foreground: unknown;
  readonly background: unknown;
  readonly logo: unknown;
}): ShareProblem | null {
  const { foreground, background, logo } = style;
  if (typeof foreground !== 'string' || !HEX_COLOUR_PATTERN.test(foreground))
    return problem(SHARE_MESSAGES.qrColourInvalid, 'foreground');
  if (typeof background !== 'string' || !HEX_COLOUR_PATTERN.test(background))
    return problem(SHARE_MESSAGES.qrColourInvalid, 'background');
  if (!isQrLogo(logo)) return problem(SHARE_MESSAGES.qrLogoInvalid, 'logo');
  if (relativeLuminance(foreground) > relativeLuminance(background))
    return problem(SHARE_MESSAGES.qrInverted, 'foreground');
  if (contrastRatio(foreground, background) < QR_MIN_CONTRAST)
    return problem(SHARE_MESSAGES.qrContrastTooLow, 'foreground');
  return null;
}

/** The style as stored: colours lower-case. Call after `qrStyleProblem` said nothing. */
export function normaliseQrStyle(style: {
  readonly foreground: string;
  readonly background: string;
  readonly logo: QrLogo;
}): QrStyle {
  return { foreground: style.foreground.toLowerCase(), background: style.background.toLowerCase(), logo: style.logo };
}

/**
 * The address as the owner typed it, folded the way it is stored: trimmed, lower-case, Turkish letters to their ASCII
 * forms ('Ayşe-Yılmaz' → 'ayse-yilmaz'). Anything else that is no letter, digit or hyphen stays, for the check to refuse.
 */
export function foldPersonalAddress(raw: string): string {
  return foldTurkish(raw.trim().toLocaleLowerCase('tr-TR'));
}

/** An address a name suggests: 'Ayşe Yılmaz' → 'ayse-yilmaz' (the screen's suggestion). */
export function slugFrom(text: string): string {
  return slugOf(text, PERSONAL_ADDRESS_MAX_LENGTH);
}

/** Whether a folded address may be taken by anyone at all (whether it is free is the claim's business). */
export function personalAddressProblem(slug: string): ShareProblem | null {
  if (slug === '') return problem(SHARE_MESSAGES.addressRequired, 'slug');
  if (
    slug.length < PERSONAL_ADDRESS_MIN_LENGTH ||
    slug.length > PERSONAL_ADDRESS_MAX_LENGTH ||
    !PERSONAL_ADDRESS_PATTERN.test(slug)
  )
    return problem(SHARE_MESSAGES.addressInvalid, 'slug');
  if ((RESERVED_PERSONAL_ADDRESSES as readonly string[]).includes(slug))
    return problem(SHARE_MESSAGES.addressReserved, 'slug');
  return null;
}
