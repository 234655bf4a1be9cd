import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_NOTICE_VERSION, MESSAGES } from '@kartvizit/schemas';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { leadsProjection } from '@kartvizit/projector/lead/leads-projection';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  answer,
  clientAddress,
  formToken,
  listLeads,
  ownerWithCard,
  remove,
  submitLead,
  visitorForm,
  type CardOwner,
} from './lead-fixtures.ts';

/**
 * The lead form's hardening (issue 10): a form token stores at most one lead, even under
 * concurrent replays; a token issued "in the future" is refused; a lead needs a phone or an
 * e-mail whatever the token; a deleted lead leaves no row behind, not even after a rebuild.
 */
let product: TestProduct;
let owner: CardOwner;

const ACCEPTED = { success: true, message: MESSAGES.leadSubmitted };

beforeAll(async () => {
  product = await startTestProduct();
  owner = await ownerWithCard(product, 'Sertleştirme Kartı');
});
afterAll(async () => {
  await product?.close();
});

async function leadNamed(fullName: string) {
  const { leads } = await listLeads(product, owner.token, `search=${encodeURIComponent(fullName)}`);
  return leads.filter((lead) => lead.fullName === fullName);
}

describe('a form token is single-use', () => {
  it('a replay of a token that stored a lead is refused with 409 and stores nothing, whatever it carries', async () => {
    const token = formToken(product, owner.cardId);
    const first = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Tek Seferlik', formToken: token }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toBe(JSON.stringify(ACCEPTED));

    const before = await product.eventCount();
    for (const fields of [{ fullName: 'Tek Seferlik' }, { fullName: 'Başka Biri', message: 'Aynı formla ikinci mesaj' }]) {
      // From another address too: the token is what is remembered, not who sent it.
      const replay = await submitLead(product, visitorForm(product, owner.cardId, { ...fields, formToken: token }), clientAddress());
      expect(replay.statusCode, replay.body).toBe(409);
      expect(answer(replay)).toEqual({ success: false, message: MESSAGES.leadFormAlreadySent, field: 'formToken' });
    }
    // The same token spelled with leading zeros in its time is the same token.
    const [version, issuedAt, ...rest] = token.split('.');
    const respelled = [version, `00${issuedAt ?? ''}`, ...rest].join('.');
    const sneaky = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Sıfırlı Tekrar', formToken: respelled }));
    expect(sneaky.statusCode, sneaky.body).toBe(409);

    expect(await product.eventCount()).toBe(before);
    expect(await leadNamed('Tek Seferlik')).toHaveLength(1);
    expect(await leadNamed('Başka Biri')).toHaveLength(0);
  });

  it('20 concurrent submissions of one token store exactly one lead; the others hear 409', async () => {
    const token = formToken(product, owner.cardId);
    const before = await product.eventCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submitLead(product, visitorForm(product, owner.cardId, { fullName: `Eşzamanlı Ziyaretçi ${index + 1}`, formToken: token }), clientAddress()),
      ),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((response) => response.statusCode === 409)) {
      expect(answer(refused)).toEqual({ success: false, message: MESSAGES.leadFormAlreadySent, field: 'formToken' });
    }
    // One LeadSubmitted and its one claim.
    expect(await product.eventCount()).toBe(before + 2);
    const { leads } = await listLeads(product, owner.token, `search=${encodeURIComponent('Eşzamanlı Ziyaretçi')}`);
    expect(leads).toHaveLength(1);
  });

  it('a refused submission does not use up its token: the corrected form goes through with it', async () => {
    const token = formToken(product, owner.cardId);
    const before = await product.eventCount();
    const refused = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Düzeltilen Form', phone: '', email: '', formToken: token }));
    expect(refused.statusCode).toBe(400);
    expect(await product.eventCount()).toBe(before);
    const corrected = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Düzeltilen Form', formToken: token }));
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await leadNamed('Düzeltilen Form')).toHaveLength(1);
  });

  it('tokens the page hands out one after another are all different, even in the same millisecond', async () => {
    const at = new Date(Date.now() - 10_000);
    const { issueFormToken } = await import('@kartvizit/infra/forms/form-token');
    const { deriveKey } = await import('@kartvizit/infra/config/secrets');
    const key = deriveKey(product.appSecret, 'form-tokens');
    const tokens = [issueFormToken(key, owner.cardId, at), issueFormToken(key, owner.cardId, at)];
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const [index, token] of tokens.entries()) {
      const response = await submitLead(product, visitorForm(product, owner.cardId, { fullName: `Aynı An ${index + 1}`, formToken: token }));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await listLeads(product, owner.token, 'search=aynı an')).total).toBe(2);
  });
});

describe('a token issued in the future', () => {
  it('is refused with a Turkish 400 on the token and appends nothing', async () => {
    const before = await product.eventCount();
    for (const aheadMs of [5 * 60 * 1000, 2 * 60 * 60 * 1000]) {
      const response = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Gelecekten Gelen', formToken: formToken(product, owner.cardId, -aheadMs) }));
      expect(response.statusCode, response.body).toBe(400);
      expect(answer(response)).toEqual({ success: false, message: MESSAGES.leadFormInvalid, field: 'formToken' });
    }
    expect(await product.eventCount()).toBe(before);
  });
});

describe('a lead must carry a way to answer it', () => {
  it('a name alone is refused with the Turkish message on the phone field, with or without a valid token, and nothing is appended', async () => {
    const before = await product.eventCount();
    const nameOnly = [
      { cardId: owner.cardId, fullName: 'Sadece İsim', formToken: formToken(product, owner.cardId) },
      { cardId: owner.cardId, fullName: 'Sadece İsim', phone: '  ', email: '', formToken: formToken(product, owner.cardId) },
      // What a script posting at once, or without the page's token, used to be told: "accepted".
      { cardId: owner.cardId, fullName: 'Sadece İsim' },
      { cardId: owner.cardId, fullName: 'Sadece İsim', formToken: formToken(product, owner.cardId, 500) },
    ];
    for (const body of nameOnly) {
      const response = await submitLead(product, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer(response)).toEqual({ success: false, message: 'Lütfen telefon numaranızı veya e-posta adresinizi girin', field: 'phone' });
    }
    expect(await product.eventCount()).toBe(before);
  });
});

describe('deleting a lead', () => {
  it('deletes its read-model row, and a rebuild from the log does not bring it back', async () => {
    for (const fullName of ['Silinip Gidecek', 'Yerinde Kalacak']) {
      expect((await submitLead(product, visitorForm(product, owner.cardId, { fullName }))).statusCode).toBe(200);
    }
    const [doomed] = await leadNamed('Silinip Gidecek');
    const [kept] = await leadNamed('Yerinde Kalacak');
    const deleted = await remove(product, doomed?._id ?? '', owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Everything committed so far is projected (the deletion included).
    expect((await listLeads(product, owner.token)).leads.map((lead) => lead._id)).not.toContain(doomed?._id);

    const rowsOf = async (leadId: string) => (await product.pool.query('SELECT * FROM rm_leads WHERE lead_id = $1', [leadId])).rowCount;
    expect(await rowsOf(doomed?._id ?? '')).toBe(0);
    expect(await rowsOf(kept?._id ?? '')).toBe(1);

    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, leadsProjection);
    expect(await rowsOf(doomed?._id ?? '')).toBe(0);
    expect(await rowsOf(kept?._id ?? '')).toBe(1);
    expect(await leadNamed('Yerinde Kalacak')).toHaveLength(1);
  });

  it('a lead whose key was destroyed before it was projected names no one and is not listed', async () => {
    const leadId = randomUUID();
    const event = await product.codec.encode({
      type: 'LeadSubmitted',
      data: {
        leadId,
        ownerId: owner.userId,
        cardId: owner.cardId,
        fullName: 'Okunamayan Kişi',
        phone: '+905321234567',
        email: '',
        message: '',
        marketingConsent: false,
        noticeVersion: LEAD_NOTICE_VERSION,
        submittedAt: new Date().toISOString(),
      },
    });
    await product.codec.forget(leadId);
    await product.store.append([{ streamId: `lead-${leadId}`, expected: 'no_stream', events: [event] }]);
    const { leads } = await listLeads(product, owner.token);
    expect(leads.map((lead) => lead._id)).not.toContain(leadId);
    expect(leads.filter((lead) => lead.fullName === '')).toEqual([]);
  });
});
