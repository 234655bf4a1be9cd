import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_APNS_DEFAULT_URL, readAppleWalletSettings } from './apple-settings.ts';

/**
 * APPLE_* (issue 32): all the pass settings or none; half a setup, a wrong file, a key that does not open or does not
 * match the certificate stops the service at start with a sentence naming the setting, never the key.
 */
let dir: string;
const PASSPHRASE = 'gizli-anahtar-parolasi';
const files = {
  cert: '',
  key: '',
  encryptedKey: '',
  otherKey: '',
  ecKey: '',
  wwdr: '',
  apns: '',
  notPem: '',
};

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'apple-settings-'));
  // A self-signed certificate stands for both the pass certificate and the WWDR one: the reader does not check chains.
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'pass.key',
    '-out',
    'pass.pem',
    '-days',
    '1',
    '-subj',
    '/CN=Pass Type ID: pass.tr.example.kartvizit',
  );
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.pem',
    '-days',
    '1',
    '-subj',
    '/CN=Test WWDR',
  );
  openssl('pkey', '-in', 'pass.key', '-aes-256-cbc', '-passout', `pass:${PASSPHRASE}`, '-out', 'pass-encrypted.key');
  files.cert = join(dir, 'pass.pem');
  files.key = join(dir, 'pass.key');
  files.encryptedKey = join(dir, 'pass-encrypted.key');
  files.otherKey = join(dir, 'wwdr.key');
  files.wwdr = join(dir, 'wwdr.pem');
  const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  files.apns = join(dir, 'AuthKey.p8');
  writeFileSync(files.apns, ec.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  files.ecKey = files.apns;
  files.notPem = join(dir, 'not.pem');
  writeFileSync(files.notPem, 'hello');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const passEnv = (overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  APPLE_PASS_TYPE_ID: 'pass.tr.example.kartvizit',
  APPLE_TEAM_ID: 'ABCDE12345',
  APPLE_PASS_CERT: files.cert,
  APPLE_PASS_KEY: files.key,
  APPLE_WWDR_CERT: files.wwdr,
  ...overrides,
});

describe('readAppleWalletSettings', () => {
  it('given nothing set, then Apple Wallet is not offered (null)', () => {
    expect(readAppleWalletSettings({})).toBeNull();
    expect(readAppleWalletSettings({ APPLE_PASS_TYPE_ID: '  ', APPLE_TEAM_ID: '' })).toBeNull();
  });

  it('given every pass setting, then it reads the PEM files at start, without APNs', () => {
    const settings = readAppleWalletSettings(passEnv());
    expect(settings).toMatchObject({
      passTypeId: 'pass.tr.example.kartvizit',
      teamId: 'ABCDE12345',
      keyPassphrase: undefined,
      apns: null,
    });
    expect(settings?.certPem).toContain('-----BEGIN CERTIFICATE-----');
    expect(settings?.wwdrPem).toContain('-----BEGIN CERTIFICATE-----');
    expect(settings?.keyPem).toContain('PRIVATE KEY-----');
  });

  it('given an encrypted key and its passphrase, then it is accepted; without it or with a wrong one, refused', () => {
    const settings = readAppleWalletSettings(
      passEnv({ APPLE_PASS_KEY: files.encryptedKey, APPLE_PASS_KEY_PASSPHRASE: PASSPHRASE }),
    );
    expect(settings?.keyPassphrase).toBe(PASSPHRASE);
    expect(() => readAppleWalletSettings(passEnv({ APPLE_PASS_KEY: files.encryptedKey }))).toThrow(
      /APPLE_PASS_KEY cannot be read.*APPLE_PASS_KEY_PASSPHRASE/u,
    );
    expect(() =>
      readAppleWalletSettings(passEnv({ APPLE_PASS_KEY: files.encryptedKey, APPLE_PASS_KEY_PASSPHRASE: 'yanlis' })),
    ).toThrow(/APPLE_PASS_KEY cannot be read/u);
  });

  it('given some pass settings but not all, then the startup error names every missing one', () => {
    expect(() => readAppleWalletSettings({ APPLE_PASS_TYPE_ID: 'pass.tr.example.kartvizit' })).toThrow(
      'Apple Wallet is half set up: APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT are missing.',
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_WWDR_CERT: '' }))).toThrow(/APPLE_WWDR_CERT is missing/u);
  });

  it('given only a passphrase or APNs settings, then it says Apple Wallet itself is not set', () => {
    expect(() => readAppleWalletSettings({ APPLE_PASS_KEY_PASSPHRASE: 'x' })).toThrow(
      /APPLE_PASS_KEY_PASSPHRASE is set but Apple Wallet is not/u,
    );
    expect(() => readAppleWalletSettings({ APPLE_APNS_KEY: files.apns, APPLE_APNS_KEY_ID: 'KEY1234567' })).toThrow(
      /APPLE_APNS_KEY, APPLE_APNS_KEY_ID are set but Apple Wallet is not/u,
    );
  });

  it('given wrong identifiers, then they are refused by name', () => {
    expect(() => readAppleWalletSettings(passEnv({ APPLE_PASS_TYPE_ID: 'com.example' }))).toThrow(
      /APPLE_PASS_TYPE_ID/u,
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_TEAM_ID: 'abc' }))).toThrow(/APPLE_TEAM_ID/u);
  });

  it('given files that cannot be used, then the error names the setting and the file, never the key', () => {
    expect(() => readAppleWalletSettings(passEnv({ APPLE_PASS_CERT: join(dir, 'missing.pem') }))).toThrow(
      /APPLE_PASS_CERT names a file that cannot be read \(ENOENT\)/u,
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_WWDR_CERT: files.notPem }))).toThrow(
      /APPLE_WWDR_CERT is not a PEM file/u,
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_PASS_CERT: files.key }))).toThrow(
      /APPLE_PASS_CERT is not an X.509 certificate/u,
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_PASS_KEY: files.otherKey }))).toThrow(
      /APPLE_PASS_KEY is not the private key of the certificate in APPLE_PASS_CERT/u,
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_PASS_KEY: files.ecKey }))).toThrow(
      /APPLE_PASS_KEY is not an RSA private key/u,
    );
    try {
      readAppleWalletSettings(passEnv({ APPLE_PASS_KEY: files.otherKey }));
    } catch (error) {
      expect(String(error)).not.toContain('PRIVATE KEY');
    }
  });

  it('given the APNs key and its id, then pushes are set up, at Apple by default or at APPLE_APNS_URL', () => {
    const settings = readAppleWalletSettings(passEnv({ APPLE_APNS_KEY: files.apns, APPLE_APNS_KEY_ID: 'KEY1234567' }));
    expect(settings?.apns).toMatchObject({ keyId: 'KEY1234567', url: APPLE_APNS_DEFAULT_URL });
    expect(settings?.apns?.keyPem).toContain('-----BEGIN PRIVATE KEY-----');
    const local = readAppleWalletSettings(
      passEnv({
        APPLE_APNS_KEY: files.apns,
        APPLE_APNS_KEY_ID: 'KEY1234567',
        APPLE_APNS_URL: 'http://127.0.0.1:4443/',
      }),
    );
    expect(local?.apns?.url).toBe('http://127.0.0.1:4443');
  });

  it('given half the APNs settings or a wrong key, then the startup error says what is missing', () => {
    expect(() => readAppleWalletSettings(passEnv({ APPLE_APNS_KEY: files.apns }))).toThrow(
      /APPLE_APNS_KEY_ID is missing/u,
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_APNS_KEY_ID: 'KEY1234567' }))).toThrow(
      /APPLE_APNS_KEY is missing/u,
    );
    expect(() => readAppleWalletSettings(passEnv({ APPLE_APNS_URL: 'https://api.sandbox.push.apple.com' }))).toThrow(
      /APPLE_APNS_URL is set but APPLE_APNS_KEY and APPLE_APNS_KEY_ID are not/u,
    );
    expect(() =>
      readAppleWalletSettings(passEnv({ APPLE_APNS_KEY: files.key, APPLE_APNS_KEY_ID: 'KEY1234567' })),
    ).toThrow(/APPLE_APNS_KEY is not an EC \(ES256\) private key/u);
    expect(() => readAppleWalletSettings(passEnv({ APPLE_APNS_KEY: files.apns, APPLE_APNS_KEY_ID: 'short' }))).toThrow(
      /APPLE_APNS_KEY_ID must be/u,
    );
    expect(() =>
      readAppleWalletSettings(
        passEnv({ APPLE_APNS_KEY: files.apns, APPLE_APNS_KEY_ID: 'KEY1234567', APPLE_APNS_URL: 'ftp://x' }),
      ),
    ).toThrow(/APPLE_APNS_URL must be an http\(s\) address/u);
  });
});
