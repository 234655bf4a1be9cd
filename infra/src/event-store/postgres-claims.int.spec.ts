import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { claimStreamId } from './claims.ts';
import { PostgresEventStore } from './postgres.ts';
import { ConcurrencyError, type AppendRequest, type NewEvent } from './types.ts';

const SECRET = 'test-claim-secret';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore({ pool: db.pool });
});

afterAll(async () => {
  await db?.drop();
});

function event(type: string, data: Record<string, unknown> = {}): NewEvent {
  return { eventId: randomUUID(), type, schemaVersion: 1, data };
}

/** What a register-account route appends: the account and the claim on its e-mail, together. */
function registration(email: string): { account: string; requests: AppendRequest[] } {
  const account = `account-${randomUUID()}`;
  const claim = claimStreamId('email', email.trim().toLowerCase(), SECRET);
  return {
    account,
    requests: [
      { streamId: account, expected: 'no_stream', events: [event('AccountRegistered')] },
      { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed', { account })] },
    ],
  };
}

describe('claimStreamId', () => {
  it('given one e-mail typed in different letter cases, when normalised locale-free, then every spelling names the same claim', () => {
    const spellings = ['Ayşe.Yılmaz@Example.COM', '  ayşe.yılmaz@example.com ', 'AYŞE.YıLMAZ@EXAMPLE.COM'];

    const ids = spellings.map((spelling) => claimStreamId('email', spelling.trim().toLowerCase(), SECRET));

    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^claim-email-[0-9a-f]{64}$/);
    expect(ids[0]).toBe(claimStreamId('email', 'Ayşe.Yılmaz@Example.COM'.trim().toLowerCase(), SECRET));
  });

  it('given dotless ı and dotted I, when lower-cased locale-free, then they stay different letters on every server', () => {
    // tr-TR would fold "I" to "ı"; the locale-free rule keeps a claim independent of the machine's locale.
    expect('YILMAZ'.toLowerCase()).toBe('yilmaz');
    expect(claimStreamId('email', 'yilmaz@example.com', SECRET)).not.toBe(
      claimStreamId('email', 'yılmaz@example.com', SECRET),
    );
  });

  it('given the same text composed or decomposed, when claimed, then it is the same claim', () => {
    const composed = 'ayşe@example.com';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(claimStreamId('email', decomposed, SECRET)).toBe(claimStreamId('email', composed, SECRET));
  });

  it('given another kind or another secret, when claimed, then the claim differs; a bad kind is refused', () => {
    const id = claimStreamId('email', 'a@example.com', SECRET);
    expect(claimStreamId('card-name', 'a@example.com', SECRET)).not.toBe(id);
    expect(claimStreamId('email', 'a@example.com', Buffer.from('other'))).not.toBe(id);
    expect(() => claimStreamId('E-mail', 'a@example.com', SECRET)).toThrow(TypeError);
    expect(() => claimStreamId('email', '', SECRET)).toThrow(TypeError);
  });
});

describe('PostgresEventStore: uniqueness through claim streams', () => {
  it('given an account registered with an e-mail, when another registers it in other letter case, then ConcurrencyError and no second account', async () => {
    const first = registration('Ayşe.Yılmaz@Example.COM');
    await store.append(first.requests);

    const second = registration('ayşe.yılmaz@EXAMPLE.com');
    const attempt = store.append(second.requests);

    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(attempt).rejects.toMatchObject({
      streamId: second.requests[1]?.streamId,
      expected: 'no_stream',
      actual: 0,
    });
    expect((await store.readStream(second.account)).version).toBe(-1);
  });

  it('given twenty registrations of one e-mail at the same moment, when they race, then exactly one wins', async () => {
    const email = `yarış-${randomUUID()}@example.com`;
    const attempts = Array.from({ length: 20 }, () => registration(email.toUpperCase()));

    const outcomes = await Promise.allSettled(attempts.map((attempt) => store.append(attempt.requests)));

    const winners = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [attempts[i]] : []));
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
    }
    const claim = await store.readStream(claimStreamId('email', email.toUpperCase().toLowerCase(), SECRET));
    expect(claim.events).toHaveLength(1);
    expect(claim.events[0]?.data).toEqual({ account: winners[0]?.account });
    const { rows } = await db.pool.query<{ count: string }>(
      `select count(*) from events where stream_id = any($1::text[])`,
      [attempts.map((attempt) => attempt.account)],
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });
});
