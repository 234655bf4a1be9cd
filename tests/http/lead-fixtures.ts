import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Lead, LeadSubmitted } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { issueFormToken } from '@kartvizit/infra/forms/form-token';
import type { TestProduct } from '../support/product.ts';
import { answer, createProfile, registerOwner, seenEverything, send, virtualCardId, type Owner } from './card-fixtures.ts';

/** Helpers shared by the lead suites (tests/http/lead*.int.spec.ts) and the contact file suite. */

export interface CardOwner extends Owner {
  readonly cardId: string;
}

/** An owner with a profile and an activated virtual card named `cardName`. */
export async function ownerWithCard(product: TestProduct, cardName = 'Ofis', profile: Record<string, unknown> = {}): Promise<CardOwner> {
  const owner = await registerOwner(product);
  await createProfile(product, owner, profile);
  const cardId = virtualCardId();
  const created = await send(product, 'POST', '/api/cards', owner.token, { cardId, type: 'virtual', name: cardName });
  expect(created.statusCode, created.body).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: cardName });
  expect(activated.statusCode, activated.body).toBe(200);
  return { ...owner, cardId };
}

/** A form token as the public page hands it out, issued `ageMs` ago (a person took that long). */
export function formToken(product: TestProduct, cardId: string, ageMs = 10_000): string {
  return issueFormToken(deriveKey(product.appSecret, 'form-tokens'), cardId, new Date(Date.now() - ageMs));
}

/** A client address of its own, so the per-client limits of one test do not touch another's. */
export function clientAddress(): string {
  const [a = 0, b = 0, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(c, 1)}`;
}

export interface LeadForm {
  cardId: string;
  fullName?: string;
  phone?: string;
  email?: string;
  message?: string;
  marketingConsent?: boolean;
  website?: string;
  formToken?: string;
}

export function submitLead(product: TestProduct, body: LeadForm | Record<string, unknown>, remoteAddress = clientAddress()): Promise<LightMyRequestResponse> {
  return product.app.inject({ method: 'POST', url: '/api/leads', remoteAddress, payload: body });
}

/** A well-formed submission with a token old enough to be a person's. */
export function visitorForm(product: TestProduct, cardId: string, fields: Partial<LeadForm> = {}): LeadForm {
  return {
    cardId,
    fullName: 'Çağrı Öztürk',
    phone: '0532 123 45 67',
    email: 'Cagri@Ornek.com.tr',
    message: 'Merhaba, Kadıköy’deki daire için bilgi alabilir miyim?',
    marketingConsent: false,
    website: '',
    formToken: formToken(product, cardId),
    ...fields,
  };
}

/** DELETE /api/leads/{leadId}, with the owner's session when given. */
export function remove(product: TestProduct, leadId: string, token?: string): Promise<LightMyRequestResponse> {
  return product.app.inject({ method: 'DELETE', url: `/api/leads/${leadId}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export interface LeadsAnswer {
  success: boolean;
  message?: string;
  leads: Lead[];
  total: number;
}

/** The owner's list once everything committed so far is projected. */
export async function listLeads(product: TestProduct, token: string, query = ''): Promise<LeadsAnswer> {
  const response = await send(product, 'GET', `/api/leads${query ? `?${query}` : ''}`, token, undefined, await seenEverything(product));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-read-model-stale']).toBeUndefined();
  return JSON.parse(response.body) as LeadsAnswer;
}

/** Stored LeadSubmitted events of a lead, decoded through the product's codec (and so its vault). */
export async function storedSubmission(product: TestProduct, leadId: string) {
  const stream = await product.store.readStream(`lead-${leadId}`);
  const recorded = stream.events.find((event) => event.type === 'LeadSubmitted');
  if (!recorded) throw new Error(`no LeadSubmitted in lead-${leadId}`);
  const decoded = await product.codec.decode(recorded);
  return { recorded, decoded: decoded as (LeadSubmitted & { forgotten: boolean }) | null };
}

export { answer, registerOwner, seenEverything, send };

/**
 * A visitor sends the card's 'Görüşme Planlayın' form (REMS, issue 14): `fields` over the form's required ones and
 * empty optionals; answers the id of the registration it recorded.
 */
export async function registerVisitor(
  product: TestProduct,
  owner: { readonly userId: string; readonly cardId: string },
  fields: Readonly<Record<string, string | null>>,
): Promise<string> {
  const response = await product.app.inject({
    method: 'POST',
    url: '/api/rems/create-customer',
    remoteAddress: clientAddress(),
    payload: {
      cardOwnerId: owner.userId,
      cardId: owner.cardId,
      customerType: 'BUYER',
      email: null,
      province: null,
      district: null,
      address: null,
      notes: null,
      ...fields,
      formToken: formToken(product, owner.cardId),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { rows } = await product.pool.query<{ id: string }>(
    `SELECT data->>'registrationId' AS id FROM events
      WHERE type = 'RemsRegistrationRequested' AND data->>'ownerId' = $1 ORDER BY global_position DESC LIMIT 1`,
    [owner.userId],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no registration recorded');
  return id;
}
