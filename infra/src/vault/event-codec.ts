import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { EVENT_TYPES, isDomainEventType, type DomainEvent } from '@kartvizit/schemas';
import type { EventMetadata, NewEvent, RecordedEvent } from '../event-store/types.ts';
import { deriveKey } from '../config/secrets.ts';
import { isSealedData, PersonalDataVault } from './personal-data-vault.ts';

/** A domain event read back from the store, with its place in history. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E & {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly position: RecordedEvent['position'];
  readonly metadata: EventMetadata;
  readonly createdAt: Date;
  /** True when the owner's key is gone: personal fields then read as empty strings. */
  readonly forgotten: boolean;
};

const SEALED_FIELD = 'sealed';

/**
 * Turns domain events into stored events and back. Personal fields listed in EVENT_TYPES are moved
 * into one sealed blob on the way in, so deciders and projections only ever see plain values.
 */
export class EventCodec {
  constructor(private readonly vault: PersonalDataVault) {}

  async encode(event: DomainEvent, metadata: EventMetadata = {}, eventId: string = randomUUID()): Promise<NewEvent> {
    const info = EVENT_TYPES[event.type];
    const data: Record<string, unknown> = { ...event.data };
    if (info.personalFields && info.ownerField) {
      const ownerId = data[info.ownerField];
      if (typeof ownerId !== 'string') throw new Error(`${event.type}: owner field ${info.ownerField} missing`);
      const personal: Record<string, unknown> = {};
      for (const field of info.personalFields) {
        personal[field] = data[field];
        delete data[field];
      }
      data[SEALED_FIELD] = await this.vault.seal(ownerId, personal);
    }
    return { eventId, type: event.type, schemaVersion: info.schemaVersion, data, metadata };
  }

  /**
   * Destroys the key named by an event's owner field (an owner, or a single lead): every personal
   * field sealed under it reads as forgotten from now on (KVKK erasure by crypto-shredding).
   */
  async forget(keyId: string): Promise<void> {
    await this.vault.forget(keyId);
  }

  /** Null for event types this version of the code does not know (written by a newer deployment). */
  async decode(recorded: RecordedEvent): Promise<StoredEvent | null> {
    if (!isDomainEventType(recorded.type)) return null;
    const info = EVENT_TYPES[recorded.type];
    const data: Record<string, unknown> = { ...recorded.data };
    let forgotten = false;
    const sealed = data[SEALED_FIELD];
    if (info.personalFields && info.ownerField && isSealedData(sealed)) {
      delete data[SEALED_FIELD];
      const ownerId = String(data[info.ownerField]);
      const personal = await this.vault.open(ownerId, sealed);
      forgotten = personal === null;
      for (const field of info.personalFields) {
        if (personal === null) data[field] = '';
        // A field an older schema version wrote in plain (MeetingScheduled's title before version 2): read as written.
        else if (Object.hasOwn(personal, field)) data[field] = personal[field];
      }
    }
    return {
      type: recorded.type,
      data,
      eventId: recorded.eventId,
      streamId: recorded.streamId,
      streamPosition: recorded.streamPosition,
      position: recorded.position,
      metadata: recorded.metadata,
      createdAt: recorded.createdAt,
      forgotten,
    } as StoredEvent;
  }
}

/** The codec every service builds: the vault's key-encryption key derived from the app secret. */
export function codecFromAppSecret(pool: pg.Pool, appSecret: Buffer): EventCodec {
  return new EventCodec(new PersonalDataVault(pool, deriveKey(appSecret, 'personal-data-kek')));
}
