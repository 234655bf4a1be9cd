/**
 * 'Paylaşım Araçları' (issue 32): the QR's look, the video-call backgrounds and the personal address `/k/{slug}`.
 * No dependencies: the screen, the server and the images read the same lists.
 */

/** Which logo sits in the QR's centre: none, the profile's company logo, or the office's logo. */
export const QR_LOGOS = ['none', 'profile', 'office'] as const;
export type QrLogo = (typeof QR_LOGOS)[number];

export interface QrStyle {
  /** The modules' colour, `#rrggbb` lower-case. */
  readonly foreground: string;
  readonly background: string;
  readonly logo: QrLogo;
}

/** Every owner's QR until they choose: black on white, no logo (what the printed cards carry). */
export const DEFAULT_QR_STYLE: QrStyle = { foreground: '#000000', background: '#ffffff', logo: 'none' };

/** `#rrggbb`; the server stores it lower-case. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * The least contrast (WCAG's ratio) between the QR's two colours. Scanners threshold the image into dark and light;
 * 4.5:1, the contrast WCAG asks of text, keeps every pair we allow well apart under a phone's camera.
 */
export const QR_MIN_CONTRAST = 4.5;

/** The video-call backgrounds' three designs (issue 32), drawn in the card's theme colours. */
export const VIDEO_BACKGROUND_DESIGNS = ['cizgi', 'kose', 'serit'] as const;
export type VideoBackgroundDesign = (typeof VIDEO_BACKGROUND_DESIGNS)[number];
export const VIDEO_BACKGROUND_DESIGN_LABELS: { readonly [D in VideoBackgroundDesign]: string } = {
  cizgi: 'Çizgi',
  kose: 'Köşe',
  serit: 'Şerit',
};

/** Wide: 1920×1080 for a computer's camera; tall: 1080×1920 for a phone held upright. */
export const VIDEO_BACKGROUND_SHAPES = ['wide', 'tall'] as const;
export type VideoBackgroundShape = (typeof VIDEO_BACKGROUND_SHAPES)[number];
export const VIDEO_BACKGROUND_SIZES: {
  readonly [S in VideoBackgroundShape]: { readonly width: number; readonly height: number };
} = {
  wide: { width: 1920, height: 1080 },
  tall: { width: 1080, height: 1920 },
};

/** The personal address's path: `${PUBLIC_BASE_URL}/k/{slug}`. */
export const PERSONAL_ADDRESS_PREFIX = '/k/';
export const PERSONAL_ADDRESS_MIN_LENGTH = 3;
export const PERSONAL_ADDRESS_MAX_LENGTH = 40;
/** Lower-case ASCII letters, digits and single hyphens inside (Turkish letters are folded before this is checked). */
export const PERSONAL_ADDRESS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A left address still opens the owner's card this long, and nobody else may take it meanwhile. */
export const PERSONAL_ADDRESS_GRACE_DAYS = 30;
export const PERSONAL_ADDRESS_GRACE_MS = PERSONAL_ADDRESS_GRACE_DAYS * 24 * 60 * 60 * 1000;

/**
 * Addresses nobody may take: words that would read as the service speaking (`/k/destek`, `/k/admin`), or as one of its
 * pages. Compared after folding.
 */
export const RESERVED_PERSONAL_ADDRESSES = [
  'admin',
  'administrator',
  'api',
  'app',
  'auth',
  'blog',
  'destek',
  'dijital-kartvizit',
  'docs',
  'giris',
  'help',
  'hesap',
  'info',
  'iletisim',
  'kart',
  'kartlar',
  'kartvizit',
  'kayit',
  'kvkk',
  'login',
  'mail',
  'media',
  'moderator',
  'null',
  'ofis',
  'operator',
  'panel',
  'p',
  'product',
  'root',
  'root-admin',
  'share',
  'signup',
  'sistem',
  'support',
  'test',
  'undefined',
  'www',
  'yardim',
  'yonetici',
  'yonetim',
] as const;

export function personalAddressUrl(publicBaseUrl: string, slug: string): string {
  return `${publicBaseUrl.replace(/\/+$/u, '')}${PERSONAL_ADDRESS_PREFIX}${slug}`;
}
