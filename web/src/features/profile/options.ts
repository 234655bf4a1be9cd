/**
 * The profile's option lists (SPEC §3) with their Turkish labels. The lists repeat the ones in
 * schemas/validation/profile on purpose: that module carries the full phone-number metadata,
 * which the screen loads only when it checks a form (options.unit.spec.ts keeps both equal).
 */

export const SOCIAL_PLATFORMS = [
  'instagram',
  'twitter',
  'linkedin',
  'facebook',
  'youtube',
  'tiktok',
  'github',
  'other',
] as const;

export const SOCIAL_PLATFORM_LABELS: Readonly<Record<string, string>> = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  github: 'GitHub',
  other: 'Diğer',
  medium: 'Medium',
};

export const BANK_CURRENCIES = [
  'TRY',
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'SGD',
  'HKD',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'PLN',
  'BRL',
  'RUB',
  'INR',
  'IDR',
  'THB',
  'VND',
] as const;

export const DEFAULT_CURRENCY = 'TRY';

export const PAYMENT_TYPES = ['bankTransfer', 'creditCard', 'paypal', 'other'] as const;

export const PAYMENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  bankTransfer: 'Banka Havalesi',
  creditCard: 'Kredi Kartı',
  paypal: 'PayPal',
  other: 'Diğer',
};

export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}

/** Card themes the public card knows; the first is used for a new profile. */
export const PROFILE_THEMES = [
  { value: 'classic', label: 'Klasik', colors: ['#4f46e5', '#eef2ff'] },
  { value: 'midnight', label: 'Gece', colors: ['#0f172a', '#38bdf8'] },
  { value: 'ocean', label: 'Okyanus', colors: ['#0e7490', '#ccfbf1'] },
  { value: 'forest', label: 'Orman', colors: ['#166534', '#dcfce7'] },
  { value: 'sunset', label: 'Gün Batımı', colors: ['#c2410c', '#ffedd5'] },
  { value: 'rose', label: 'Gül', colors: ['#be185d', '#fce7f3'] },
] as const;

export const DEFAULT_THEME = PROFILE_THEMES[0].value;
