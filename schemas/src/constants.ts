/** Business constants and limits (SPEC §9). */
export const TOKEN_STORAGE_KEY = 'token';
/**
 * Device tokens (docs/decisions/0013-sign-in-throttling.md) live beside the session token, one per account
 * that signed in on this browser, and outlive sign-out: they mark the device, not the session.
 */
export const DEVICE_TOKENS_STORAGE_KEY = 'deviceTokens';
/** Device tokens a browser keeps and sends with a sign-in (several accounts may share a computer). */
export const MAX_DEVICE_TOKENS = 5;
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so hashing cannot be abused to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
/** Lifetime of a session token. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const DASHBOARD_CARD_COUNT = 3;
export const DASHBOARD_PRODUCT_COUNT = 3;
export const DEFAULT_COUNTRY = 'Türkiye';
export const TIME_ZONE = 'Europe/Istanbul';
export const LOCALE = 'tr-TR';
/** Read-your-writes: how long a query waits for projections to catch up (ms). */
export const READ_YOUR_WRITES_WAIT_MS = 2000;
/** Header a client sends with the position a command answered with. */
export const MIN_POSITION_HEADER = 'x-min-position';
/** Header a query answers with when projections had not caught up in time. */
export const STALE_HEADER = 'x-read-model-stale';
