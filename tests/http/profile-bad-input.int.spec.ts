import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PROFILE_VALIDATION_MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { encodeForm, fullProfileFields, profileForm, registerOwner, saveProfile, type Owner } from './profile-fixtures.ts';

/**
 * Every rule the screen enforces, enforced again by the server: each refusal is a 400 with a
 * Turkish message and the dotted field it is about, and the event log does not change.
 */
let product: TestProduct;
let creator: Owner;
let updater: Owner;

beforeAll(async () => {
  product = await startTestProduct();
  creator = await registerOwner(product);
  updater = await registerOwner(product);
  const created = await saveProfile(product, 'POST', { firstName: 'Ayşe' }, updater.token);
  expect(created.status).toBe(200);
});
afterAll(async () => {
  await product?.close();
});

async function expectRefusedBoth(fields: Record<string, string | readonly string[]>, message: string, field?: string) {
  for (const [method, owner] of [['POST', creator], ['PUT', updater]] as const) {
    const before = await product.eventCount();
    const answer = await saveProfile(product, method, profileForm({ ...fullProfileFields(), ...fields }), owner.token);
    expect(answer.status, `${method} ${JSON.stringify(answer.body)}`).toBe(400);
    expect(answer.body).toEqual({ success: false, message, ...(field ? { field } : {}) });
    expect(await product.eventCount()).toBe(before);
  }
}

const CASES: ReadonlyArray<readonly [string, Record<string, string | readonly string[]>, string, string]> = [
  ['a checksum-broken Turkish IBAN', { bankAccounts: JSON.stringify([{ iban: 'TR330006100519786457841327' }]) }, MESSAGES.profileIbanChecksum, 'bankAccounts.0.iban'],
  ['a short Turkish IBAN', { bankAccounts: JSON.stringify([{ iban: 'TR33 0006 1005 1978' }]) }, MESSAGES.profileInvalidTurkishIban, 'bankAccounts.0.iban'],
  ['a German IBAN of the wrong length', { bankAccounts: JSON.stringify([{ accountNumber: '1' }, { iban: 'DE8937040044053201300' }]) }, MESSAGES.profileIbanLength, 'bankAccounts.1.iban'],
  ['a wrong VKN', { 'companyInfo.taxNumber': '4540536921' }, MESSAGES.profileInvalidVkn, 'companyInfo.taxNumber'],
  ['a wrong TCKN', { 'invoiceInfo.taxId': '10000000147' }, MESSAGES.profileInvalidTckn, 'invoiceInfo.taxId'],
  ['a tax number of 9 digits', { 'invoiceInfo.taxId': '123456789' }, MESSAGES.profileInvalidTaxNumber, 'invoiceInfo.taxId'],
  ['a phone number that is no number', { phone: '0532 12' }, MESSAGES.profileInvalidPhone, 'phone'],
  ['a javascript: website', { website: 'javascript:alert(1)' }, MESSAGES.profileUnsafeUrl, 'website'],
  ['a data: social link', { socialLinks: JSON.stringify([{ platform: 'other', url: 'data:text/html,<script>alert(1)</script>' }]) }, MESSAGES.profileUnsafeUrl, 'socialLinks.0.url'],
  ['a javascript: QR code address', { paymentMethods: JSON.stringify([{ type: 'other', qrCode: 'javascript:alert(1)' }]) }, MESSAGES.profileUnsafeUrl, 'paymentMethods.0.qrCode'],
  ['an e-mail without a domain', { email: 'ayse@' }, MESSAGES.invalidEmail, 'email'],
  ['malformed JSON text in socialLinks', { socialLinks: '[{"platform": "instagram", ' }, PROFILE_VALIDATION_MESSAGES.invalidList('socialLinks'), 'socialLinks'],
  ['a malformed JSON entry in bankAccounts', { bankAccounts: JSON.stringify(['{"iban": ']) }, PROFILE_VALIDATION_MESSAGES.invalidEntry('bankAccounts.0'), 'bankAccounts.0'],
  ['an unknown platform', { socialLinks: JSON.stringify([{ platform: 'myspace', url: 'https://myspace.com/x' }]) }, MESSAGES.profileInvalidSocialPlatform, 'socialLinks.0.platform'],
  ['an unknown currency', { bankAccounts: JSON.stringify([{ accountNumber: '123', currency: 'DOGE' }]) }, MESSAGES.profileInvalidCurrency, 'bankAccounts.0.currency'],
  ['an unknown payment type', { paymentMethods: JSON.stringify([{ type: 'cash', accountId: 'x' }]) }, MESSAGES.profileInvalidPaymentType, 'paymentMethods.0.type'],
  ['a founding year before 1800', { 'companyInfo.foundedYear': '1799' }, PROFILE_VALIDATION_MESSAGES.foundedYearRange(1800, new Date().getFullYear()), 'companyInfo.foundedYear'],
  ['a founding year in the future', { 'companyInfo.foundedYear': String(new Date().getFullYear() + 1) }, PROFILE_VALIDATION_MESSAGES.foundedYearRange(1800, new Date().getFullYear()), 'companyInfo.foundedYear'],
  ['a latitude beyond the pole', { 'location.lat': '91' }, MESSAGES.latitudeOutOfRange, 'location.lat'],
  ['a longitude beyond the date line', { 'location.lng': '-181' }, MESSAGES.longitudeOutOfRange, 'location.lng'],
  ['a latitude without a longitude', { 'location.lng': '' }, MESSAGES.profileLocationIncomplete, 'location.lng'],
  ['a bio over 1000 characters', { bio: 'a'.repeat(1001) }, PROFILE_VALIDATION_MESSAGES.tooLong('bio', 1000), 'bio'],
  ['a control character in the name of the company', { company: 'Yılmaz\u0007Emlak' }, PROFILE_VALIDATION_MESSAGES.invalidCharacters('company'), 'company'],
  ['a NUL byte in the name of the company', { company: 'Yılmaz\u0000Emlak' }, MESSAGES.unsafeCharacters, 'company'],
  ['a theme that would break out of a CSS class', { theme: 'dark" onclick="alert(1)' }, MESSAGES.profileInvalidTheme, 'theme'],
  ['a search switch that is neither true nor false', { searchable: 'evet' }, PROFILE_VALIDATION_MESSAGES.mustBeYesNo('searchable'), 'searchable'],
  ['the search switch sent twice', { searchable: ['true', 'false'] }, PROFILE_VALIDATION_MESSAGES.duplicateField('searchable'), 'searchable'],
  ['an unknown field', { isAdmin: 'true' }, PROFILE_VALIDATION_MESSAGES.unknownField('isAdmin'), 'isAdmin'],
  ['an unknown dotted field', { 'address.planet': 'Mars' }, PROFILE_VALIDATION_MESSAGES.unknownField('address.planet'), 'address.planet'],
  ['the owner named in the form', { user: '00000000-0000-4000-8000-000000000000' }, PROFILE_VALIDATION_MESSAGES.unknownField('user'), 'user'],
  ['a prototype-polluting name', { '__proto__.isAdmin': 'true' }, PROFILE_VALIDATION_MESSAGES.unknownField('__proto__.isAdmin'), '__proto__.isAdmin'],
  ['an unknown field inside a list entry', { socialLinks: JSON.stringify([{ platform: 'github', username: 'a', admin: true }]) }, PROFILE_VALIDATION_MESSAGES.unknownField('socialLinks.0.admin'), 'socialLinks.0.admin'],
  ['a field sent twice', { phone: ['0532 123 45 67', '0533 123 45 67'] }, PROFILE_VALIDATION_MESSAGES.duplicateField('phone'), 'phone'],
  ['an image address as text instead of a file', { profilePicture: 'https://evil.example/x.jpg' }, MESSAGES.profileImageNeedsFile, 'profilePicture'],
  ['an arbitrary address as the existing picture', { existingProfilePicture: 'https://evil.example/x.jpg' }, MESSAGES.profileImageNotOwned, 'existingProfilePicture'],
];

describe('refused values', () => {
  it.each(CASES)('%s', async (_label, fields, message, field) => {
    await expectRefusedBoth(fields, message, field);
  });
});

describe('refused requests', () => {
  it('a body that is neither multipart nor JSON', async () => {
    const response = await product.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${updater.token}`, 'content-type': 'text/plain' },
      payload: 'firstName=Ayşe',
    });
    expect(response.statusCode).toBe(415);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.unsupportedMediaType });
  });

  it('broken JSON', async () => {
    const response = await product.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${updater.token}`, 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.invalidJson });
  });

  it('a JSON array instead of an object', async () => {
    const answer = await saveProfile(product, 'PUT', [] as unknown as Record<string, unknown>, updater.token);
    expect(answer).toEqual({ status: 400, body: { success: false, message: MESSAGES.invalidRequest } });
  });

  it('JSON with a nested object where text belongs', async () => {
    const answer = await saveProfile(product, 'PUT', { firstName: { $ne: '' } }, updater.token);
    expect(answer).toEqual({ status: 400, body: { success: false, message: PROFILE_VALIDATION_MESSAGES.mustBeText('firstName'), field: 'firstName' } });
  });

  it('a truncated multipart body', async () => {
    const { payload, contentType } = await encodeForm(profileForm({ firstName: 'Ayşe' }));
    const before = await product.eventCount();
    const response = await product.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${updater.token}`, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 20),
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.invalidRequest });
    expect(await product.eventCount()).toBe(before);
  });

  it('too many fields', async () => {
    // socialLinks may repeat, so only the limit can stop this form.
    const answer = await saveProfile(product, 'PUT', profileForm({ socialLinks: Array.from({ length: 120 }, () => '[]') }), updater.token);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ success: false, message: MESSAGES.profileTooManyParts });
  });

  it('a POST that names an _id', async () => {
    const answer = await saveProfile(product, 'POST', { _id: '00000000-0000-4000-8000-000000000000', firstName: 'Ayşe' }, creator.token);
    expect(answer).toEqual({ status: 400, body: { success: false, message: MESSAGES.invalidRequest, field: '_id' } });
  });
});

describe('accepted after all that', () => {
  it('the full form still saves for both owners', async () => {
    expect((await saveProfile(product, 'POST', profileForm(fullProfileFields()), creator.token)).status).toBe(200);
    expect((await saveProfile(product, 'PUT', profileForm(fullProfileFields()), updater.token)).status).toBe(200);
  });
});
