import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, profileStreamId } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { provision, send } from './card-fixtures.ts';
import {
  createOffice,
  join,
  officeAnswer,
  officeCardHeldBy,
  register,
  succeeds,
  type Person,
} from './office-fixtures.ts';

/**
 * The office's card template (issue 30, decision 61) through HTTP: what the office gives shows on its members' office
 * cards at once; a locked field cannot be changed by a member (a Turkish 403, nothing appended); a personal card from
 * before the member joined keeps the member's own values.
 */
let product: TestProduct;
let admin: Person;
let agent: Person;
let officeId: string;
let officeCard: string;
let personalCard: string;

async function page(cardId: string, position?: string): Promise<string> {
  const response = await send(product, 'GET', `/p/${cardId}${position ? `?v=${encodeURIComponent(position)}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function template(fields: string[], locked: string[]): Promise<string> {
  const response = await send(product, 'PUT', `/api/offices/${officeId}/template`, admin.token, { fields, locked });
  expect(response.statusCode, response.body).toBe(200);
  return officeAnswer(response).position ?? '';
}

beforeAll(async () => {
  product = await startTestProduct();
  admin = await register(product, 'Levent');
  agent = await register(product, 'Şule');
  // Before joining: the agent's own profile and a personal card.
  expect(
    (
      await send(product, 'POST', '/api/profile', agent.token, {
        firstName: 'Şule',
        lastName: 'Aydın',
        company: 'Aydın Emlak',
      })
    ).statusCode,
  ).toBe(200);
  [personalCard = ''] = await provision(product);
  expect(
    (await send(product, 'POST', '/api/cards/activate', agent.token, { cardId: personalCard, name: 'Kendi kartım' }))
      .statusCode,
  ).toBe(200);

  officeId = await createOffice(product, admin, 'Çınar Emlak', 'cinar-emlak-sablon');
  await succeeds(
    send(product, 'PUT', `/api/offices/${officeId}`, admin.token, {
      name: 'Çınar Emlak',
      company: 'Çınar Gayrimenkul A.Ş.',
      licenceNumber: '3400123',
    }),
  );
  await join(product, admin, officeId, agent);
  officeCard = await officeCardHeldBy(product, agent, officeId);
});
afterAll(async () => {
  await product?.close();
});

describe('the office template on its cards', () => {
  it("given the template gives and locks the company, the office card shows the office's company and its yetki belgesi", async () => {
    const position = await template(['company', 'licenceNumber'], ['company']);
    const html = await page(officeCard, position);
    expect(html).toContain('Çınar Gayrimenkul A.Ş.');
    expect(html).not.toContain('Aydın Emlak');
    expect(html).toContain('Yetki Belgesi No: 3400123');
    expect(html).toContain('href="/o/cinar-emlak-sablon"');
  });

  it("the member's personal card from before they joined keeps their own company and names no office", async () => {
    const html = await page(personalCard);
    expect(html).toContain('Aydın Emlak');
    expect(html).not.toContain('pc-office');
  });

  it('a member changing a locked field hears why, with a 403, and nothing is appended', async () => {
    const before = await product.store.readStream(profileStreamId(agent.userId));
    const response = await send(product, 'PUT', '/api/profile', agent.token, {
      firstName: 'Şule',
      lastName: 'Aydın',
      company: 'Başka Şirket',
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(officeAnswer(response)).toMatchObject({
      success: false,
      message: MESSAGES.officeFieldLocked,
      field: 'company',
    });
    expect((await product.store.readStream(profileStreamId(agent.userId))).version).toBe(before.version);
  });

  it('a member changes what is not locked, the locked field sent as it is', async () => {
    const response = await send(product, 'PUT', '/api/profile', agent.token, {
      firstName: 'Şule',
      lastName: 'Aydın',
      company: 'Aydın Emlak',
      jobTitle: 'Kıdemli Danışman',
    });
    expect(response.statusCode, response.body).toBe(200);
    const html = await page(officeCard, officeAnswer(response).position);
    expect(html).toContain('Kıdemli Danışman');
    expect(html).toContain('Çınar Gayrimenkul A.Ş.');
  });

  it("when the office stops giving the company, the member's own shows on the next request, and they may change it", async () => {
    const position = await template(['licenceNumber'], []);
    const html = await page(officeCard, position);
    expect(html).toContain('Aydın Emlak');
    expect(html).not.toContain('Çınar Gayrimenkul A.Ş.');
    const changed = await send(product, 'PUT', '/api/profile', agent.token, {
      firstName: 'Şule',
      lastName: 'Aydın',
      company: 'Aydın Gayrimenkul',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await page(officeCard, officeAnswer(changed).position)).toContain('Aydın Gayrimenkul');
  });

  it('the same page bytes are answered 304 until the template changes them', async () => {
    const first = await send(product, 'GET', `/p/${officeCard}`);
    const etag = String(first.headers.etag);
    expect(
      (await send(product, 'GET', `/p/${officeCard}`, undefined, undefined, { 'if-none-match': etag })).statusCode,
    ).toBe(304);
    const position = await template(['company', 'licenceNumber'], ['company']);
    const changed = await send(
      product,
      'GET',
      `/p/${officeCard}?v=${encodeURIComponent(position)}`,
      undefined,
      undefined,
      {
        'if-none-match': etag,
      },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
