import { trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';

/**
 * Inline SVG line icons (24×24) the public pages share, drawn for them: no icon font, no extra request. They use
 * currentColor.
 */
const LINE = {
  phone:
    'M5 4h3.5L10 8 8 9.5a11 11 0 0 0 6.5 6.5L16 14l4 1.5V19a1.5 1.5 0 0 1-1.6 1.5A16 16 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z',
  email: 'M4 6h16v12H4zM4.5 7l7.5 6 7.5-6',
  website:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM3 12h18M12 3c2.4 2.7 3.6 5.7 3.6 9s-1.2 6.3-3.6 9c-2.4-2.7-3.6-5.7-3.6-9S9.6 5.7 12 3Z',
  address: 'M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  copy: 'M9 9h10v11H9zM5 15V4h10',
  check: 'M5 12.5 10 17.5 19.5 7',
  share: 'M12 15V3m0 0L8 7m4-4 4 4M7 10H5v11h14V10h-2',
  saveContact: 'M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM3 21a7 7 0 0 1 12-4.9M19 14v7M15.5 17.5h7',
  // 'Bilgi Gönder': a speech bubble (a message to the owner), unlike the road sign of 'Yol Tarifi'.
  message: 'M4 5h16v11h-9.5L6 20v-4H4V5ZM8 9h8M8 12.5h5',
  directions: 'M12 2.8 21.2 12 12 21.2 2.8 12ZM9.5 14.5v-2.5a1.5 1.5 0 0 1 1.5-1.5h4M13 8.5l2 2-2 2',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2.5v2.5H14zM17.5 17.5H20V20h-2.5zM14 20h2M20 14v2',
  building: 'M4 21V5l8-2v18M12 8h8v13M3 21h18M7.5 8h1M7.5 12h1M7.5 16h1M15.5 12h1M15.5 16h1',
  close: 'M6 6l12 12M18 6 6 18',
  // 'Görüşme Planla': a calendar page with the chosen day ticked.
  calendar: 'M4 6h16v14H4zM4 10h16M8 3.5v4M16 3.5v4M9 15l2 2 4-4',
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2ZM9 4v14M15 6v14',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  about: 'M12 11v5.5M12 7.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  shield: 'M12 3 4.5 6v5.5c0 4.5 3.2 8.3 7.5 9.5 4.3-1.2 7.5-5 7.5-9.5V6L12 3Z',
  previous: 'M15 5 8 12l7 7',
  next: 'm9 5 7 7-7 7',
  back: 'M19 12H5m0 0 6-6m-6 6 6 6',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2.5-2.5L20 16M15.5 9.5h.01',
  whatsapp:
    'M4 20l1.3-4A8 8 0 1 1 8 18.7L4 20ZM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.8-2-1-1 1c-1-.5-2.2-1.7-2.7-2.7l1-1-1-2L9 8.5Z',
  cart: 'M3 4h2l2.2 10.5h10.6L20 7H6.3M9 19.5h.01M17 19.5h.01',
  tag: 'M3.5 12.5V4h8.5l8.5 8.5-8.5 8.5-8.5-8.5ZM8 8h.01',
} as const;

export type LineIcon = keyof typeof LINE;

export const LINE_ICON_NAMES = Object.keys(LINE) as LineIcon[];

export function icon(name: LineIcon, className = 'pc-icon'): SafeHtml {
  return trustedHtml(
    `<svg class="${className}" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="${LINE[name]}" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  );
}
