/**
 * A reactor process for the crash test: the real runner over the delivering reactor, killed by the
 * parent while the service it calls has kept a delivery and not yet answered.
 */
import pg from 'pg';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { ReactorWork } from '@kartvizit/infra/processing/reactor-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { deliveringReactor } from './delivering-reactor.ts';

const pool = new pg.Pool({ connectionString: process.env.CHILD_DATABASE_URL ?? '', max: 4 });
const store = await createEventStore({ kind: 'postgres' }, { pool });
const codec = new EventCodec(
  new PersonalDataVault(pool, deriveKey(Buffer.from(process.env.CHILD_APP_SECRET ?? '', 'hex'), 'personal-data-kek')),
);
const deps = { pool, store, codec, pollIntervalMs: 50 };
const reactor = deliveringReactor(process.env.CHILD_RECEIVER_URL ?? '', { firstDelayMs: 20 });
const runner = new StoreSource(new ReactorWork(reactor, deps), deps);
runner.start();
process.send?.('started');
