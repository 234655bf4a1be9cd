/**
 * A projector process for the crash test: the real runner over the real accounts projection,
 * slowed down inside each batch's transaction so the parent can kill it mid-batch.
 */
import pg from 'pg';
import type { AccountEvent } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { accountsProjection } from '@kartvizit/projector/account/accounts-projection';
import { ProjectionWork } from '@kartvizit/infra/processing/projection-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';
import type { Projection } from '@kartvizit/infra/processing/projection';

const url = process.env.CHILD_DATABASE_URL ?? '';
const secret = Buffer.from(process.env.CHILD_APP_SECRET ?? '', 'hex');
const delayMs = Number(process.env.CHILD_APPLY_DELAY_MS ?? '40');

const pool = new pg.Pool({ connectionString: url, max: 4 });
const store = await createEventStore({ kind: 'postgres' }, { pool });
const codec = new EventCodec(new PersonalDataVault(pool, deriveKey(secret, 'personal-data-kek')));
const slow: Projection<AccountEvent> = {
  ...accountsProjection,
  async apply(events, context) {
    await accountsProjection.apply(events, context);
    // After the rows are written, before the checkpoint moves: the worst moment to die.
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  },
};
const deps = { pool, store, codec, batchSize: 50, pollIntervalMs: 100 };
const runner = new StoreSource(new ProjectionWork(slow, deps), deps);
runner.start();
process.send?.('started');
