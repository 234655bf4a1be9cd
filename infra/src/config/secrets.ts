import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One application secret; every key the product needs is derived from it by purpose, so an
 * operator manages one value. Embedded mode keeps it in the data directory (mode 0600); never
 * logged, never in events or read models.
 */
export type KeyPurpose =
  | 'session-tokens'
  | 'uniqueness-claims'
  | 'personal-data-kek'
  | 'visitor-hash'
  | 'form-tokens'
  | 'geocode-cache'
  | 'sign-in-throttle'
  | 'device-tokens'
  | 'password-reset'
  | 'email-change'
  | 'oauth-state'
  | 'office-invitation'
  | 'apple-pass-token'
  | 'apple-pass-device'
  | 'two-factor-secrets'
  | 'recovery-codes'
  | 'api-tokens'
  | 'webhook-secrets'
  | 'hubspot-tokens';

export const APP_SECRET_MIN_LENGTH = 32;

export async function loadAppSecret(options: {
  readonly envValue?: string;
  readonly dataDir: string;
}): Promise<Buffer> {
  if (options.envValue !== undefined && options.envValue !== '') {
    if (options.envValue.length < APP_SECRET_MIN_LENGTH) {
      throw new Error(`APP_SECRET must be at least ${APP_SECRET_MIN_LENGTH} characters`);
    }
    return Buffer.from(options.envValue, 'utf8');
  }
  const file = join(options.dataDir, 'app-secret');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it first; then read theirs.
  try {
    await writeFile(file, generated, { mode: 0o600, flag: 'wx' });
    return Buffer.from(generated, 'utf8');
  } catch {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'utf8');
  }
}

export function deriveKey(secret: Buffer, purpose: KeyPurpose, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `kartvizit:${purpose}`, length));
}
