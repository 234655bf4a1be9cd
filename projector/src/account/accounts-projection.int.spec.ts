import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { accountStreamId, type AccountEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { accountsProjection } from './accounts-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(accountsProjection, {
  pool: () => database.pool,
  streamOf: (event) => accountStreamId(event.data.userId),
});

function registered(userId: string): AccountEvent {
  return {
    type: 'AccountRegistered',
    data: {
      userId,
      email: 'ayse@example.com',
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      registeredAt: '2026-01-05T09:00:00.000Z',
    },
  };
}
const passwordChanged = (userId: string, changedAt: string): AccountEvent => ({
  type: 'PasswordChanged',
  data: { userId, changedAt },
});

describe('the accounts projection', () => {
  it('keeps who registered and when the password last changed', async () => {
    const userId = randomUUID();
    await spec
      .given()
      .when([registered(userId), passwordChanged(userId, '2026-02-01T10:00:00.000Z')])
      .then({
        accounts: [
          {
            user_id: userId,
            email: 'ayse@example.com',
            first_name: 'Ayşe',
            last_name: 'Yılmaz',
            registered_at: '2026-01-05T09:00:00.000Z',
            password_changed_at: '2026-02-01T10:00:00.000Z',
            lead_alerts: null,
            forgotten: false,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('a batch with only a password change keeps what an earlier batch wrote', async () => {
    const userId = randomUUID();
    await spec
      .given([registered(userId)], [passwordChanged(userId, '2026-02-01T10:00:00.000Z')])
      .when([passwordChanged(userId, '2026-03-01T10:00:00.000Z')])
      .then({
        accounts: [
          {
            email: 'ayse@example.com',
            registered_at: '2026-01-05T09:00:00.000Z',
            password_changed_at: '2026-03-01T10:00:00.000Z',
            last_stream_position: 2,
          },
        ],
      });
  });

  it('given an owner, when the e-mail change is asked for and later confirmed, then only the confirmation moves the address', async () => {
    const userId = randomUUID();
    const requestId = randomUUID();
    const asked: AccountEvent = {
      type: 'EmailChangeRequested',
      data: {
        userId,
        requestId,
        newEmail: 'yeni@example.com',
        requestedAt: '2026-02-01T10:00:00.000Z',
        expiresAt: '2026-02-02T10:00:00.000Z',
      },
    };
    const changed: AccountEvent = {
      type: 'EmailChanged',
      data: { userId, email: 'yeni@example.com', requestId, changedAt: '2026-02-01T11:00:00.000Z' },
    };
    await spec
      .given([registered(userId)])
      .when([asked])
      .then({ accounts: [{ user_id: userId, email: 'ayse@example.com' }] });
    await spec
      .given([registered(userId)], [asked])
      .when([changed])
      .then({
        accounts: [{ user_id: userId, email: 'yeni@example.com', first_name: 'Ayşe', last_stream_position: 2 }],
      });
  });

  it('a redelivered batch changes nothing', async () => {
    const userId = randomUUID();
    await spec
      .given([registered(userId)], [passwordChanged(userId, '2026-02-01T10:00:00.000Z')])
      .whenRedelivered()
      .then({
        accounts: [{ user_id: userId, password_changed_at: '2026-02-01T10:00:00.000Z', last_stream_position: 1 }],
      });
  });

  it('an old batch delivered late does not undo a newer one', async () => {
    const userId = randomUUID();
    await spec
      .given(
        [registered(userId), passwordChanged(userId, '2026-02-01T10:00:00.000Z')],
        [passwordChanged(userId, '2026-03-01T10:00:00.000Z')],
      )
      .whenBatchRedelivered(0)
      .then({ accounts: [{ password_changed_at: '2026-03-01T10:00:00.000Z', last_stream_position: 2 }] });
  });

  it('a forgotten owner replays as nobody: no name, no address, marked forgotten', async () => {
    const userId = randomUUID();
    await spec
      .given()
      .forget(userId)
      .when([registered(userId), passwordChanged(userId, '2026-02-01T10:00:00.000Z')])
      .then({
        accounts: [
          { user_id: userId, email: '', first_name: '', last_name: '', forgotten: true, last_stream_position: 1 },
        ],
      });
  });

  it('a later batch without the registration leaves a forgotten owner forgotten', async () => {
    const userId = randomUUID();
    await spec
      .given()
      .forget(userId)
      .given([registered(userId)])
      .when([passwordChanged(userId, '2026-02-01T10:00:00.000Z')])
      .then({ accounts: [{ email: '', forgotten: true, password_changed_at: '2026-02-01T10:00:00.000Z' }] });
  });

  it('history redelivered after the owner was forgotten blanks the row', async () => {
    const userId = randomUUID();
    await spec
      .given([registered(userId)])
      .forget(userId)
      .whenRedelivered(passwordChanged(userId, '2026-02-01T10:00:00.000Z'))
      .then({ accounts: [{ email: '', first_name: '', forgotten: true, last_stream_position: 1 }] });
  });
  it('given an owner, when they rename themselves and switch lead alerts off in a later batch, then the row shows the new name and the switch', async () => {
    const userId = randomUUID();
    await spec
      .given([registered(userId)])
      .when([
        {
          type: 'AccountRenamed',
          data: { userId, firstName: 'Çiğdem', lastName: 'Öztürk', renamedAt: '2026-02-01T10:00:00.000Z' },
        },
        { type: 'LeadAlertsSwitched', data: { userId, enabled: false, switchedAt: '2026-02-01T10:01:00.000Z' } },
      ])
      .then({
        accounts: [
          {
            email: 'ayse@example.com',
            first_name: 'Çiğdem',
            last_name: 'Öztürk',
            lead_alerts: false,
            registered_at: '2026-01-05T09:00:00.000Z',
          },
        ],
      });
  });

  it('given a forgotten owner, when their rename is replayed, then the name stays blank', async () => {
    const userId = randomUUID();
    await spec
      .given()
      .forget(userId)
      .when([
        registered(userId),
        {
          type: 'AccountRenamed',
          data: { userId, firstName: 'Çiğdem', lastName: 'Öztürk', renamedAt: '2026-02-01T10:00:00.000Z' },
        },
      ])
      .then({ accounts: [{ first_name: '', last_name: '', forgotten: true }] });
  });
});
