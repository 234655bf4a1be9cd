import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../blob/types.ts';
import {
  APPLE_PASS_DEACTIVATED_TEXT,
  APPLE_WEB_SERVICE_PATH,
  appleColor,
  applePassAuthToken,
  applePassImages,
  buildApplePass,
} from './apple-pass.ts';
import { readAppleWalletSettings, type AppleWalletSettings } from './apple-settings.ts';
import type { CardPassContent } from './pass-content.ts';
import { retiredPassContent } from './apple-web-service.ts';

/**
 * The pass file without a database (issue 32): its pass.json, its manifest and signature, its images, and the token;
 * the whole journey (a real card, OpenSSL against a test CA) is tests/http/wallet-apple-pass.int.spec.ts.
 */
let dir: string;
let settings: AppleWalletSettings;
const BASE = 'https://kart.example.test';
const secret = randomBytes(48);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'apple-pass-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(
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
    '/CN=Pass',
  );
  run(
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
    '/CN=WWDR',
  );
  const read = readAppleWalletSettings({
    APPLE_PASS_TYPE_ID: 'pass.tr.example.kartvizit',
    APPLE_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT: join(dir, 'pass.pem'),
    APPLE_PASS_KEY: join(dir, 'pass.key'),
    APPLE_WWDR_CERT: join(dir, 'wwdr.pem'),
  });
  if (!read) throw new Error('no settings');
  settings = read;
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const content = (overrides: Partial<CardPassContent> = {}): CardPassContent => ({
  cardId: 'VC-AB12CD',
  ownerId: 'owner-1',
  officeId: null,
  active: true,
  name: 'Dr. Ayşe Yılmaz',
  jobTitle: 'Emlak Danışmanı',
  company: 'Yılmaz Gayrimenkul',
  phone: '+90 555 111 22 33',
  email: 'ayse@example.com',
  website: 'https://yilmaz.example.com',
  logoKey: null,
  logoUrl: null,
  photoKey: null,
  photoUrl: null,
  backgroundColor: '#4f46e5',
  foregroundColor: '#ffffff',
  labelColor: '#eef2ff',
  cardUrl: `${BASE}/p/VC-AB12CD`,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The files of a .pkpass, through the `unzip` command. */
function unzip(pkpass: Buffer): Map<string, Buffer> {
  const file = join(dir, `${createHash('sha1').update(pkpass).digest('hex')}.pkpass`);
  writeFileSync(file, pkpass);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  return new Map(names.map((name) => [name, execFileSync('unzip', ['-p', file, name])]));
}

interface PassJson {
  [key: string]: unknown;
  barcodes?: { format: string; message: string; messageEncoding: string; altText?: string }[];
  generic: Record<string, { key: string; label: string; value: string }[]>;
}

async function pass(of: CardPassContent, images?: Record<string, Buffer>) {
  const files = unzip(
    buildApplePass(
      { settings, appSecret: secret, publicBaseUrl: BASE },
      of,
      images ?? (await applePassImages(undefined, of)),
    ),
  );
  return { files, json: JSON.parse(files.get('pass.json')?.toString() ?? '{}') as PassJson };
}

describe('applePassAuthToken', () => {
  it('given a serial, then it is the same every time, long enough for Apple, and differs by card and by secret', () => {
    const token = applePassAuthToken(secret, 'VC-AB12CD');
    expect(token).toBe(applePassAuthToken(secret, 'VC-AB12CD'));
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/u);
    expect(applePassAuthToken(secret, 'VC-AB12CE')).not.toBe(token);
    expect(applePassAuthToken(randomBytes(48), 'VC-AB12CD')).not.toBe(token);
  });
});

describe('appleColor', () => {
  it('given #rrggbb or #rgb, then rgb(r, g, b)', () => {
    expect(appleColor('#4f46e5')).toBe('rgb(79, 70, 229)');
    expect(appleColor('#FFF')).toBe('rgb(255, 255, 255)');
  });
});

describe('buildApplePass', () => {
  it('given an active card, then a generic pass with the holder, the card QR, the web service and colours', async () => {
    const { files, json } = await pass(content());
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.tr.example.kartvizit',
      teamIdentifier: 'ABCDE12345',
      serialNumber: 'VC-AB12CD',
      organizationName: 'Dijital Kartvizit',
      description: 'Dijital kartvizit',
      logoText: 'Yılmaz Gayrimenkul',
      backgroundColor: 'rgb(79, 70, 229)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(238, 242, 255)',
      webServiceURL: `${BASE}${APPLE_WEB_SERVICE_PATH}`,
      authenticationToken: applePassAuthToken(secret, 'VC-AB12CD'),
      barcodes: [
        {
          format: 'PKBarcodeFormatQR',
          message: `${BASE}/p/VC-AB12CD`,
          messageEncoding: 'iso-8859-1',
          altText: 'kart.example.test/p/VC-AB12CD',
        },
      ],
    });
    expect(json.voided).toBeUndefined();
    expect(json.generic.primaryFields).toEqual([{ key: 'name', label: 'Ad Soyad', value: 'Dr. Ayşe Yılmaz' }]);
    expect(json.generic.secondaryFields?.map((each) => each.value)).toEqual(['Emlak Danışmanı', 'Yılmaz Gayrimenkul']);
    expect(json.generic.auxiliaryFields?.map((each) => each.key)).toEqual(['phone', 'email']);
    expect(json.generic.backFields?.map((each) => each.value)).toEqual([
      'https://yilmaz.example.com',
      `${BASE}/p/VC-AB12CD`,
    ]);
    // Every file is in the manifest under its SHA-1; the signature is there beside it.
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}') as Record<string, string>;
    const hashed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed)
      expect(manifest[name]).toBe(
        createHash('sha1')
          .update(files.get(name) ?? Buffer.alloc(0))
          .digest('hex'),
      );
    expect(files.get('signature')?.length).toBeGreaterThan(500);
  });

  it('given empty profile fields, then they are left out rather than shown empty', async () => {
    const { json } = await pass(content({ jobTitle: '', company: '  ', phone: '', website: '' }));
    expect(json.logoText).toBe('Dr. Ayşe Yılmaz');
    expect(json.generic.secondaryFields).toEqual([]);
    expect(json.generic.auxiliaryFields?.map((each) => each.key)).toEqual(['email']);
  });

  it('given a deactivated card, then the pass is voided, has no QR and says the card is no longer used', async () => {
    const { json } = await pass(content({ active: false }));
    expect(json.voided).toBe(true);
    expect(json.barcodes).toBeUndefined();
    expect(json.generic.primaryFields).toEqual([
      { key: 'name', label: 'Dr. Ayşe Yılmaz', value: APPLE_PASS_DEACTIVATED_TEXT },
    ]);
    expect(JSON.stringify(json)).not.toContain('/p/VC-AB12CD');
  });

  it('given a card no longer shown (taken back, its holder erased), then a void pass that names nobody', async () => {
    const { json, files } = await pass(retiredPassContent('VC-AB12CD', BASE));
    expect(json.voided).toBe(true);
    expect(json.barcodes).toBeUndefined();
    expect(json.serialNumber).toBe('VC-AB12CD');
    expect(JSON.stringify(json.generic)).toContain(APPLE_PASS_DEACTIVATED_TEXT);
    expect(JSON.stringify(json)).not.toMatch(/Ayşe|Yılmaz|\/p\/VC-AB12CD/u);
    expect(files.has('icon.png')).toBe(true);
  });
});

describe('applePassImages', () => {
  const blobsWith = (objects: Record<string, Buffer>): BlobStore => ({
    async get(key) {
      const bytes = objects[key];
      return bytes ? { body: Readable.from([bytes]), contentType: 'image/png', size: bytes.length } : null;
    },
    put: () => Promise.resolve(),
    delete: () => Promise.resolve(),
    deleteUnder: () => Promise.resolve(),
  });

  it('given no logo, then only a plain icon in the theme colour, at 1x, 2x and 3x', async () => {
    const images = await applePassImages(undefined, content());
    expect(Object.keys(images).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png']);
    const { data, info } = await sharp(images['icon@2x.png']).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([58, 58]);
    // The middle of the top edge is the theme's colour (79, 70, 229).
    const at = (info.width * 4 + info.width / 2) * info.channels;
    expect([data[at], data[at + 1], data[at + 2]]).toEqual([79, 70, 229]);
  });

  it('given a logo and a photo, then the icon and logo come from the logo and the thumbnail from the photo', async () => {
    const logo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    const images = await applePassImages(
      blobsWith({ 'profiles/o/logo-1.png': logo, 'profiles/o/photo-1.jpg': photo }),
      content({ logoKey: 'profiles/o/logo-1.png', photoKey: 'profiles/o/photo-1.jpg' }),
    );
    expect(Object.keys(images).sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'icon@3x.png',
      'logo.png',
      'logo@2x.png',
      'logo@3x.png',
      'thumbnail.png',
      'thumbnail@2x.png',
      'thumbnail@3x.png',
    ]);
    const logoMeta = await sharp(images['logo@2x.png']).metadata();
    expect([logoMeta.width, logoMeta.height]).toEqual([200, 100]);
    const thumb = await sharp(images['thumbnail.png']).metadata();
    expect([thumb.width, thumb.height]).toEqual([90, 90]);
  });

  it('given a logo that is missing or not an image, then the plain icon', async () => {
    const images = await applePassImages(
      blobsWith({ 'profiles/o/logo-1.png': Buffer.from('not an image') }),
      content({ logoKey: 'profiles/o/logo-1.png', photoKey: 'profiles/o/gone.jpg' }),
    );
    expect(Object.keys(images).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png']);
  });
});
