import type { VideoBackgroundDesign, VideoBackgroundShape } from '@kartvizit/schemas/share/model';

/**
 * The addresses of the images the server draws for a card (issue 32). They are public: an e-mail signature and a
 * wallet pass show them to people who never sign in. `?s=` is the QR look's version, so a new look is never hidden
 * behind a copy cached under the same address.
 */

const cardPath = (cardId: string) => `/api/cards/${encodeURIComponent(cardId)}`;

export function brandedQrUrl(
  cardId: string,
  version: string,
  extension: 'png' | 'svg',
  options: { readonly download?: boolean } = {},
): string {
  const params = new URLSearchParams({ s: version });
  if (options.download) params.set('download', '1');
  return `${cardPath(cardId)}/branded-qr.${extension}?${params.toString()}`;
}

export function brandedQrFileName(cardId: string, extension: 'png' | 'svg'): string {
  return `qrcode-${cardId}.${extension}`;
}

export function videoBackgroundUrl(
  cardId: string,
  design: VideoBackgroundDesign,
  shape: VideoBackgroundShape,
  options: { readonly download?: boolean } = {},
): string {
  const params = new URLSearchParams({ design, shape });
  if (options.download) params.set('download', '1');
  return `${cardPath(cardId)}/background.png?${params.toString()}`;
}

export function videoBackgroundFileName(cardId: string, design: VideoBackgroundDesign, shape: VideoBackgroundShape) {
  return `arka-plan-${cardId}-${design}-${shape === 'wide' ? 'yatay' : 'dikey'}.png`;
}

export function appleWalletUrl(cardId: string): string {
  return `${cardPath(cardId)}/wallet/apple`;
}

export function googleWalletUrl(cardId: string): string {
  return `${cardPath(cardId)}/wallet/google`;
}

/** An address on `origin` (the card's public one), whether `pathOrUrl` is a path or already absolute. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).toString();
}

/** The address as people read it: no scheme, no trailing slash. */
export function readableUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
