import type pg from 'pg';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { Schedule } from '@kartvizit/infra/processing/schedule';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { listingAuthorisationSchedule } from './product/listing-authorisation-schedule.ts';

/**
 * Every reaction driven by time (infra/src/processing/schedule.ts), as both compositions start them. A feature adds
 * its schedule here; its deadlines live in its own read model.
 */
export function productSchedules(deps: {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
}): Schedule[] {
  return [listingAuthorisationSchedule(deps)];
}
