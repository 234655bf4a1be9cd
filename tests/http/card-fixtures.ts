import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MIN_POSITION_HEADER, type Card, type CardColor, type PhysicalCardType } from '@kartvizit/schemas';
import { provisionCards } from '@kartvizit/command-api/card/provisioning';
import { newOwner, type TestProduct } from '../support/product.ts';

/** Helpers shared by the card suites (tests/http/card*.int.spec.ts). */

export interface Owner {
  readonly token: string;
  readonly userId: string;
}

export interface Answer {
  success: boolean;
  message?: string;
  field?: string;
  position?: string;
  card?: Card;
  cards?: Card[];
  history?: { type: string; at: string }[];
  profile?: Record<string, unknown>;
}

export const answer = (response: LightMyRequestResponse) => JSON.parse(response.body) as Answer;

export async function registerOwner(product: TestProduct): Promise<Owner> {
  const response = await product.post('/api/auth/register', newOwner());
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

/**
 * The owner's profile through the profile backend's own command (JSON body), as the web saves
 * it: the card commands only ask whether the profile stream exists.
 */
export async function createProfile(
  product: TestProduct,
  owner: Owner,
  fields: Record<string, unknown> = {},
): Promise<string | undefined> {
  const response = await product.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      jobTitle: 'Emlak Danışmanı',
      company: 'Yılmaz Gayrimenkul',
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return answer(response).position;
}

/** Physical cards as the provisioning tool makes them; answers their ids. */
export async function provision(
  product: TestProduct,
  count = 1,
  type: PhysicalCardType = 'basic',
  color: CardColor = 'black',
): Promise<string[]> {
  const result = await provisionCards({
    store: product.store,
    codec: product.codec,
    rows: [{ type, color, count }],
    batchId: 'test-batch',
    now: new Date(),
  });
  return result.cards.map((card) => card.cardId);
}

/**
 * Read-your-writes for writes that did not come through HTTP: wait for everything committed so far.
 * Not `headCheckpoint()`: that stops below any transaction still open in the cluster (autovacuum's
 * analyze, another test file), which is right for readers but too early a target to wait for.
 */
export async function seenEverything(product: TestProduct): Promise<Record<string, string>> {
  const result = await product.pool.query<{ xid: string; position: string }>(
    'SELECT transaction_id::text AS xid, global_position::text AS position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  const row = result.rows[0];
  return row ? { [MIN_POSITION_HEADER]: `${row.xid}:${row.position}` } : {};
}

export function after(position: string | undefined): Record<string, string> {
  return position ? { [MIN_POSITION_HEADER]: position } : {};
}

export function send(
  product: TestProduct,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return product.app.inject({
    method,
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A fresh virtual card id for one test ('VC-' + 6 characters), as the web draws it. */
export function virtualCardId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `VC-${[...randomBytes(6)].map((byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
}

/** A card id in the right shape that no card has: what every public address answers for a card that never existed. */
export const UNKNOWN_CARD = 'KV-YOKBOYLE';

/** Every public address of a card, as the page, a contacts app, the lead form and a printer fetch them. */
export const PUBLIC_CARD_ADDRESSES = {
  page: (id: string) => `/p/${id}`,
  profile: (id: string) => `/api/profile/card/${id}`,
  contactFile: (id: string) => `/api/profile/card/${id}/contact.vcf`,
  formToken: (id: string) => `/api/profile/card/${id}/form-token`,
  qrPng: (id: string) => `/api/cards/${id}/qr.png`,
  qrSvg: (id: string) => `/api/cards/${id}/qr.svg`,
} as const;
export type PublicCardAddress = keyof typeof PUBLIC_CARD_ADDRESSES;
export const PUBLIC_CARD_ADDRESS_NAMES = Object.keys(PUBLIC_CARD_ADDRESSES) as PublicCardAddress[];

/** What a visitor can tell from an answer: everything but its date. */
export function seenByVisitor(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    cacheControl: response.headers['cache-control'],
    body: response.body,
  };
}
