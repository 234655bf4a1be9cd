import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device tokens (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a successful sign-in or
 * registration gives the browser a token that says "this browser has known the password of this e-mail
 * address". It grants no access by itself; it only lets the browser's sign-in attempts be judged on the
 * device's own counter instead of the address's, so a stranger's guesses cannot lock the owner out
 * (docs/decisions/0013-sign-in-throttling.md).
 *
 * Format: `d1.<device id, 16 random bytes base64url>.<issued at, ms since epoch>.<HMAC-SHA256 base64url>`,
 * signed with `deriveKey(appSecret, 'device-tokens')` over the normalised e-mail, the device id and the
 * instant. The e-mail is not in the token: a token found on a shared computer does not say whose it is.
 * Stateless: any command-api process verifies what another issued.
 */

/** A device unused for this long is a stranger again; every sign-in renews the token. */
export const DEVICE_TOKEN_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** Tolerated clock difference between the process that issued and the one that verifies. */
const CLOCK_TOLERANCE_MS = 60_000;

const VERSION = 'd1';
const TOKEN = /^d1\.([A-Za-z0-9_-]{22})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export class DeviceTokens {
  constructor(private readonly key: Buffer) {}

  /** `normalisedEmail` as `normaliseEmail` gives it; the same device id is kept when a known device signs in. */
  issue(normalisedEmail: string, deviceId: string, now: Date): string {
    const issuedAtMs = now.getTime();
    return `${VERSION}.${deviceId}.${issuedAtMs}.${this.signature(normalisedEmail, deviceId, issuedAtMs).toString('base64url')}`;
  }

  /**
   * The device id of the first token that is genuine, issued for this address, not from the future and
   * not too old; null when none is (a stranger, a forged token, another address's token).
   */
  recognise(tokens: readonly string[], normalisedEmail: string, now: Date): string | null {
    for (const token of tokens) {
      const match = TOKEN.exec(token);
      if (!match) continue;
      const deviceId = match[1] ?? '';
      const issuedAtMs = Number(match[2]);
      const given = Buffer.from(match[3] ?? '', 'base64url');
      const expected = this.signature(normalisedEmail, deviceId, issuedAtMs);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
      const age = now.getTime() - issuedAtMs;
      if (age < -CLOCK_TOLERANCE_MS || age > DEVICE_TOKEN_MAX_AGE_MS) continue;
      return deviceId;
    }
    return null;
  }

  private signature(normalisedEmail: string, deviceId: string, issuedAtMs: number): Buffer {
    // JSON keeps the parts apart whatever characters the address holds.
    return createHmac('sha256', this.key).update(JSON.stringify([VERSION, normalisedEmail, deviceId, issuedAtMs])).digest();
  }
}
