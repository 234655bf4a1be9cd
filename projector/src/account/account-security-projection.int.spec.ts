import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId, type AccountSecurityEvent, type SessionStarted } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { accountSecurityProjection } from './account-security-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(accountSecurityProjection, {
  pool: () => database.pool,
  streamOf: (event) => accountStreamId(event.data.userId),
});

const MONDAY = '2026-11-23T09:00:00.000Z';
const MONDAY_NOON = '2026-11-23T12:00:00.000Z';
const TUESDAY = '2026-11-24T10:30:00.000Z';
const WEDNESDAY = '2026-11-25T08:15:00.000Z';

function started(
  userId: string,
  sessionId: string,
  startedAt = MONDAY,
  overrides: Partial<SessionStarted['data']> = {},
): AccountSecurityEvent {
  return {
    type: 'SessionStarted',
    data: {
      userId,
      sessionId,
      method: 'password',
      passkeyId: null,
      device: 'desktop',
      browser: 'Firefox',
      os: 'Linux',
      country: 'TR',
      city: 'İstanbul',
      newDevice: true,
      startedAt,
      ...overrides,
    },
  };
}
const passkeyAdded = (userId: string, passkeyId: string, name = 'iPhone', addedAt = MONDAY): AccountSecurityEvent => ({
  type: 'PasskeyAdded',
  data: { userId, passkeyId, name, addedAt },
});
const twoFactorEnabled = (userId: string, enabledAt = MONDAY): AccountSecurityEvent => ({
  type: 'TwoFactorEnabled',
  data: { userId, recoveryCodes: 10, enabledAt },
});

/** Session ids in the order rows are listed (primary-key order): `first` < `second` < `third`. */
function orderedIds(count: number): string[] {
  return Array.from({ length: count }, () => randomUUID()).sort();
}

describe('the account security projection', () => {
  it('given nothing, when an owner signs in on two devices, then both sessions are listed as open with their device', async () => {
    const userId = randomUUID();
    const [laptop, phone] = orderedIds(2);
    await spec
      .given()
      .when([
        started(userId, laptop!),
        started(userId, phone!, TUESDAY, {
          method: 'totp',
          device: 'mobile',
          browser: 'Safari',
          os: 'iOS',
          country: null,
          city: null,
          newDevice: false,
        }),
      ])
      .then({
        security_sessions: [
          {
            session_id: laptop,
            user_id: userId,
            method: 'password',
            passkey_id: null,
            device: 'desktop',
            browser: 'Firefox',
            os: 'Linux',
            country: 'TR',
            city: 'İstanbul',
            started_at: MONDAY,
            ended_at: null,
          },
          {
            session_id: phone,
            user_id: userId,
            method: 'totp',
            passkey_id: null,
            device: 'mobile',
            browser: 'Safari',
            os: 'iOS',
            country: null,
            city: null,
            started_at: TUESDAY,
            ended_at: null,
          },
        ],
        security_passkeys: [],
        security_two_factor: [],
      });
  });

  it('given two open sessions, when the owner signs out on one, then only that one is ended', async () => {
    const userId = randomUUID();
    const [laptop, phone] = orderedIds(2);
    await spec
      .given([started(userId, laptop!), started(userId, phone!)])
      .when([{ type: 'SessionEnded', data: { userId, sessionId: phone!, reason: 'signed-out', endedAt: TUESDAY } }])
      .then({
        security_sessions: [
          { session_id: laptop, ended_at: null },
          { session_id: phone, ended_at: TUESDAY },
        ],
      });
  });

  it('given a session already ended, when it is ended again later, then it keeps the first end', async () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    await spec
      .given(
        [started(userId, sessionId)],
        [{ type: 'SessionEnded', data: { userId, sessionId, reason: 'signed-out', endedAt: MONDAY_NOON } }],
      )
      .when([{ type: 'SessionEnded', data: { userId, sessionId, reason: 'ended-by-owner', endedAt: TUESDAY } }])
      .then({ security_sessions: [{ session_id: sessionId, ended_at: MONDAY_NOON }] });
  });

  it('given three open sessions, when the owner ends the others from one, then all but that one end, and a sign-in after it stays open', async () => {
    const userId = randomUUID();
    const [kept, other, later] = orderedIds(3);
    await spec
      .given([started(userId, kept!), started(userId, other!, MONDAY_NOON)])
      .when(
        [{ type: 'SessionsEnded', data: { userId, keptSessionId: kept!, reason: 'ended-by-owner', endedAt: TUESDAY } }],
        [started(userId, later!, WEDNESDAY)],
      )
      .then({
        security_sessions: [
          { session_id: kept, ended_at: null },
          { session_id: other, ended_at: TUESDAY },
          { session_id: later, ended_at: null },
        ],
      });
  });

  it('given a session begun after the password was reset (delivered first), when the reset ends every session, then the new one stays open', async () => {
    const userId = randomUUID();
    const [before, after] = orderedIds(2);
    await spec
      .given([started(userId, before!), started(userId, after!, WEDNESDAY)])
      .when([
        { type: 'SessionsEnded', data: { userId, keptSessionId: null, reason: 'password-reset', endedAt: TUESDAY } },
      ])
      .then({
        security_sessions: [
          { session_id: before, ended_at: TUESDAY },
          { session_id: after, ended_at: null },
        ],
      });
  });

  it('given a passkey, when the owner signs in with it twice, then it shows the newest use, and an older sign-in does not move it back', async () => {
    const userId = randomUUID();
    const passkeyId = randomUUID();
    const withPasskey = (startedAt: string) =>
      started(userId, randomUUID(), startedAt, { method: 'passkey', passkeyId, newDevice: false });
    await spec
      .given([passkeyAdded(userId, passkeyId, 'İş bilgisayarı')])
      .when([withPasskey(TUESDAY)], [withPasskey(WEDNESDAY)], [withPasskey(MONDAY_NOON)])
      .then({
        security_passkeys: [
          {
            passkey_id: passkeyId,
            user_id: userId,
            name: 'İş bilgisayarı',
            created_at: MONDAY,
            last_used_at: WEDNESDAY,
          },
        ],
      });
  });

  it('given a passkey never used, when the owner signs in with a password, then it shows no last use', async () => {
    const userId = randomUUID();
    const passkeyId = randomUUID();
    await spec
      .given([passkeyAdded(userId, passkeyId)])
      .when([started(userId, randomUUID(), TUESDAY)])
      .then({ security_passkeys: [{ passkey_id: passkeyId, last_used_at: null }] });
  });

  it('given two passkeys, when one is removed, then it is kept as removed and the other stays listed', async () => {
    const userId = randomUUID();
    const [phone, laptop] = orderedIds(2);
    await spec
      .given([passkeyAdded(userId, phone!, 'iPhone'), passkeyAdded(userId, laptop!, 'Dizüstü')])
      .when([{ type: 'PasskeyRemoved', data: { userId, passkeyId: phone!, removedAt: TUESDAY } }])
      .then({
        security_passkeys: [
          { passkey_id: phone, name: 'iPhone', removed_at: TUESDAY },
          { passkey_id: laptop, name: 'Dizüstü', removed_at: null },
        ],
      });
  });

  it('given a removed passkey, when the batch that added it is delivered late, then the removal stands', async () => {
    const userId = randomUUID();
    const passkeyId = randomUUID();
    await spec
      .given(
        [passkeyAdded(userId, passkeyId)],
        [{ type: 'PasskeyRemoved', data: { userId, passkeyId, removedAt: TUESDAY } }],
      )
      .whenBatchRedelivered(0)
      .then({ security_passkeys: [{ passkey_id: passkeyId, removed_at: TUESDAY }] });
  });

  it('given an owner whose key is destroyed, when their sealed passkey name arrives, then the row has no name', async () => {
    const userId = randomUUID();
    const passkeyId = randomUUID();
    await spec
      .given()
      .forget(userId)
      .when([passkeyAdded(userId, passkeyId, 'Ayşe’nin telefonu')])
      .then({ security_passkeys: [{ passkey_id: passkeyId, name: '' }] });
  });

  it('given nothing, when two-step sign-in is turned on, a recovery code is used and it is turned off, then each step shows how many codes are left', async () => {
    const userId = randomUUID();
    const on = twoFactorEnabled(userId);
    const used: AccountSecurityEvent = { type: 'RecoveryCodeUsed', data: { userId, remaining: 9, usedAt: TUESDAY } };
    const off: AccountSecurityEvent = { type: 'TwoFactorDisabled', data: { userId, disabledAt: WEDNESDAY } };
    await spec
      .given()
      .when([on])
      .then({
        security_two_factor: [
          { user_id: userId, enabled: true, enabled_at: MONDAY, recovery_codes_left: 10, last_stream_position: 0 },
        ],
      });
    await spec
      .given([on])
      .when([used])
      .then({
        security_two_factor: [
          { user_id: userId, enabled: true, enabled_at: MONDAY, recovery_codes_left: 9, last_stream_position: 1 },
        ],
      });
    await spec
      .given([on], [used])
      .when([off])
      .then({
        security_two_factor: [
          { user_id: userId, enabled: false, enabled_at: null, recovery_codes_left: 0, last_stream_position: 2 },
        ],
      });
  });

  it('given it was turned off, when it is turned on again, then it is on from the new time with ten fresh codes', async () => {
    const userId = randomUUID();
    await spec
      .given(
        [twoFactorEnabled(userId), { type: 'RecoveryCodeUsed', data: { userId, remaining: 9, usedAt: TUESDAY } }],
        [{ type: 'TwoFactorDisabled', data: { userId, disabledAt: TUESDAY } }],
      )
      .when([twoFactorEnabled(userId, WEDNESDAY)])
      .then({
        security_two_factor: [{ user_id: userId, enabled: true, enabled_at: WEDNESDAY, recovery_codes_left: 10 }],
      });
  });

  it('given a whole history, when it is delivered once more as one batch, then nothing changes', async () => {
    const userId = randomUUID();
    const [kept, other] = orderedIds(2);
    const [passkeyId, removedPasskey] = orderedIds(2);
    await spec
      .given(
        [
          passkeyAdded(userId, passkeyId!, 'iPhone'),
          passkeyAdded(userId, removedPasskey!, 'Eski telefon'),
          twoFactorEnabled(userId),
          started(userId, kept!, MONDAY_NOON, { method: 'passkey', passkeyId: passkeyId! }),
        ],
        [
          started(userId, other!, TUESDAY),
          { type: 'RecoveryCodeUsed', data: { userId, remaining: 9, usedAt: TUESDAY } },
          { type: 'PasskeyRemoved', data: { userId, passkeyId: removedPasskey!, removedAt: TUESDAY } },
          {
            type: 'SessionsEnded',
            data: { userId, keptSessionId: kept!, reason: 'ended-by-owner', endedAt: WEDNESDAY },
          },
        ],
      )
      .whenRedelivered()
      .then({
        security_sessions: [
          { session_id: kept, ended_at: null, started_at: MONDAY_NOON },
          { session_id: other, ended_at: WEDNESDAY, started_at: TUESDAY },
        ],
        security_passkeys: [
          { passkey_id: passkeyId, name: 'iPhone', last_used_at: MONDAY_NOON, removed_at: null },
          { passkey_id: removedPasskey, name: 'Eski telefon', last_used_at: null, removed_at: TUESDAY },
        ],
        security_two_factor: [
          { user_id: userId, enabled: true, enabled_at: MONDAY, recovery_codes_left: 9, last_stream_position: 5 },
        ],
      });
  });

  it('given two owners, when one deletes their account, then everything of theirs goes, the other keeps theirs, and nothing of theirs comes back later', async () => {
    const [leaving, staying] = orderedIds(2);
    const [leavingSession, stayingSession] = orderedIds(2);
    const [leavingPasskey, stayingPasskey] = orderedIds(2);
    const historyOf = (userId: string, sessionId: string, passkeyId: string): AccountSecurityEvent[] => [
      passkeyAdded(userId, passkeyId),
      twoFactorEnabled(userId),
      started(userId, sessionId, MONDAY_NOON, { method: 'passkey', passkeyId }),
    ];
    const outcome = await spec
      .given([
        ...historyOf(leaving!, leavingSession!, leavingPasskey!),
        ...historyOf(staying!, stayingSession!, stayingPasskey!),
      ])
      .when(
        [{ type: 'AccountDeleted', data: { userId: leaving!, deletedAt: TUESDAY } }],
        // The log may still bring an event of theirs after the deletion (a session ended as the account went).
        [
          {
            type: 'SessionEnded',
            data: { userId: leaving!, sessionId: leavingSession!, reason: 'signed-out', endedAt: TUESDAY },
          },
        ],
      )
      .then({
        security_sessions: [{ session_id: stayingSession, user_id: staying, ended_at: null }],
        security_passkeys: [{ passkey_id: stayingPasskey, user_id: staying, last_used_at: MONDAY_NOON }],
        security_two_factor: [{ user_id: staying, enabled: true, recovery_codes_left: 10 }],
        account_security_erased: [{ owner_id: leaving, erased_at: TUESDAY }],
      });
    // The last batch was dropped whole: it touched nobody.
    expect(outcome).toEqual({ touched: [] });
  });

  it('given an erased owner, when their history is replayed, then none of it is written again', async () => {
    const userId = randomUUID();
    await spec
      .given(
        [passkeyAdded(userId, randomUUID()), started(userId, randomUUID()), twoFactorEnabled(userId)],
        [{ type: 'AccountDeleted', data: { userId, deletedAt: TUESDAY } }],
      )
      .whenRedelivered()
      .then({ security_sessions: [], security_passkeys: [], security_two_factor: [] });
  });

  it('says whose data a batch changed', async () => {
    const [first, second] = orderedIds(2);
    const outcome = await spec
      .given()
      .when([started(first!, randomUUID()), started(second!, randomUUID()), twoFactorEnabled(first!)])
      .then({});
    expect(outcome).toEqual({ touched: [first, second] });
  });
});
