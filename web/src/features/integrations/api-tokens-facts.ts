import { API_TOKEN_SCOPE_AREAS, API_TOKEN_SCOPES, type ApiTokenScope } from '@kartvizit/schemas/account/token-rules';
import type { ApiTokenState } from '@kartvizit/schemas/account/token-http';

/** The scopes in the screen's groups: each area with its read and write scopes, as the list holds them. */
export const SCOPE_GROUPS = API_TOKEN_SCOPE_AREAS.map(({ area, label }) => ({
  area,
  label,
  scopes: API_TOKEN_SCOPES.filter((scope) => scope.startsWith(`${area}:`)),
}));

export function scopeLabel(scope: ApiTokenScope): string {
  return scope.endsWith(':write') ? 'Yazma' : 'Okuma';
}

export const STATE_LABELS: Record<ApiTokenState, string> = {
  active: 'Etkin',
  expired: 'Süresi doldu',
  revoked: 'İptal edildi',
};

/** 'Geçerlilik süresi': the choices, and a date of one's own. */
export const EXPIRY_CHOICES = [
  { value: '7', label: '7 gün' },
  { value: '30', label: '30 gün' },
  { value: '90', label: '90 gün' },
  { value: '365', label: '1 yıl' },
  { value: 'date', label: 'Belirli bir tarih' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

/**
 * When the chosen expiry ends, as the server takes it: so many days from now, or the end of the chosen day
 * (23:59 local time). '' when no date was picked.
 */
export function expiryOf(choice: ExpiryChoice, date: string, now: Date): string {
  if (choice !== 'date') return new Date(now.getTime() + Number(choice) * 24 * 60 * 60_000).toISOString();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return '';
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59).toISOString();
}

/** `yyyy-mm-dd` of a local day, for the date field's bounds. */
export function dayInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
