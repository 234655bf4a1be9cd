import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a password reset link: `r1.<account id>.<request id>.<HMAC-SHA256 base64url>`, signed
 * with `deriveKey(appSecret, 'password-reset')`. Nothing is stored: the e-mail reactor makes the token
 * from the PasswordResetRequested event's ids, and the reset route checks the signature and then asks
 * the account's decider whether that request is still the live one (newest, unused, not expired, no
 * password change since). So the token is in no event, read model or log, only in the e-mail.
 */
const TOKEN = /^r1\.([0-9a-f-]{36})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export class PasswordResetTokens {
  constructor(private readonly key: Buffer) {}

  issue(userId: string, requestId: string): string {
    return `r1.${userId}.${requestId}.${this.signature(userId, requestId).toString('base64url')}`;
  }

  /** The ids a genuine token names; null for anything else (malformed, forged, cut short). */
  verify(token: string): { readonly userId: string; readonly requestId: string } | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, userId = '', requestId = '', signature = ''] = match;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(userId, requestId);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, requestId };
  }

  private signature(userId: string, requestId: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}\u0000${requestId}`).digest();
  }
}

/** The address the e-mail links to: the web's reset screen. */
export function passwordResetUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}
