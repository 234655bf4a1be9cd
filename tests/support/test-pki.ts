import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { readAppleWalletSettings, type AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';

/**
 * A test certificate authority for Apple Wallet (issue 32), made in the test with the `openssl` CLI: no Apple
 * certificate is in the repository. A root CA stands for Apple's root, an intermediate signed by it for Apple's WWDR
 * certificate, and a Pass Type ID certificate signed by the intermediate (its key passphrase-protected unless asked
 * otherwise). Beside them an APNs ES256 `.p8` key for the pushes. All under a temporary directory; `close()` removes it.
 */
export interface TestPki {
  readonly dir: string;
  /** The root CA's certificate (PEM file): `-CAfile` of `openssl smime -verify`. */
  readonly caFile: string;
  /** The WWDR stand-in's certificate (PEM file): `-certfile`. */
  readonly wwdrFile: string;
  readonly certFile: string;
  readonly keyFile: string;
  /** The pass key's passphrase; undefined: the key is not encrypted. */
  readonly passphrase: string | undefined;
  readonly apnsKeyFile: string;
  readonly apnsKeyId: string;
  /** The environment variables an operator would set (APPLE_*), pointing at these files. */
  readonly env: NodeJS.ProcessEnv;
  /** What readAppleWalletSettings answers for `env` (the real reader). */
  readonly settings: AppleWalletSettings;
  close(): Promise<void>;
}

export const TEST_PASS_TYPE_ID = 'pass.tr.example.kartvizit';
export const TEST_TEAM_ID = 'TEST123456';
export const TEST_APNS_KEY_ID = 'APNSKEY123';

const run = promisify(execFile);

async function openssl(dir: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run('openssl', [...args], { cwd: dir, encoding: 'utf8' });
  return stdout;
}

export async function createTestPki(
  options: {
    /** The pass key's passphrase; null: an unencrypted key. Default a random one. */
    passphrase?: string | null;
    /** APPLE_APNS_URL (a fake APNs on loopback); unset: APNs is configured with Apple's default address. */
    apnsUrl?: string;
    /** false: no APNs settings at all (passes are made, not pushed). */
    apns?: boolean;
  } = {},
): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'kartvizit-pki-'));
  const passphrase =
    options.passphrase === null ? undefined : (options.passphrase ?? createHash('sha256').update(dir).digest('hex'));
  const caExt = join(dir, 'ca.ext');
  const leafExt = join(dir, 'leaf.ext');
  await writeFile(
    caExt,
    'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n',
  );
  await writeFile(
    leafExt,
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nsubjectKeyIdentifier=hash\n' +
      'authorityKeyIdentifier=keyid\n',
  );
  // The root (Apple Root CA's stand-in).
  await openssl(dir, [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2',
    '-subj', '/C=TR/O=Kartvizit Test/CN=Test Root CA', '-sha256',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]); // prettier-ignore
  // The intermediate (Apple's WWDR stand-in), signed by the root.
  await openssl(dir, [
    'req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.csr',
    '-subj', '/C=TR/O=Kartvizit Test/OU=G4/CN=Test WWDR Certification Authority',
  ]); // prettier-ignore
  await openssl(dir, [
    'x509', '-req', '-in', 'wwdr.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'wwdr.pem',
    '-days', '2', '-sha256', '-extfile', caExt,
  ]); // prettier-ignore
  // The Pass Type ID certificate, its subject as Apple writes it, signed by the intermediate.
  const keyArgs = passphrase === undefined ? [] : ['-aes-256-cbc', '-pass', `pass:${passphrase}`];
  await openssl(dir, [
    'genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', ...keyArgs, '-out', 'pass.key',
  ]); // prettier-ignore
  await openssl(dir, [
    'req', '-new', '-key', 'pass.key', ...(passphrase === undefined ? [] : ['-passin', `pass:${passphrase}`]),
    '-out', 'pass.csr',
    '-subj', `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=Kartvizit Test/C=TR`,
  ]); // prettier-ignore
  await openssl(dir, [
    'x509', '-req', '-in', 'pass.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-CAcreateserial', '-out', 'pass.pem',
    '-days', '2', '-sha256', '-extfile', leafExt,
  ]); // prettier-ignore
  const apns = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const apnsKeyFile = join(dir, `AuthKey_${TEST_APNS_KEY_ID}.p8`);
  await writeFile(apnsKeyFile, apns.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
  const files = {
    caFile: join(dir, 'ca.pem'),
    wwdrFile: join(dir, 'wwdr.pem'),
    certFile: join(dir, 'pass.pem'),
    keyFile: join(dir, 'pass.key'),
  };
  const env: NodeJS.ProcessEnv = {
    APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_TEAM_ID: TEST_TEAM_ID,
    APPLE_PASS_CERT: files.certFile,
    APPLE_PASS_KEY: files.keyFile,
    APPLE_WWDR_CERT: files.wwdrFile,
    ...(passphrase !== undefined ? { APPLE_PASS_KEY_PASSPHRASE: passphrase } : {}),
    ...(options.apns === false
      ? {}
      : {
          APPLE_APNS_KEY: apnsKeyFile,
          APPLE_APNS_KEY_ID: TEST_APNS_KEY_ID,
          ...(options.apnsUrl ? { APPLE_APNS_URL: options.apnsUrl } : {}),
        }),
  };
  const settings = readAppleWalletSettings(env);
  if (!settings) throw new Error('the test PKI made no Apple Wallet settings');
  return {
    dir,
    ...files,
    passphrase,
    apnsKeyFile,
    apnsKeyId: TEST_APNS_KEY_ID,
    env,
    settings,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The files of a .pkpass (a zip), by name. */
export function readPkpass(pkpass: Buffer | Uint8Array): Map<string, Buffer> {
  const entries = unzipSync(new Uint8Array(pkpass));
  return new Map(Object.entries(entries).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}

/**
 * Checks a pass's detached PKCS #7 signature over its manifest.json with OpenSSL, against the test root and the WWDR
 * stand-in: resolves with OpenSSL's output, rejects (with its error output) when it does not verify.
 */
export async function verifyPassSignature(
  pki: Pick<TestPki, 'caFile' | 'wwdrFile'>,
  files: ReadonlyMap<string, Buffer>,
): Promise<string> {
  const manifest = files.get('manifest.json');
  const signature = files.get('signature');
  if (!manifest || !signature) throw new Error('the pass has no manifest.json or no signature');
  const dir = await mkdtemp(join(tmpdir(), 'kartvizit-pass-'));
  try {
    await writeFile(join(dir, 'manifest.json'), manifest);
    await writeFile(join(dir, 'signature'), signature);
    const { stdout, stderr } = await run(
      'openssl',
      [
        'smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json',
        '-CAfile', pki.caFile, '-certfile', pki.wwdrFile, '-out', '/dev/null',
      ], // prettier-ignore
      { cwd: dir, encoding: 'utf8' },
    );
    return `${stdout}${stderr}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
