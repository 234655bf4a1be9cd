import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  GOOGLE_SAVE_URL_PREFIX,
  googleGenericObject,
  googleObjectId,
  googleSaveUrl,
  type GoogleSaveClaims,
} from './google-pass.ts';
import type { CardPassContent } from './pass-content.ts';

const ISSUER = '3388000000022222228';
const BASE = 'https://kart.example.com.tr';

const content: CardPassContent = {
  cardId: 'VC-ABC123',
  ownerId: '00000000-0000-4000-8000-000000000001',
  officeId: null,
  active: true,
  name: 'Dr. Ayşe Yılmaz',
  jobTitle: 'Emlak Danışmanı',
  company: 'Işıklı Gayrimenkul',
  phone: '+905321234567',
  email: 'ayse@example.com',
  website: '',
  logoKey: 'logos/abc.png',
  logoUrl: `${BASE}/media/logos/abc.png`,
  photoKey: null,
  photoUrl: null,
  backgroundColor: '#0e7490',
  foregroundColor: '#ffffff',
  labelColor: '#ecfeff',
  cardUrl: `${BASE}/p/VC-ABC123`,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const tr = (value: string) => ({ defaultValue: { language: 'tr', value } });

describe('googleGenericObject', () => {
  it('is the card as a generic pass: name, title, company, phone, e-mail, logo, colour and the QR of its address', () => {
    expect(googleGenericObject(ISSUER, content)).toEqual({
      id: `${ISSUER}.VC-ABC123.00000000-0000-4000-8000-000000000001`,
      classId: `${ISSUER}.dijital-kartvizit`,
      state: 'ACTIVE',
      cardTitle: tr('Işıklı Gayrimenkul'),
      header: tr('Dr. Ayşe Yılmaz'),
      subheader: tr('Emlak Danışmanı'),
      logo: { sourceUri: { uri: `${BASE}/media/logos/abc.png` }, contentDescription: tr('Işıklı Gayrimenkul') },
      hexBackgroundColor: '#0e7490',
      barcode: { type: 'QR_CODE', value: `${BASE}/p/VC-ABC123`, alternateText: 'VC-ABC123' },
      textModulesData: [
        { id: 'company', header: 'Şirket', body: 'Işıklı Gayrimenkul' },
        { id: 'phone', header: 'Telefon', body: '+905321234567' },
        { id: 'email', header: 'E-posta', body: 'ayse@example.com' },
      ],
      linksModuleData: { uris: [{ id: 'card', uri: `${BASE}/p/VC-ABC123`, description: 'Dijital kartvizit' }] },
    });
  });

  it('leaves out what the card has not (no title, logo or contact lines) and says when the card is off', () => {
    const object = googleGenericObject(ISSUER, {
      ...content,
      active: false,
      jobTitle: '',
      company: '',
      phone: '',
      email: '',
      logoKey: null,
      logoUrl: null,
    });
    expect(object.state).toBe('INACTIVE');
    expect(object.cardTitle).toEqual(tr('Dijital Kartvizit'));
    expect(object).not.toHaveProperty('subheader');
    expect(object).not.toHaveProperty('logo');
    expect(object.textModulesData).toEqual([{ id: 'status', header: 'Durum', body: 'Bu kart devre dışı bırakıldı.' }]);
  });

  it('makes a resource id of letters, digits, dots, underscores and hyphens only', () => {
    const holder = '0b9f4c1e-2d3a-4b5c-8d7e-6f5a4b3c2d1e';
    expect(googleObjectId(ISSUER, 'KV-ABC.1_2', holder)).toBe(`${ISSUER}.KV-ABC.1_2.${holder}`);
    expect(googleObjectId(ISSUER, 'KV ÇÖ/1', holder)).toBe(`${ISSUER}.KV____1.${holder}`);
  });
});

describe('googleSaveUrl', () => {
  it('is Google’s save address with an RS256 JWT of the service account carrying the class and the object', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const settings = {
      issuerId: ISSUER,
      clientEmail: 'wallet@kartvizit.iam.gserviceaccount.com',
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const now = new Date('2026-03-01T10:00:00Z');
    const url = await googleSaveUrl(settings, content, `${BASE}/`, now);
    expect(url.startsWith(GOOGLE_SAVE_URL_PREFIX)).toBe(true);
    const jwt = url.slice(GOOGLE_SAVE_URL_PREFIX.length);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify<GoogleSaveClaims>(jwt, publicKey, {
      issuer: settings.clientEmail,
      audience: 'google',
      currentDate: now,
    });
    expect(payload).toEqual({
      iss: settings.clientEmail,
      aud: 'google',
      typ: 'savetowallet',
      iat: now.getTime() / 1000,
      origins: [BASE],
      payload: {
        genericClasses: [{ id: `${ISSUER}.dijital-kartvizit` }],
        genericObjects: [googleGenericObject(ISSUER, content)],
      },
    });
    // Another key does not verify it.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(jwtVerify(jwt, other)).rejects.toThrow();
  });
});
