/**
 * A rems-delivery reactor process for the crash test: the real runner over the real reactor and
 * REMS adapter, killed by the parent while REMS has stored a customer and not yet answered.
 */
import pg from 'pg';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { ReactorWork } from '@kartvizit/infra/processing/reactor-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';
import { RemsClient } from '@kartvizit/infra/rems/client';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { remsDeliveryReactor } from '@kartvizit/projector/rems/rems-delivery-reactor';

const pool = new pg.Pool({ connectionString: process.env.CHILD_DATABASE_URL ?? '', max: 4 });
const store = await createEventStore({ kind: 'postgres' }, { pool });
const codec = new EventCodec(
  new PersonalDataVault(pool, deriveKey(Buffer.from(process.env.CHILD_APP_SECRET ?? '', 'hex'), 'personal-data-kek')),
);
const reactor = remsDeliveryReactor({
  store,
  codec,
  rems: new RemsClient(process.env.CHILD_REMS_URL ?? ''),
  retry: { firstDelayMs: 20, maxDelayMs: 40 },
});
const deps = { pool, store, codec, pollIntervalMs: 50 };
const runner = new StoreSource(new ReactorWork(reactor, deps), deps);
runner.start();
process.send?.('started');
