import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGoogleWalletSettings } from './google-settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'google-wallet-settings-'));
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function keyFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const account = keyFile('account.json', {
  type: 'service_account',
  client_email: 'wallet@project.iam.gserviceaccount.com',
  private_key: pem,
  token_uri: 'https://oauth2.googleapis.com/token',
});

describe('readGoogleWalletSettings', () => {
  it('is null when neither the issuer nor the key file is set (empty counts as unset)', () => {
    expect(readGoogleWalletSettings({})).toBeNull();
    expect(readGoogleWalletSettings({ GOOGLE_WALLET_ISSUER_ID: ' ', GOOGLE_WALLET_SERVICE_ACCOUNT: '' })).toBeNull();
  });

  it('reads the issuer, the key file and the API address, with Google’s defaults', () => {
    const settings = readGoogleWalletSettings({
      GOOGLE_WALLET_ISSUER_ID: '3388000000022222228',
      GOOGLE_WALLET_SERVICE_ACCOUNT: account,
    });
    expect(settings).toEqual({
      issuerId: '3388000000022222228',
      clientEmail: 'wallet@project.iam.gserviceaccount.com',
      privateKeyPem: pem,
      tokenUrl: 'https://oauth2.googleapis.com/token',
      apiUrl: 'https://walletobjects.googleapis.com',
    });
    const withoutTokenUri = keyFile('no-token-uri.json', {
      client_email: 'a@b.iam.gserviceaccount.com',
      private_key: pem,
    });
    expect(
      readGoogleWalletSettings({
        GOOGLE_WALLET_ISSUER_ID: '1',
        GOOGLE_WALLET_SERVICE_ACCOUNT: withoutTokenUri,
        GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9999/',
      }),
    ).toMatchObject({ tokenUrl: 'https://oauth2.googleapis.com/token', apiUrl: 'http://127.0.0.1:9999' });
  });

  it('stops the start with a sentence when only one of the two is set', () => {
    expect(() => readGoogleWalletSettings({ GOOGLE_WALLET_ISSUER_ID: '1' })).toThrow(
      /GOOGLE_WALLET_ISSUER_ID is set but GOOGLE_WALLET_SERVICE_ACCOUNT is not/,
    );
    expect(() => readGoogleWalletSettings({ GOOGLE_WALLET_SERVICE_ACCOUNT: account })).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT is set but GOOGLE_WALLET_ISSUER_ID is not/,
    );
  });

  it('refuses an issuer that is not a number, a missing or unusable key file, and a wrong API address', () => {
    const env = (file: string, issuer = '1') => ({
      GOOGLE_WALLET_ISSUER_ID: issuer,
      GOOGLE_WALLET_SERVICE_ACCOUNT: file,
    });
    expect(() => readGoogleWalletSettings(env(account, 'issuer-x'))).toThrow(/must be the issuer's number/);
    expect(() => readGoogleWalletSettings(env(join(dir, 'missing.json')))).toThrow(/cannot be read \(ENOENT\)/);
    expect(() => readGoogleWalletSettings(env(keyFile('text.json', 'not json')))).toThrow(/not a JSON key file/);
    expect(() => readGoogleWalletSettings(env(keyFile('no-email.json', { private_key: pem })))).toThrow(
      /no client_email/,
    );
    expect(() => readGoogleWalletSettings(env(keyFile('no-key.json', { client_email: 'a@b.c' })))).toThrow(
      /no private_key/,
    );
    const broken = keyFile('broken.json', {
      client_email: 'a@b.c',
      private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
    });
    expect(() => readGoogleWalletSettings(env(broken))).toThrow(/not an RSA private key/);
    expect(() => readGoogleWalletSettings({ ...env(account), GOOGLE_WALLET_API_URL: 'ftp://example.com' })).toThrow(
      /GOOGLE_WALLET_API_URL must be an http\(s\) address/,
    );
  });

  it('never puts the key in an error', () => {
    const wrongEmail = keyFile('wrong-email.json', { client_email: 'nobody', private_key: pem });
    try {
      readGoogleWalletSettings({ GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_SERVICE_ACCOUNT: wrongEmail });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain(pem.split('\n')[1]);
    }
  });
});
