import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Anti-bot token for the public card's forms, without a third-party captcha (no visitor data leaves
 * the product). The page that renders a form gets a token: the moment it was issued, bound to the
 * card and signed with a key derived from the app secret (`deriveKey(appSecret, 'form-tokens')`).
 * A submission is accepted only when its token is genuine, belongs to this card and is between
 * 3 seconds (a person reads and types; a script posts at once) and 24 hours old.
 *
 * Format: `1.<issued at, ms since epoch>.<HMAC-SHA256 base64url>`. Nothing secret or personal is
 * in it, so it may sit in the page's HTML. Stateless: any instance verifies what another issued.
 */

/** A person needs at least this long between seeing the form and sending it. */
export const FORM_TOKEN_MIN_AGE_MS = 3_000;
/** After this a form left open in a tab must be reloaded. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Tolerated clock difference between the instance that issued and the one that verifies. */
const CLOCK_SKEW_MS = 60_000;

export type FormTokenVerdict = 'ok' | 'too-fast' | 'expired' | 'invalid';

const VERSION = '1';
const TOKEN = /^1\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** Card ids are ASCII and canonically upper case; the URL may carry them in lower case. */
function canonicalCardId(cardId: string): string {
  return cardId.trim().toUpperCase();
}

function signature(key: Buffer, cardId: string, issuedAtMs: number): Buffer {
  return createHmac('sha256', key).update(`kartvizit-form:${VERSION}:${canonicalCardId(cardId)}:${issuedAtMs}`).digest();
}

export function issueFormToken(key: Buffer, cardId: string, now: Date): string {
  const issuedAtMs = now.getTime();
  return `${VERSION}.${issuedAtMs}.${signature(key, cardId, issuedAtMs).toString('base64url')}`;
}

export function verifyFormToken(key: Buffer, token: string, cardId: string, now: Date): FormTokenVerdict {
  const match = TOKEN.exec(token);
  if (!match) return 'invalid';
  const issuedAtMs = Number(match[1]);
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = signature(key, cardId, issuedAtMs);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const age = now.getTime() - issuedAtMs;
  // Issued "in the future" beyond any plausible clock skew: not a token we handed out.
  if (age < -CLOCK_SKEW_MS) return 'invalid';
  if (age < FORM_TOKEN_MIN_AGE_MS) return 'too-fast';
  if (age > FORM_TOKEN_MAX_AGE_MS) return 'expired';
  return 'ok';
}
