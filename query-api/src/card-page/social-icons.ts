import { trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import type { SocialPlatform } from './view.ts';

/** The social glyphs of the card page (24×24): white on the platform's colour (the circle is CSS). */
const stroke = (d: string) =>
  `<path d="${d}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;

const SOCIAL: { readonly [P in SocialPlatform]: string } = {
  instagram: `${stroke('M8 3.5h8A4.5 4.5 0 0 1 20.5 8v8a4.5 4.5 0 0 1-4.5 4.5H8A4.5 4.5 0 0 1 3.5 16V8A4.5 4.5 0 0 1 8 3.5Z')}<circle cx="12" cy="12" r="3.8" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="17" cy="7" r="1.2" fill="currentColor"/>`,
  twitter: stroke('M5 4.5 19 19.5M19 4.5 5 19.5'),
  linkedin: `${stroke('M7 10.5v7M11 17.5v-7M11 13.5a3 3 0 0 1 6 0v4')}<circle cx="7" cy="6.8" r="1.4" fill="currentColor"/>`,
  facebook: stroke('M15.5 4.5H14a3.5 3.5 0 0 0-3.5 3.5v12.5M7.5 11h7'),
  youtube: `${stroke('M3.5 8.5a3 3 0 0 1 3-3h11a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3h-11a3 3 0 0 1-3-3Z')}<path d="M10 9v6l5-3Z" fill="currentColor"/>`,
  tiktok: stroke('M13.5 4v11a3.5 3.5 0 1 1-3.5-3.5M13.5 4c.4 2.6 2.4 4.3 5 4.5'),
  github: `${stroke('M5 9.5V4l4 3h6l4-3v5.5a7 7 0 0 1-14 0Z')}<circle cx="9.5" cy="11" r="1.1" fill="currentColor"/><circle cx="14.5" cy="11" r="1.1" fill="currentColor"/>`,
  medium:
    '<circle cx="7.5" cy="12" r="4.5" fill="currentColor"/><ellipse cx="15.8" cy="12" rx="2.3" ry="4.3" fill="currentColor"/><ellipse cx="20.4" cy="12" rx="1" ry="3.9" fill="currentColor"/>',
  other: stroke('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'),
};

export function socialIcon(platform: SocialPlatform): SafeHtml {
  return trustedHtml(
    `<svg class="pc-social__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">${SOCIAL[platform]}</svg>`,
  );
}
