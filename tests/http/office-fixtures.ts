import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { cardStreamId } from '@kartvizit/schemas';
import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import { cardDecider } from '@kartvizit/command-api/card/decider';
import { newOwner, type TestProduct } from '../support/product.ts';
import { provision, send } from './card-fixtures.ts';

/** Helpers of the office suites (tests/http/office*.int.spec.ts). */

export interface Person {
  readonly token: string;
  readonly userId: string;
  readonly email: string;
  readonly password: string;
}

export interface OfficeAnswer {
  readonly success: boolean;
  readonly message: string;
  readonly field?: string;
  readonly position?: string;
  readonly data?: Record<string, unknown>;
}

export const officeAnswer = (response: LightMyRequestResponse) => JSON.parse(response.body) as OfficeAnswer;

export async function register(product: TestProduct, firstName = 'Ayşe'): Promise<Person> {
  const registration = newOwner({ firstName });
  const response = await product.post('/api/auth/register', registration);
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email: registration.email, password: registration.password };
}

/** A command that must succeed: its answer's data. */
export async function succeeds(response: Promise<LightMyRequestResponse>): Promise<Record<string, unknown>> {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBe(200);
  const body = officeAnswer(answered);
  expect(body.success).toBe(true);
  expect(body.position).toBeTruthy();
  return body.data ?? {};
}

export async function createOffice(product: TestProduct, person: Person, name: string, slug: string): Promise<string> {
  const data = await succeeds(send(product, 'POST', '/api/offices', person.token, { name, slug }));
  return String(data.officeId);
}

export function invitationToken(product: TestProduct, officeId: string, invitationId: string): string {
  return SignedLinks.fromAppSecret(product.appSecret, 'office-invitation').issue(officeId, invitationId);
}

/** Invites `invitee` in `role` and has them accept: they are a member from their next request. */
export async function join(
  product: TestProduct,
  admin: Person,
  officeId: string,
  invitee: Person,
  role: 'admin' | 'agent' = 'agent',
): Promise<void> {
  const invited = await succeeds(
    send(product, 'POST', `/api/offices/${officeId}/invitations`, admin.token, { email: invitee.email, role }),
  );
  const token = invitationToken(product, officeId, String(invited.invitationId));
  await succeeds(send(product, 'POST', `/api/invitations/${token}/accept`, invitee.token));
}

/**
 * An office card the member holds: a provisioned card the member activates through the card route while in the
 * office (the card becomes the office's, and their membership stream takes it, in one write). Makes the member's
 * profile first when they have none, as the activation screen asks.
 */
export async function officeCardHeldBy(product: TestProduct, member: Person, officeId: string): Promise<string> {
  const [cardId = ''] = await provision(product);
  const profile = await send(product, 'POST', '/api/profile', member.token, { firstName: 'Ayşe', lastName: 'Yılmaz' });
  expect([200, 409], profile.body).toContain(profile.statusCode);
  const activated = await send(product, 'POST', '/api/cards/activate', member.token, {
    cardId,
    name: `Ofis ${cardId}`,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  const { state } = await readCard(product, cardId);
  expect(state).toMatchObject({ officeId, ownerId: member.userId });
  return cardId;
}

async function readCard(product: TestProduct, cardId: string) {
  return new CommandHandler(product.store, product.codec).load(cardDecider, cardStreamId(cardId));
}

/** The types of a stream's events, in order. */
export async function eventTypes(product: TestProduct, streamId: string): Promise<string[]> {
  const stream = await product.store.readStream(streamId);
  return stream.events.map((event) => event.type);
}
