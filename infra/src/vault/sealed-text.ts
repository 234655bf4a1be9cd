import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A secret kept outside the event log (a TOTP secret, a webhook's signing secret, an OAuth token): AES-256-GCM under
 * a key derived from the application secret, bound by its additional data to what it belongs to (an account, an
 * endpoint), so a row copied onto another's is refused. Stored as iv ‖ tag ‖ ciphertext.
 */
export function sealText(key: Buffer, boundTo: string, text: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/** The text `sealText` sealed for `boundTo`; throws when the key, the binding or the bytes differ. */
export function openText(key: Buffer, boundTo: string, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
