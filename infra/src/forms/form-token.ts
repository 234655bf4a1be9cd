import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Anti-bot token for the public card's forms, without a third-party captcha (no visitor data leaves
 * the product). The page that renders a form gets a token: the moment it was issued and a random
 * nonce, bound to the card and signed with a key derived from the app secret
 * (`deriveKey(appSecret, 'form-tokens')`). A submission is accepted only when its token is genuine,
 * belongs to this card, was not issued in the future and is between 3 seconds (a person reads and
 * types; a script posts at once) and 24 hours old.
 *
 * Format: `2.<issued at, ms since epoch>.<nonce, 12 bytes base64url>.<HMAC-SHA256 base64url>`.
 * Nothing secret or personal is in it, so it may sit in the page's HTML. Verifying is stateless
 * (any instance verifies what another issued); using it is not: `tokenId` names the token so the
 * caller can remember it was used (docs/decisions/0014-leads-hardening.md). The nonce makes two
 * pages rendered in the same millisecond two different tokens.
 *
 * Version 1 (`1.<issued at>.<HMAC>`, no nonce) is still verified so that forms rendered before
 * version 2 was deployed keep working until they expire, 24 hours later; it is no longer issued.
 */

/** A person needs at least this long between seeing the form and sending it. */
export const FORM_TOKEN_MIN_AGE_MS = 3_000;
/** After this a form left open in a tab must be reloaded. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormTokenVerdict = 'ok' | 'too-fast' | 'expired' | 'future' | 'invalid';

export type FormTokenCheck =
  | {
      readonly verdict: 'ok';
      /** The same for every spelling of one token (e.g. leading zeros in its time); no secret in it. */
      readonly tokenId: string;
    }
  | { readonly verdict: Exclude<FormTokenVerdict, 'ok'> };

const VERSION = '2';
const TOKEN_V2 = /^2\.(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
const TOKEN_V1 = /^1\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const NONCE_BYTES = 12;

/** Card ids are ASCII and canonically upper case; the URL may carry them in lower case. */
function canonicalCardId(cardId: string): string {
  return cardId.trim().toUpperCase();
}

function signature(key: Buffer, version: string, cardId: string, issuedAtMs: number, nonce: string | null): Buffer {
  const noncePart = nonce === null ? '' : `:${nonce}`;
  return createHmac('sha256', key).update(`kartvizit-form:${version}:${canonicalCardId(cardId)}:${issuedAtMs}${noncePart}`).digest();
}

export function issueFormToken(key: Buffer, cardId: string, now: Date): string {
  const issuedAtMs = now.getTime();
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${VERSION}.${issuedAtMs}.${nonce}.${signature(key, VERSION, cardId, issuedAtMs, nonce).toString('base64url')}`;
}

interface ParsedToken {
  readonly version: string;
  readonly issuedAtMs: number;
  readonly nonce: string | null;
  readonly mac: string;
}

function parse(token: string): ParsedToken | null {
  const v2 = TOKEN_V2.exec(token);
  if (v2) return { version: '2', issuedAtMs: Number(v2[1]), nonce: v2[2] ?? '', mac: v2[3] ?? '' };
  const v1 = TOKEN_V1.exec(token);
  if (v1) return { version: '1', issuedAtMs: Number(v1[1]), nonce: null, mac: v1[2] ?? '' };
  return null;
}

export function verifyFormToken(key: Buffer, token: string, cardId: string, now: Date): FormTokenCheck {
  const parsed = parse(token);
  if (!parsed) return { verdict: 'invalid' };
  const given = Buffer.from(parsed.mac, 'base64url');
  const expected = signature(key, parsed.version, cardId, parsed.issuedAtMs, parsed.nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { verdict: 'invalid' };
  const age = now.getTime() - parsed.issuedAtMs;
  // Genuine but "issued" later than now: the issuing clock runs ahead, or the key is in wrong
  // hands. Either way the token cannot prove a person took their time; it is refused openly.
  if (age < 0) return { verdict: 'future' };
  if (age < FORM_TOKEN_MIN_AGE_MS) return { verdict: 'too-fast' };
  if (age > FORM_TOKEN_MAX_AGE_MS) return { verdict: 'expired' };
  const tokenId = [parsed.version, canonicalCardId(cardId), parsed.issuedAtMs, parsed.nonce].filter((part) => part !== null).join(':');
  return { verdict: 'ok', tokenId };
}
