import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * One account per e-mail address, decided by the address's claim stream (command-api/src/account/email-claims.ts):
 * its last event says who holds the address. A deleted account gives its address back, and of everyone who then
 * races for it exactly one gets it.
 */
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(async () => {
  await product?.close();
});

const register = (registration: ReturnType<typeof newOwner>) => product.post('/api/auth/register', registration);

describe('given an address whose account was deleted', () => {
  const first = newOwner();

  beforeAll(async () => {
    const registered = await register(first);
    expect(registered.statusCode, registered.body).toBe(200);
    const { token } = JSON.parse(registered.body) as { token: string };
    const deleted = await product.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: first.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('when six people register it at once, then exactly one gets it and the others are told it is taken', async () => {
    const racers = Array.from({ length: 6 }, (_, index) => ({ ...first, password: `yeni-parola-${index}0` }));
    const answers = await Promise.all(racers.map(register));
    const won = answers.filter((answer) => answer.statusCode === 200);
    const lost = answers.filter((answer) => answer.statusCode !== 200);
    expect(won).toHaveLength(1);
    for (const answer of lost) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(JSON.parse(answer.body)).toMatchObject({ message: MESSAGES.emailTaken, field: 'email' });
    }

    // The winner signs in with their own password; the losers' passwords and the deleted account's open nothing.
    const winner = racers[answers.indexOf(won[0]!)]!;
    const winnerId = (JSON.parse(won[0]!.body) as { user: { id: string } }).user.id;
    const login = await product.post('/api/auth/login', { email: first.email, password: winner.password });
    expect(login.statusCode, login.body).toBe(200);
    expect((JSON.parse(login.body) as { user: { id: string } }).user.id).toBe(winnerId);
    for (const password of [
      first.password,
      ...racers.filter((racer) => racer !== winner).map((racer) => racer.password),
    ]) {
      const refused = await product.post('/api/auth/login', { email: first.email, password });
      expect(refused.statusCode).toBe(401);
    }
  });
});
