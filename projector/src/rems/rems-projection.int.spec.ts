import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { remsStreamId, type RemsEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { remsKeysProjection } from './rems-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(remsKeysProjection, {
  pool: () => database.pool,
  streamOf: (event) => remsStreamId(event.data.ownerId),
});

const MONDAY = '2026-11-23T09:00:00.000Z';
const TUESDAY = '2026-11-24T10:30:00.000Z';
const WEDNESDAY = '2026-11-25T08:15:00.000Z';

const saved = (ownerId: string, apiKey: string, savedAt = MONDAY): RemsEvent => ({
  type: 'RemsKeySaved',
  data: { ownerId, apiKey, keyHint: apiKey.slice(-4), remsAccountName: 'Yılmaz Gayrimenkul', savedAt },
});
const removed = (ownerId: string, removedAt = TUESDAY): RemsEvent => ({
  type: 'RemsKeyRemoved',
  data: { ownerId, removedAt },
});

describe('the REMS keys projection', () => {
  it('given nothing, when an owner saves a key, then the row is active with the last 4 characters and no key', async () => {
    const ownerId = randomUUID();
    await spec
      .given()
      .when([saved(ownerId, 'rems_live_9c1e7a3b4f9a')])
      .then({
        rems_keys: [
          {
            owner_id: ownerId,
            active: true,
            key_hint: '4f9a',
            saved_at: MONDAY,
            removed_at: null,
            last_stream_position: 0,
          },
        ],
      });
  });

  it('given an active key, when it is removed in a later batch, then the row is inactive and keeps no hint', async () => {
    const ownerId = randomUUID();
    await spec
      .given([saved(ownerId, 'rems_live_9c1e7a3b4f9a')])
      .when([removed(ownerId)])
      .then({
        rems_keys: [
          {
            owner_id: ownerId,
            active: false,
            key_hint: null,
            saved_at: MONDAY,
            removed_at: TUESDAY,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('given a removed key, when another is saved in the same batch as the removal, then the new key is in force', async () => {
    const ownerId = randomUUID();
    await spec
      .given([saved(ownerId, 'rems_live_9c1e7a3b4f9a')])
      .when([removed(ownerId), saved(ownerId, 'rems_live_0d2b8e5c7d31', WEDNESDAY)])
      .then({
        rems_keys: [
          {
            owner_id: ownerId,
            active: true,
            key_hint: '7d31',
            saved_at: WEDNESDAY,
            removed_at: null,
            last_stream_position: 2,
          },
        ],
      });
  });

  it('given two owners, when one removes their key, then the other stays active', async () => {
    const [ayse, mehmet] = [randomUUID(), randomUUID()].sort();
    await spec
      .given([saved(ayse ?? '', 'rems_live_aaaa1111'), saved(mehmet ?? '', 'rems_live_bbbb2222')])
      .when([removed(ayse ?? '')])
      .then({
        rems_keys: [
          { owner_id: ayse, active: false, key_hint: null },
          { owner_id: mehmet, active: true, key_hint: '2222' },
        ],
      });
  });

  it('given a history, when it is redelivered, then nothing changes', async () => {
    const ownerId = randomUUID();
    await spec
      .given([saved(ownerId, 'rems_live_9c1e7a3b4f9a')], [removed(ownerId)])
      .whenRedelivered()
      .then({ rems_keys: [{ owner_id: ownerId, active: false, removed_at: TUESDAY, last_stream_position: 1 }] });
  });

  it('given an old batch delivered late, when it arrives after the removal, then the removal stands', async () => {
    const ownerId = randomUUID();
    await spec
      .given([saved(ownerId, 'rems_live_9c1e7a3b4f9a')], [removed(ownerId)])
      .whenBatchRedelivered(0)
      .then({ rems_keys: [{ owner_id: ownerId, active: false, key_hint: null, last_stream_position: 1 }] });
  });

  it('given an active key, when the owner deletes their account, then their row goes and a late save does not bring it back', async () => {
    const [ownerId, other] = [randomUUID(), randomUUID()];
    await spec
      .given([saved(ownerId, 'rems_live_9c1e7a3b4f9a'), saved(other, 'rems_live_bbbb2222')])
      .when(
        [{ type: 'AccountDeleted', data: { userId: ownerId, deletedAt: TUESDAY } }],
        [saved(ownerId, 'rems_live_0d2b8e5c7d31', WEDNESDAY)],
      )
      .then({ rems_keys: [{ owner_id: other, active: true, key_hint: '2222' }] });
  });
});
