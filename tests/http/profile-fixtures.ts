import sharp from 'sharp';
import { MIN_POSITION_HEADER, type Profile } from '@kartvizit/schemas';
import { newOwner, type TestProduct } from '../support/product.ts';

/** Helpers of the profile HTTP tests: owners, real multipart bodies, images made with sharp. */

export interface Owner {
  readonly token: string;
  readonly userId: string;
  readonly email: string;
}

export async function registerOwner(product: TestProduct): Promise<Owner> {
  const owner = newOwner();
  const response = await product.post('/api/auth/register', owner);
  const body = JSON.parse(response.body) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email: owner.email };
}

export interface Upload {
  readonly bytes: Uint8Array;
  readonly name: string;
  readonly type: string;
}

/** A multipart form as the browser builds it: text fields by name, files with a name and type. */
export function profileForm(fields: Readonly<Record<string, string | readonly string[]>>, files: Readonly<Record<string, Upload>> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) form.append(name, item);
  }
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
  }
  return form;
}

/** The bytes and content type (with boundary) a browser would send for the form. */
export async function encodeForm(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? '' };
}

export interface SaveAnswer {
  readonly status: number;
  readonly body: {
    success: boolean;
    message: string;
    field?: string;
    profile?: Profile;
    position?: string;
  };
}

export async function saveProfile(
  product: TestProduct,
  method: 'POST' | 'PUT',
  body: FormData | Readonly<Record<string, unknown>>,
  token: string | undefined,
): Promise<SaveAnswer> {
  const auth = token ? { authorization: `Bearer ${token}` } : {};
  const response =
    body instanceof FormData
      ? await encodeForm(body).then(({ payload, contentType }) =>
          product.app.inject({ method, url: '/api/profile', headers: { ...auth, 'content-type': contentType }, payload }),
        )
      : await product.app.inject({ method, url: '/api/profile', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return { status: response.statusCode, body: JSON.parse(response.body) as SaveAnswer['body'] };
}

export async function myProfile(product: TestProduct, token: string, position?: string): Promise<Profile | null> {
  const response = await product.get('/api/profile/me', token, position ? { [MIN_POSITION_HEADER]: position } : {});
  if (response.statusCode !== 200) throw new Error(`GET /api/profile/me answered ${response.statusCode}: ${response.body}`);
  return (JSON.parse(response.body) as { profile: Profile | null }).profile;
}

export async function media(product: TestProduct, url: string) {
  return product.app.inject({ method: 'GET', url });
}

/** A photo of one colour, optionally with EXIF (camera, orientation, GPS position). */
export async function photo(width: number, height: number, colour = '#c0392b', exif = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).jpeg();
  if (!exif) return image.toBuffer();
  return image
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'GizliKamera', Model: 'Konum-Sızdıran 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 4200/100' },
    })
    .toBuffer();
}

export async function transparentLogo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 80, b: 160, alpha: 0.4 } } }).png().toBuffer();
}

/** A well-formed profile form with every section filled (values as a person would type them). */
export function fullProfileFields(): Record<string, string> {
  return {
    title: 'Dr.',
    jobTitle: 'Gayrimenkul Danışmanı',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    company: 'Yılmaz Emlak',
    bio: 'İstanbul Anadolu yakasında 15 yıllık deneyim.\nKonut ve ticari gayrimenkul.',
    phone: '0532 123 45 67',
    email: 'Ayse@Yilmaz-Emlak.com.tr',
    website: 'yilmaz-emlak.com.tr',
    theme: 'dark',
    'address.street': 'Bağdat Caddesi No: 1',
    'address.city': 'İstanbul',
    'address.state': 'Kadıköy',
    'address.zipCode': '34710',
    'address.country': '',
    'location.lat': '40.9632',
    'location.lng': '29.0634',
    'companyInfo.taxOffice': 'Kadıköy',
    'companyInfo.taxNumber': '4540536920',
    'companyInfo.mersisNo': '0454053692000015',
    'companyInfo.registrationNumber': '123456-5',
    'companyInfo.foundedYear': '2009',
    'invoiceInfo.recipientName': 'Ayşe Yılmaz',
    'invoiceInfo.taxId': '10000000146',
    'invoiceInfo.taxOffice': 'Kadıköy',
    'invoiceInfo.address': 'Bağdat Caddesi No: 1\nKadıköy / İstanbul',
    socialLinks: JSON.stringify([
      { platform: 'instagram', username: '@yilmazemlak', url: '' },
      JSON.stringify({ platform: 'linkedin', username: 'ayse-yilmaz', url: '' }),
      { platform: 'youtube', username: '', url: 'https://www.youtube.com/@yilmazemlak' },
    ]),
    bankAccounts: JSON.stringify([
      { bankName: 'Ziraat Bankası', accountHolder: 'Ayşe Yılmaz', iban: 'TR33 0006 1005 1978 6457 8413 26', accountNumber: '', branchCode: '0610', swiftCode: 'tcztrtr2', currency: 'TRY' },
    ]),
    paymentMethods: JSON.stringify([{ type: 'paypal', accountName: 'PayPal', accountId: 'ayse@yilmaz-emlak.com.tr', qrCode: '' }]),
  };
}
