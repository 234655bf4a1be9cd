import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { createOffice, join, officeAnswer, register, type Person } from './office-fixtures.ts';

/**
 * Every bad input to the office's commands (issue 30): a 4xx, a Turkish message (never Fastify's English, never a 500),
 * and nothing appended.
 */
let product: TestProduct;
let admin: Person;
let agent: Person;
let officeId: string;

beforeAll(async () => {
  product = await startTestProduct();
  admin = await register(product, 'Ayşe');
  agent = await register(product, 'Mehmet');
  officeId = await createOffice(product, admin, 'Çınar Emlak', 'cinar-emlak');
  await join(product, admin, officeId, agent);
});
afterAll(async () => {
  await product?.close();
});

/** Our messages, Turkish even where no letter shows it: never Fastify's English. */
const OURS = /[çğıöşüÇĞİÖŞÜ]|en fazla|geçersiz|bulunamadı/;

type Method = 'POST' | 'PUT' | 'DELETE';

async function expectRefused(
  method: Method,
  url: string,
  payload: unknown,
  status: number,
  message?: string,
  options: { readonly token?: string | null; readonly raw?: string } = {},
): Promise<void> {
  const before = await product.eventCount();
  const token = options.token === undefined ? admin.token : options.token;
  const response = await product.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.raw !== undefined || payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : payload === undefined
        ? {}
        : { payload: JSON.stringify(payload) }),
  });
  expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(status);
  const body = officeAnswer(response);
  expect(body.success).toBe(false);
  expect(body.message).toMatch(OURS);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(await product.eventCount()).toBe(before);
}

describe('POST /api/offices', () => {
  it('refuses bodies of the wrong shape and kind', async () => {
    const deniz = await register(product, 'Deniz');
    const as = { token: deniz.token };
    await expectRefused('POST', '/api/offices', undefined, 400, MESSAGES.invalidJson, {
      ...as,
      raw: '{"name": "Çınar',
    });
    await expectRefused('POST', '/api/offices', ['Çınar Emlak'], 400, undefined, as);
    await expectRefused('POST', '/api/offices', 'Çınar Emlak', 400, undefined, as);
    await expectRefused('POST', '/api/offices', { name: 42, slug: 'cinar' }, 400, undefined, as);
    await expectRefused('POST', '/api/offices', { name: 'Çınar', slug: ['cinar'] }, 400, undefined, as);
    await expectRefused('POST', '/api/offices', { name: 'Ç'.repeat(481), slug: 'cinar' }, 400, undefined, as);
    await expectRefused(
      'POST',
      '/api/offices',
      { name: ' \t\n ', slug: 'cinar-2' },
      400,
      MESSAGES.officeNameRequired,
      as,
    );
    await expectRefused('POST', '/api/offices', { name: 'Çınar\u0000', slug: 'cinar-2' }, 400, undefined, as);
    await expectRefused(
      'POST',
      '/api/offices',
      { name: 'Çınar Emlak', slug: 'ÇINAR' },
      400,
      MESSAGES.officeSlugInvalid,
      as,
    );
    await expectRefused(
      'POST',
      '/api/offices',
      { name: 'Çınar Emlak', slug: 'a'.repeat(41) },
      400,
      MESSAGES.officeSlugInvalid,
      as,
    );
    await expectRefused(
      'POST',
      '/api/offices',
      { name: 'Çınar Emlak', slug: 'cinar-emlak' },
      409,
      MESSAGES.officeSlugTaken,
      as,
    );
    await expectRefused(
      'POST',
      '/api/offices',
      { name: 'Çınar Emlak', slug: 'cinar-9' },
      401,
      MESSAGES.sessionExpired,
      { token: null },
    );
  });
});

describe('PUT /api/offices/{id}', () => {
  it('refuses every bad detail, naming it in Turkish', async () => {
    const url = `/api/offices/${officeId}`;
    const base = { name: 'Çınar Emlak' };
    await expectRefused('PUT', url, { ...base, name: '' }, 400, MESSAGES.officeNameRequired);
    await expectRefused('PUT', url, { ...base, company: 'x'.repeat(151) }, 400, MESSAGES.officeFieldTooLong);
    await expectRefused('PUT', url, { ...base, company: 'x'.repeat(601) }, 400);
    await expectRefused('PUT', url, { ...base, email: 'ofis@' }, 400, MESSAGES.officeEmailInvalid);
    await expectRefused('PUT', url, { ...base, taxNumber: '1234567891' }, 400, MESSAGES.officeTaxNumberInvalid);
    await expectRefused('PUT', url, { ...base, primaryColor: 'red' }, 400, MESSAGES.officeColorInvalid);
    await expectRefused('PUT', url, { ...base, location: { lat: 120, lng: 29 } }, 400, MESSAGES.officeLocationInvalid);
    await expectRefused('PUT', url, { ...base, location: { lat: '41', lng: 29 } }, 400);
    await expectRefused('PUT', url, { ...base, location: 'Kadıköy' }, 400);
    await expectRefused('PUT', url, [base], 400);
    await expectRefused('PUT', url, base, 401, MESSAGES.sessionExpired, { token: null });
    await expectRefused('PUT', `/api/offices/${'a'.repeat(65)}`, base, 400);
  });
});

describe('PUT /api/offices/{id}/template', () => {
  it('refuses unknown fields, locks outside the fields and lists of the wrong kind', async () => {
    const url = `/api/offices/${officeId}/template`;
    await expectRefused(
      'PUT',
      url,
      { fields: ['company', 'firstName'], locked: [] },
      400,
      MESSAGES.officeTemplateFieldInvalid,
    );
    await expectRefused(
      'PUT',
      url,
      { fields: ['company'], locked: ['iban'] },
      400,
      MESSAGES.officeTemplateFieldInvalid,
    );
    await expectRefused(
      'PUT',
      url,
      { fields: ['company'], locked: ['theme'] },
      400,
      MESSAGES.officeTemplateLockedNotInFields,
    );
    await expectRefused('PUT', url, { fields: 'company', locked: [] }, 400);
    await expectRefused('PUT', url, { fields: [1], locked: [] }, 400);
    await expectRefused('PUT', url, { fields: ['company'] }, 400);
    await expectRefused('PUT', url, { fields: Array.from({ length: 21 }, () => 'company'), locked: [] }, 400);
    await expectRefused('PUT', url, { fields: [], locked: [] }, 403, MESSAGES.officeAdminOnly, { token: agent.token });
  });
});

describe('invitations', () => {
  it('POST refuses a missing or bad address and role', async () => {
    const url = `/api/offices/${officeId}/invitations`;
    await expectRefused('POST', url, { role: 'agent' }, 400, MESSAGES.officeInviteEmailRequired);
    await expectRefused('POST', url, { email: '   ', role: 'agent' }, 400, MESSAGES.officeInviteEmailRequired);
    await expectRefused('POST', url, { email: 'zeynep@', role: 'agent' }, 400, MESSAGES.officeEmailInvalid);
    await expectRefused('POST', url, { email: 'zeynep@example.com', role: 'patron' }, 400, MESSAGES.officeRoleInvalid);
    await expectRefused('POST', url, { email: 'zeynep@example.com' }, 400, MESSAGES.officeRoleInvalid);
    await expectRefused('POST', url, { email: ['zeynep@example.com'], role: 'agent' }, 400);
    await expectRefused('POST', url, { email: `${'z'.repeat(1020)}@example.com`, role: 'agent' }, 400);
    await expectRefused(
      'POST',
      url,
      { email: admin.email, role: 'agent' },
      409,
      MESSAGES.officeInvitationAlreadyMember,
    );
  });

  it('DELETE refuses an unknown or malformed invitation id', async () => {
    await expectRefused(
      'DELETE',
      `/api/offices/${officeId}/invitations/${randomUUID()}`,
      undefined,
      404,
      MESSAGES.officeInvitationNotFound,
    );
    await expectRefused(
      'DELETE',
      `/api/offices/${officeId}/invitations/davet`,
      undefined,
      404,
      MESSAGES.officeInvitationNotFound,
    );
    await expectRefused('DELETE', `/api/offices/${officeId}/invitations/${'d'.repeat(65)}`, undefined, 400);
  });

  it('accepting refuses a token that is no good, however it is wrong', async () => {
    const zeynep = await register(product, 'Zeynep');
    const as = { token: zeynep.token };
    for (const token of [
      'davet',
      `i1.${officeId}.${randomUUID()}.${'A'.repeat(43)}`,
      `r1.${officeId}.${randomUUID()}.${'A'.repeat(43)}`,
    ]) {
      await expectRefused(
        'POST',
        `/api/invitations/${token}/accept`,
        undefined,
        404,
        MESSAGES.officeInvitationInvalid,
        as,
      );
    }
    await expectRefused('POST', `/api/invitations/${'t'.repeat(257)}/accept`, undefined, 400, undefined, as);
  });
});

describe('members', () => {
  it('PUT refuses a missing or unknown role and an unknown member', async () => {
    const url = `/api/offices/${officeId}/members/${agent.userId}`;
    await expectRefused('PUT', url, {}, 400, MESSAGES.officeRoleInvalid);
    await expectRefused('PUT', url, { role: 'Yönetici' }, 400, MESSAGES.officeRoleInvalid);
    await expectRefused('PUT', url, { role: 7 }, 400);
    await expectRefused(
      'PUT',
      `/api/offices/${officeId}/members/${randomUUID()}`,
      { role: 'admin' },
      404,
      MESSAGES.officeMemberNotFound,
    );
    await expectRefused('PUT', `/api/offices/${officeId}/members/${'u'.repeat(65)}`, { role: 'admin' }, 400);
  });

  it('DELETE and leave refuse an unknown member and anyone not signed in', async () => {
    await expectRefused(
      'DELETE',
      `/api/offices/${officeId}/members/${randomUUID()}`,
      undefined,
      404,
      MESSAGES.officeMemberNotFound,
    );
    await expectRefused(
      'DELETE',
      `/api/offices/${officeId}/members/${agent.userId}`,
      undefined,
      401,
      MESSAGES.sessionExpired,
      { token: null },
    );
    await expectRefused('POST', `/api/offices/${officeId}/leave`, undefined, 401, MESSAGES.sessionExpired, {
      token: null,
    });
    await expectRefused('POST', `/api/offices/${officeId}/leave`, undefined, 409, MESSAGES.officeLastAdmin);
  });
});
