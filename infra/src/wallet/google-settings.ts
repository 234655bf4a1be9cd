import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Google Wallet (issue 32): the operator's issuer account and the service account that signs the 'Add to Google
 * Wallet' links and updates the saved pass objects through the Wallet API.
 *
 * - `GOOGLE_WALLET_ISSUER_ID`: the issuer id from the Google Pay & Wallet Console (digits);
 * - `GOOGLE_WALLET_SERVICE_ACCOUNT`: the path of the service account's key file (the JSON Google hands out:
 *   `client_email`, `private_key`, `token_uri`);
 * - `GOOGLE_WALLET_API_URL`: the Wallet API (default https://walletobjects.googleapis.com; tests name a fake).
 *
 * Both of the first two unset: Google Wallet is not offered (null). One without the other, or a key file that cannot be
 * used, stops the service at start with a sentence saying what to fix, rather than a button that fails later.
 */
export interface GoogleWalletSettings {
  readonly issuerId: string;
  /** The service account's e-mail: the `iss` of the save links' JWTs and of the token requests' assertions. */
  readonly clientEmail: string;
  /** The service account's private key (PKCS #8 PEM): a secret, never logged, never in an answer or an event. */
  readonly privateKeyPem: string;
  /** Where an access token is asked for (the key file's `token_uri`; default https://oauth2.googleapis.com/token). */
  readonly tokenUrl: string;
  /** The Wallet API's origin, without a trailing slash. */
  readonly apiUrl: string;
  /** How long one call to Google may take, whole answer included; default 10 s (tests shorten it). */
  readonly timeoutMs?: number;
}

export const GOOGLE_WALLET_DEFAULT_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_WALLET_DEFAULT_API_URL = 'https://walletobjects.googleapis.com';

const ISSUER_ID_PATTERN = /^\d{1,30}$/;

function optional(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** An http(s) address without a trailing slash, or a startup error naming the setting. */
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

/** Reads the service account's key file; every failure says which file and what is wrong, never the key. */
function readServiceAccount(path: string): { clientEmail: string; privateKeyPem: string; tokenUrl: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Error(
      `GOOGLE_WALLET_SERVICE_ACCOUNT names a file that cannot be read (${typeof code === 'string' ? code : 'error'}): ${path}`,
      { cause: error },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`GOOGLE_WALLET_SERVICE_ACCOUNT is not a JSON key file (Google's service-account key): ${path}`, {
      cause: error,
    });
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const clientEmail = typeof record.client_email === 'string' ? record.client_email.trim() : '';
  const privateKeyPem = typeof record.private_key === 'string' ? record.private_key : '';
  const tokenUri = typeof record.token_uri === 'string' ? record.token_uri.trim() : '';
  if (clientEmail === '' || !clientEmail.includes('@'))
    throw new Error(`GOOGLE_WALLET_SERVICE_ACCOUNT's key file has no client_email: ${path}`);
  if (privateKeyPem === '') throw new Error(`GOOGLE_WALLET_SERVICE_ACCOUNT's key file has no private_key: ${path}`);
  let usable: boolean;
  try {
    usable = createPrivateKey(privateKeyPem).asymmetricKeyType === 'rsa';
  } catch {
    usable = false;
  }
  if (!usable)
    throw new Error(`GOOGLE_WALLET_SERVICE_ACCOUNT's private_key is not an RSA private key in PEM form: ${path}`);
  return {
    clientEmail,
    privateKeyPem,
    tokenUrl: tokenUri === '' ? GOOGLE_WALLET_DEFAULT_TOKEN_URL : httpUrl(tokenUri, 'token_uri of the key file'),
  };
}

/** GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT, GOOGLE_WALLET_API_URL; null: Google Wallet not set up. */
export function readGoogleWalletSettings(env: NodeJS.ProcessEnv): GoogleWalletSettings | null {
  const issuerId = optional(env.GOOGLE_WALLET_ISSUER_ID);
  const keyFile = optional(env.GOOGLE_WALLET_SERVICE_ACCOUNT);
  if (issuerId === null && keyFile === null) return null;
  if (issuerId === null)
    throw new Error(
      'GOOGLE_WALLET_SERVICE_ACCOUNT is set but GOOGLE_WALLET_ISSUER_ID is not: set both (the issuer id from the ' +
        'Google Pay & Wallet Console) or neither (no Google Wallet).',
    );
  if (keyFile === null)
    throw new Error(
      'GOOGLE_WALLET_ISSUER_ID is set but GOOGLE_WALLET_SERVICE_ACCOUNT is not: set both (the path of the service ' +
        "account's JSON key file) or neither (no Google Wallet).",
    );
  if (!ISSUER_ID_PATTERN.test(issuerId))
    throw new Error(`GOOGLE_WALLET_ISSUER_ID must be the issuer's number, got "${issuerId}"`);
  const account = readServiceAccount(keyFile);
  const apiUrl = optional(env.GOOGLE_WALLET_API_URL);
  return {
    issuerId,
    ...account,
    apiUrl: apiUrl === null ? GOOGLE_WALLET_DEFAULT_API_URL : httpUrl(apiUrl, 'GOOGLE_WALLET_API_URL'),
  };
}
