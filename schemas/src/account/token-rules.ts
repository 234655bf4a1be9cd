import { API_TOKEN_MESSAGES } from './token-messages.ts';

/**
 * Personal API tokens (issue 35, decision 67): what a token may do is a list of scopes, `<area>:<read|write>`. Every
 * owner route names the scope it needs (`config.scope`), or `false` when no token may reach it.
 */
export const API_TOKEN_SCOPES = [
  'leads:read',
  'leads:write',
  'products:read',
  'products:write',
  'cards:read',
  'cards:write',
  'profile:read',
  'profile:write',
  'statistics:read',
  'meetings:read',
  'webhooks:read',
  'webhooks:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The areas the scopes belong to, in the order the screen groups them, with their Turkish names. */
export const API_TOKEN_SCOPE_AREAS = [
  { area: 'leads', label: 'Bağlantılar' },
  { area: 'products', label: 'Ürünler' },
  { area: 'cards', label: 'Kartlar' },
  { area: 'profile', label: 'Profil' },
  { area: 'statistics', label: 'İstatistikler' },
  { area: 'meetings', label: 'Toplantılar' },
  { area: 'webhooks', label: 'Webhook’lar' },
] as const;

export function isApiTokenScope(value: string): value is ApiTokenScope {
  return (API_TOKEN_SCOPES as readonly string[]).includes(value);
}

/** `kv_pat_` and 32 random bytes in base64url: recognisable in a leaked log or a secret scanner. */
export const API_TOKEN_PREFIX = 'kv_pat_';
export const API_TOKEN_PATTERN = /^kv_pat_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_NAME_MAX_LENGTH = 60;
/** Live (neither revoked nor expired) tokens an account may hold at once. */
export const MAX_API_TOKENS = 20;

const DAY_MS = 24 * 60 * 60_000;
/** The screen's choices of lifetime, in days; a date of the owner's choosing is allowed within the same bounds. */
export const API_TOKEN_LIFETIME_CHOICES = [7, 30, 90, 365] as const;
/** A token lives at least a day and at most a year (366 days, for a leap year's date a year on). */
export const API_TOKEN_MIN_LIFETIME_MS = DAY_MS;
export const API_TOKEN_MAX_LIFETIME_MS = 366 * DAY_MS;

export interface ApiTokenInput {
  readonly name: string;
  readonly scopes: readonly string[];
  readonly expiresAt: string;
}

export type CheckedApiToken =
  | {
      readonly ok: true;
      readonly name: string;
      readonly scopes: readonly ApiTokenScope[];
      readonly expiresAt: string;
    }
  | { readonly ok: false; readonly message: string; readonly field: 'name' | 'scopes' | 'expiresAt' };

/**
 * A new token's name, scopes and expiry, tidied (the scopes in the list's order, once each), or the first Turkish
 * refusal with its field. The screen and the server check alike.
 */
export function checkApiTokenInput(input: ApiTokenInput, now: Date): CheckedApiToken {
  const name = input.name.replace(/\s+/g, ' ').trim();
  if (name === '') return { ok: false, message: API_TOKEN_MESSAGES.apiTokenNameMissing, field: 'name' };
  if ([...name].length > API_TOKEN_NAME_MAX_LENGTH) {
    return { ok: false, message: API_TOKEN_MESSAGES.apiTokenNameTooLong, field: 'name' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return { ok: false, message: API_TOKEN_MESSAGES.apiTokenNameMissing, field: 'name' };
  }
  if (input.scopes.length === 0)
    return { ok: false, message: API_TOKEN_MESSAGES.apiTokenScopesMissing, field: 'scopes' };
  if (!input.scopes.every(isApiTokenScope)) {
    return { ok: false, message: API_TOKEN_MESSAGES.apiTokenScopeUnknown, field: 'scopes' };
  }
  const scopes = API_TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope));
  const expiry = /^\d{4}-\d{2}-\d{2}T/.test(input.expiresAt) ? Date.parse(input.expiresAt) : Number.NaN;
  if (!Number.isFinite(expiry))
    return { ok: false, message: API_TOKEN_MESSAGES.apiTokenExpiryInvalid, field: 'expiresAt' };
  // A minute's grace: "one day" chosen on the screen is sent a moment before the server reads it.
  if (expiry - now.getTime() < API_TOKEN_MIN_LIFETIME_MS - 60_000) {
    return { ok: false, message: API_TOKEN_MESSAGES.apiTokenExpiryTooSoon, field: 'expiresAt' };
  }
  if (expiry - now.getTime() > API_TOKEN_MAX_LIFETIME_MS) {
    return { ok: false, message: API_TOKEN_MESSAGES.apiTokenExpiryTooLate, field: 'expiresAt' };
  }
  return { ok: true, name, scopes, expiresAt: new Date(expiry).toISOString() };
}

/** When a token chosen to last `days` from `now` expires, as an ISO time. */
export function apiTokenExpiryAfter(days: number, now: Date): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}
