/**
 * The legal texts (web/src/features/marketing/legal/): their addresses, linked from the web app's
 * footer and registration form and from the public card's lead form, and their version, which
 * every lead records (LEAD_NOTICE_VERSION). No imports: the web reads this file.
 */
export const LEGAL_PATHS = {
  /** 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni' (KVKK md. 10). */
  disclosure: '/kvkk',
  /** 'Gizlilik Politikası'. */
  privacy: '/privacy',
  /** 'Kullanım Koşulları'. */
  terms: '/terms',
} as const;

/** Moves whenever what the texts promise changes; a lead keeps the version its sender was shown. */
export const LEGAL_TEXTS_VERSION = '2026-11-24.2';

/** The day the current version was published (Istanbul). */
export const LEGAL_TEXTS_PUBLISHED = '2026-11-24';
