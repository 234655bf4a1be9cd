import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from '@kartvizit/schemas';

/** The issuer an authenticator app lists the account under. */
export const TOTP_ISSUER = 'Dijital Kartvizit';

/** RFC 6238 as every authenticator app takes it: SHA-1, 6 digits, 30-second steps (otplib's defaults). */
export function newTotpSecret(): { secret: string } {
  // 20 bytes, as RFC 4226 recommends (otplib's default).
  return { secret: generateSecret() };
}

export function otpauthUrl(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/**
 * The 30-second step a code belongs to, if it is right now or one step either side (a phone's clock a little off);
 * null when it is wrong. The caller uses the step up, so a code works once.
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten single-use recovery codes, `xxxxx-xxxxx` of letters no one misreads (50 bits each). */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]);
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = one().join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}
