import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Apple Wallet (issue 32): the operator's Pass Type ID certificate that signs the passes, Apple's WWDR intermediate
 * that chains it to Apple's root, and the APNs key that tells registered devices a pass changed.
 *
 * - `APPLE_PASS_TYPE_ID` (`pass.com.example.kartvizit`) and `APPLE_TEAM_ID` (ten letters and digits);
 * - `APPLE_PASS_CERT`, `APPLE_PASS_KEY`, `APPLE_WWDR_CERT`: paths of PEM files (the pass certificate, its private key,
 *   Apple's WWDR intermediate), read once at start; `APPLE_PASS_KEY_PASSPHRASE` when the key is encrypted;
 * - `APPLE_APNS_KEY` (path of the `.p8` key), `APPLE_APNS_KEY_ID`, `APPLE_APNS_URL` (default
 *   https://api.push.apple.com): the token-based APNs connection. Unset: passes are made but never pushed.
 *
 * Every pass setting unset: Apple Wallet is not offered (null). Some set but not all, or a file that cannot be used,
 * stops the service at start with a sentence saying what to fix (never the key's content), rather than a button that
 * fails later.
 */
export interface AppleWalletSettings {
  readonly passTypeId: string;
  readonly teamId: string;
  readonly certPem: string;
  /** The pass certificate's private key (PEM, possibly encrypted): a secret, never logged, never in an answer. */
  readonly keyPem: string;
  readonly wwdrPem: string;
  readonly keyPassphrase: string | undefined;
  /** null: APNs not configured (passes are made, but not pushed). */
  readonly apns: { readonly keyPem: string; readonly keyId: string; readonly url: string } | null;
}

export const APPLE_APNS_DEFAULT_URL = 'https://api.push.apple.com';

/** The settings that make passes: all of them, or none. */
const PASS_SETTINGS = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERT',
  'APPLE_PASS_KEY',
  'APPLE_WWDR_CERT',
] as const;

const PASS_TYPE_ID_PATTERN = /^pass(?:\.[A-Za-z0-9-]+)+$/u;
const TEAM_ID_PATTERN = /^[A-Z0-9]{10}$/u;
const APNS_KEY_ID_PATTERN = /^[A-Z0-9]{10}$/u;

function optional(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The text of a PEM file a setting names; a failure says which setting and file, never the content. */
function readPem(name: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Error(
      `${name} names a file that cannot be read (${typeof code === 'string' ? code : 'error'}): ${path}`,
      {
        cause: error,
      },
    );
  }
  if (!text.includes('-----BEGIN ')) throw new Error(`${name} is not a PEM file (no "-----BEGIN" line): ${path}`);
  return text;
}

function certificate(name: string, path: string): string {
  const pem = readPem(name, path);
  try {
    new X509Certificate(pem);
  } catch {
    throw new Error(`${name} is not an X.509 certificate in PEM form: ${path}`);
  }
  return pem;
}

/** An http(s) origin without a trailing slash, or a startup error naming the setting. */
function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not an address: "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) address`);
  return value.replace(/\/+$/u, '');
}

function readApns(env: NodeJS.ProcessEnv): AppleWalletSettings['apns'] {
  const keyPath = optional(env.APPLE_APNS_KEY);
  const keyId = optional(env.APPLE_APNS_KEY_ID);
  const url = optional(env.APPLE_APNS_URL);
  if (keyPath === null && keyId === null) {
    if (url !== null)
      throw new Error('APPLE_APNS_URL is set but APPLE_APNS_KEY and APPLE_APNS_KEY_ID are not: set all or neither.');
    return null;
  }
  if (keyPath === null || keyId === null) {
    const missing = keyPath === null ? 'APPLE_APNS_KEY' : 'APPLE_APNS_KEY_ID';
    throw new Error(
      `Apple Wallet's pushes are half set up: ${missing} is missing. Set APPLE_APNS_KEY (path of the .p8 key) and ` +
        'APPLE_APNS_KEY_ID (its ten-character id) together, or neither (passes are made but not pushed).',
    );
  }
  if (!APNS_KEY_ID_PATTERN.test(keyId))
    throw new Error(`APPLE_APNS_KEY_ID must be the key's ten-character id (letters and digits), got "${keyId}"`);
  const keyPem = readPem('APPLE_APNS_KEY', keyPath);
  let usable: boolean;
  try {
    usable = createPrivateKey(keyPem).asymmetricKeyType === 'ec';
  } catch {
    usable = false;
  }
  if (!usable) throw new Error(`APPLE_APNS_KEY is not an EC (ES256) private key in PEM form (.p8): ${keyPath}`);
  return { keyPem, keyId, url: url === null ? APPLE_APNS_DEFAULT_URL : httpUrl(url, 'APPLE_APNS_URL') };
}

/**
 * APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT, APPLE_PASS_KEY_PASSPHRASE and
 * APPLE_APNS_KEY, APPLE_APNS_KEY_ID, APPLE_APNS_URL; null: Apple Wallet not set up.
 */
export function readAppleWalletSettings(env: NodeJS.ProcessEnv): AppleWalletSettings | null {
  const values = Object.fromEntries(PASS_SETTINGS.map((name) => [name, optional(env[name])])) as Record<
    (typeof PASS_SETTINGS)[number],
    string | null
  >;
  const missing = PASS_SETTINGS.filter((name) => values[name] === null);
  const passphrase = env.APPLE_PASS_KEY_PASSPHRASE === '' ? undefined : env.APPLE_PASS_KEY_PASSPHRASE;
  const apnsNamed = ['APPLE_APNS_KEY', 'APPLE_APNS_KEY_ID', 'APPLE_APNS_URL'].filter((name) => optional(env[name]));
  if (missing.length === PASS_SETTINGS.length) {
    const stray = [...(passphrase !== undefined ? ['APPLE_PASS_KEY_PASSPHRASE'] : []), ...apnsNamed];
    if (stray.length > 0)
      throw new Error(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but Apple Wallet is not: set ` +
          `${PASS_SETTINGS.join(', ')} too, or unset ${stray.length === 1 ? 'it' : 'them'}.`,
      );
    return null;
  }
  if (missing.length > 0)
    throw new Error(
      `Apple Wallet is half set up: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set all of ` +
        `${PASS_SETTINGS.join(', ')} (the last three are paths of PEM files), or none of them (no Apple Wallet).`,
    );
  const passTypeId = values.APPLE_PASS_TYPE_ID ?? '';
  const teamId = values.APPLE_TEAM_ID ?? '';
  if (!PASS_TYPE_ID_PATTERN.test(passTypeId))
    throw new Error(
      `APPLE_PASS_TYPE_ID must be a Pass Type ID such as pass.com.example.kartvizit, got "${passTypeId}"`,
    );
  if (!TEAM_ID_PATTERN.test(teamId))
    throw new Error(`APPLE_TEAM_ID must be the ten-character team id (capital letters and digits), got "${teamId}"`);
  const certPem = certificate('APPLE_PASS_CERT', values.APPLE_PASS_CERT ?? '');
  const wwdrPem = certificate('APPLE_WWDR_CERT', values.APPLE_WWDR_CERT ?? '');
  const keyPath = values.APPLE_PASS_KEY ?? '';
  const keyPem = readPem('APPLE_PASS_KEY', keyPath);
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey({ key: keyPem, format: 'pem', ...(passphrase !== undefined ? { passphrase } : {}) });
  } catch {
    throw new Error(
      `APPLE_PASS_KEY cannot be read as a private key${passphrase !== undefined ? ' with APPLE_PASS_KEY_PASSPHRASE' : ''}` +
        ` (an encrypted key needs APPLE_PASS_KEY_PASSPHRASE): ${keyPath}`,
    );
  }
  // Apple issues Pass Type ID certificates for RSA keys, and the signing library reads RSA keys only.
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`APPLE_PASS_KEY is not an RSA private key: ${keyPath}`);
  if (!new X509Certificate(certPem).checkPrivateKey(key))
    throw new Error(`APPLE_PASS_KEY is not the private key of the certificate in APPLE_PASS_CERT: ${keyPath}`);
  return { passTypeId, teamId, certPem, keyPem, wwdrPem, keyPassphrase: passphrase, apns: readApns(env) };
}
