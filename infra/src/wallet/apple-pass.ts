import { createHmac, createPrivateKey } from 'node:crypto';
import type pg from 'pg';
import sharp from 'sharp';
import { PKPass, PassType, type Field } from 'passkit-generator';
import { readBlob, type BlobStore } from '../blob/types.ts';
import { deriveKey } from '../config/secrets.ts';
import type { AppleWalletSettings } from './apple-settings.ts';
import { loadCardPassContent, type CardPassContent } from './pass-content.ts';

/**
 * The Apple Wallet pass of a card (issue 32): a generic pass with the owner's name, title, company, contact lines,
 * logo and theme colours, and the card's address as its QR code, signed with the operator's Pass Type ID certificate
 * (passkit-generator: manifest.json of SHA-1 hashes, a detached PKCS #7 `signature` carrying the WWDR intermediate).
 * Made afresh on every request from the read models: nothing of it is stored, so the pass web service's "latest
 * pass" is this same function.
 */

/** Where Apple's pass web service is mounted; a pass's webServiceURL is `${publicBaseUrl}${APPLE_WEB_SERVICE_PATH}`. */
export const APPLE_WEB_SERVICE_PATH = '/api/wallet/apple';

export const APPLE_PASS_ORGANIZATION = 'Dijital Kartvizit';
export const APPLE_PASS_DESCRIPTION = 'Dijital kartvizit';
/** What a deactivated card's pass says on its front. */
export const APPLE_PASS_DEACTIVATED_TEXT = 'Bu kart artık kullanılmıyor';

/**
 * The pass's authenticationToken: HMAC of the serial (the card id) under a key derived from the app secret; never
 * stored. The web service recomputes it to check a device's `Authorization: ApplePass <token>`.
 */
export function applePassAuthToken(appSecret: Buffer, serialNumber: string): string {
  return createHmac('sha256', deriveKey(appSecret, 'apple-pass-token'))
    .update(serialNumber, 'utf8')
    .digest('base64url');
}

export interface ApplePassDependencies {
  readonly pool: pg.Pool;
  readonly blobs: BlobStore | undefined;
  readonly settings: AppleWalletSettings;
  readonly appSecret: Buffer;
  readonly publicBaseUrl: string;
}

/** The signed .pkpass of a card (null: no such activated card), its content read with loadCardPassContent. */
export async function applePassFor(
  deps: ApplePassDependencies,
  cardId: string,
): Promise<{ readonly pkpass: Buffer; readonly content: CardPassContent } | null> {
  const content = await loadCardPassContent(deps.pool, cardId, deps.publicBaseUrl);
  if (!content) return null;
  const images = await applePassImages(deps.blobs, content);
  return { pkpass: buildApplePass(deps, content, images), content };
}

/** Hex `#rrggbb` (or `#rgb`) as the `rgb(r, g, b)` Apple's pass.json asks for. */
export function appleColor(hex: string): string {
  const digits = hex.replace(/^#/u, '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  if (!/^[0-9a-fA-F]{6}$/u.test(full)) return 'rgb(0, 0, 0)';
  const value = Number.parseInt(full, 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

type Detector = NonNullable<Field['dataDetectorTypes']>[number];

/** One pass field, or none when the profile leaves it empty. */
function field(key: string, label: string, value: string, detect?: Detector): Field[] {
  const text = value.trim();
  if (text === '') return [];
  return [{ key, label, value: text, ...(detect ? { dataDetectorTypes: [detect] } : {}) }];
}

/** The key the passkit library signs with, unencrypted in memory only (forge reads PKCS #1 RSA keys). */
const signerKeys = new WeakMap<AppleWalletSettings, string>();
function signerKeyOf(settings: AppleWalletSettings): string {
  let pem = signerKeys.get(settings);
  if (pem === undefined) {
    const key = createPrivateKey({
      key: settings.keyPem,
      format: 'pem',
      ...(settings.keyPassphrase !== undefined ? { passphrase: settings.keyPassphrase } : {}),
    });
    pem = key.export({ type: 'pkcs1', format: 'pem' }).toString();
    signerKeys.set(settings, pem);
  }
  return pem;
}

export function buildApplePass(
  deps: Pick<ApplePassDependencies, 'settings' | 'appSecret' | 'publicBaseUrl'>,
  content: CardPassContent,
  images: Readonly<Record<string, Buffer>>,
): Buffer {
  const { settings } = deps;
  const base = deps.publicBaseUrl.replace(/\/+$/u, '');
  const pass = new PKPass(
    { ...images },
    {
      wwdr: settings.wwdrPem,
      signerCert: settings.certPem,
      signerKey: signerKeyOf(settings),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: settings.passTypeId,
      teamIdentifier: settings.teamId,
      serialNumber: content.cardId,
      organizationName: APPLE_PASS_ORGANIZATION,
      description: APPLE_PASS_DESCRIPTION,
      logoText: content.company.trim() || content.name || APPLE_PASS_ORGANIZATION,
      backgroundColor: appleColor(content.backgroundColor),
      foregroundColor: appleColor(content.foregroundColor),
      labelColor: appleColor(content.labelColor),
      webServiceURL: `${base}${APPLE_WEB_SERVICE_PATH}`,
      authenticationToken: applePassAuthToken(deps.appSecret, content.cardId),
      // A deactivated card (its owner turned it off, or it was lost): the pass is kept in step rather than deleted,
      // since a device cannot be told to remove a pass. Apple's `voided` greys it out and Wallet files it among
      // expired passes; the QR is left out (it would open a card that no longer answers), and the front says why.
      ...(content.active ? {} : { voided: true }),
    },
  );
  const generic = new PassType('generic');
  if (content.active) {
    generic.primaryFields.push(...field('name', 'Ad Soyad', content.name || APPLE_PASS_ORGANIZATION));
  } else {
    generic.headerFields.push({ key: 'status', label: 'Durum', value: 'Kullanılmıyor' });
    generic.primaryFields.push({ key: 'name', label: content.name, value: APPLE_PASS_DEACTIVATED_TEXT });
  }
  generic.secondaryFields.push(
    ...field('title', 'Unvan', content.jobTitle),
    ...field('company', 'Şirket', content.company),
  );
  generic.auxiliaryFields.push(
    ...field('phone', 'Telefon', content.phone),
    ...field('email', 'E-posta', content.email),
  );
  // Apple applies data detectors to the back fields only: the numbers and addresses there can be tapped.
  generic.backFields.push(
    ...field('website', 'Web sitesi', content.website, 'PKDataDetectorTypeLink'),
    ...(content.active ? field('card', 'Kartvizit', content.cardUrl, 'PKDataDetectorTypeLink') : []),
    ...(content.active ? [] : field('status-note', 'Durum', APPLE_PASS_DEACTIVATED_TEXT)),
  );
  pass.types.push(generic);
  if (content.active) {
    pass.setBarcodes({
      format: 'PKBarcodeFormatQR',
      message: content.cardUrl,
      messageEncoding: 'iso-8859-1',
      altText: content.cardUrl.replace(/^https?:\/\//u, ''),
    });
  }
  return pass.getAsBuffer();
}

/** Apple's sizes in points; each image is also given at @2x and @3x. */
const ICON = { width: 29, height: 29 };
const LOGO = { width: 160, height: 50 };
const THUMBNAIL = { width: 90, height: 90 };
const SCALES = [1, 2, 3] as const;
const suffix = (scale: number) => (scale === 1 ? '' : `@${scale}x`);

async function blobBytes(blobs: BlobStore | undefined, key: string | null): Promise<Buffer | null> {
  if (!blobs || key === null) return null;
  try {
    const object = await blobs.get(key);
    return object ? await readBlob(object) : null;
  } catch {
    // A key the store refuses or a file that went missing: the pass is still made, with the plain icon.
    return null;
  }
}

/** A plain icon: a rounded square in the theme's colour with a white card outline on it. */
function plainIcon(size: number, color: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" rx="22" fill="${color}"/>` +
    `<rect x="18" y="30" width="64" height="40" rx="6" fill="none" stroke="#ffffff" stroke-width="6"/>` +
    `<rect x="28" y="42" width="24" height="5" fill="#ffffff"/><rect x="28" y="53" width="16" height="5" fill="#ffffff"/>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function resized(
  source: Buffer,
  box: { width: number; height: number },
  scale: number,
  fit: 'inside' | 'cover' | 'contain',
  background?: string,
): Promise<Buffer> {
  return sharp(source)
    .rotate()
    .resize({
      width: box.width * scale,
      height: box.height * scale,
      fit,
      withoutEnlargement: fit === 'inside',
      ...(background ? { background } : {}),
    })
    .png()
    .toBuffer();
}

/**
 * icon.png (the lock screen and notifications), logo.png (the pass's top left) from the logo when there is one, else a
 * plain icon in the theme's colour and no logo; thumbnail.png from the photo.
 */
export async function applePassImages(
  blobs: BlobStore | undefined,
  content: CardPassContent,
): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  const [logo, photo] = await Promise.all([blobBytes(blobs, content.logoKey), blobBytes(blobs, content.photoKey)]);
  let logoUsed = false;
  if (logo) {
    try {
      for (const scale of SCALES) {
        files[`icon${suffix(scale)}.png`] = await resized(logo, ICON, scale, 'contain', '#ffffff');
        files[`logo${suffix(scale)}.png`] = await resized(logo, LOGO, scale, 'inside');
      }
      logoUsed = true;
    } catch {
      logoUsed = false;
    }
  }
  if (!logoUsed) {
    for (const name of Object.keys(files)) delete files[name];
    for (const scale of SCALES)
      files[`icon${suffix(scale)}.png`] = await plainIcon(ICON.width * scale, content.backgroundColor);
  }
  if (photo) {
    try {
      for (const scale of SCALES)
        files[`thumbnail${suffix(scale)}.png`] = await resized(photo, THUMBNAIL, scale, 'cover');
    } catch {
      // An unreadable photo: no thumbnail.
    }
  }
  return files;
}
