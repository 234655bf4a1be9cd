import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../config/secrets.ts';

/**
 * What a single-use link e-mailed to an owner is for: its key (derived from APP_SECRET under the purpose's name), its
 * token's prefix, and the web screen it opens. A token of one purpose is refused by every other (another key, another
 * prefix), so a reset link can never confirm an e-mail change or the other way round.
 */
export const LINK_PURPOSES = {
  /** Decision 26: `{PUBLIC_BASE_URL}/auth/reset-password?token=r1.…`. */
  'password-reset': { prefix: 'r1', path: '/auth/reset-password' },
  /** Decision 30: `{PUBLIC_BASE_URL}/account/confirm-email?token=e1.…`, sent to the new address. */
  'email-change': { prefix: 'e1', path: '/account/confirm-email' },
  /**
   * Decision 61: `{PUBLIC_BASE_URL}/invite/i1.…` (the token in the path, as issue 30 names it), sent to the invitee;
   * its two ids are the office's and the invitation's.
   */
  'office-invitation': { prefix: 'i1', path: '/invite/' },
} as const;
export type LinkPurpose = keyof typeof LINK_PURPOSES;

const TOKEN = /^([a-z][0-9])\.([0-9a-f-]{36})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * The token in such a link: `{prefix}.<account id>.<request id>.<HMAC-SHA256 base64url>`. Nothing is stored: the
 * e-mail reactor makes the token from the request event's ids, and the route checks the signature and then asks the
 * account's decider whether that request is still the live one (newest, unused, not expired). So the token is in no
 * event, read model or log, only in the e-mail.
 */
export class SignedLinks {
  constructor(
    readonly purpose: LinkPurpose,
    private readonly key: Buffer,
  ) {}

  /** The links of `purpose`, keyed by `deriveKey(appSecret, purpose)` as every service derives it. */
  static fromAppSecret(appSecret: Buffer, purpose: LinkPurpose): SignedLinks {
    return new SignedLinks(purpose, deriveKey(appSecret, purpose));
  }

  issue(userId: string, requestId: string): string {
    const { prefix } = LINK_PURPOSES[this.purpose];
    return `${prefix}.${userId}.${requestId}.${this.signature(userId, requestId).toString('base64url')}`;
  }

  /** The ids a genuine token of this purpose names; null for anything else (malformed, forged, cut short, another purpose). */
  verify(token: string): { readonly userId: string; readonly requestId: string } | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, prefix = '', userId = '', requestId = '', signature = ''] = match;
    if (prefix !== LINK_PURPOSES[this.purpose].prefix) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(userId, requestId);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, requestId };
  }

  /** The address the e-mail links to: the purpose's web screen with the token. */
  url(publicBaseUrl: string, token: string): string {
    const { path } = LINK_PURPOSES[this.purpose];
    // A path ending in '/' takes the token as its last segment; the others as ?token=.
    if (path.endsWith('/')) return `${publicBaseUrl}${path}${encodeURIComponent(token)}`;
    return `${publicBaseUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  private signature(userId: string, requestId: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}\u0000${requestId}`).digest();
  }
}
