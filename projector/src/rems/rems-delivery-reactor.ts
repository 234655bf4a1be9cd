import {
  officeStreamId,
  remsRegistrationStreamId,
  remsStreamId,
  type OfficeEvent,
  type RemsEvent,
  type RemsRegistrationEvent,
  type RemsRegistrationFailed,
  type RemsRegistrationRequested,
  type RemsRegistrationRetried,
} from '@kartvizit/schemas';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { Reactor, ReactionOutcome, RetryPolicy } from '@kartvizit/infra/processing/reactor';
import type { RemsClient } from '@kartvizit/infra/rems/client';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';

export const REMS_DELIVERY_REACTOR = 'rems-delivery';

/**
 * Issue 14: the first retry within 5 s, then exponential backoff up to 10 minutes between tries, for 24 hours.
 *
 * The runner waits min(5 s · 2^(n−1), 600 s) after the n-th failure (or longer when REMS sent Retry-After):
 * 5, 10, 20, 40, 80, 160, 320 s (7 waits, 635 s in all), then 600 s each. 24 h = 86 400 s; after the first
 * 635 s, 85 765 s remain = 142.9 waits of 600 s, so 143 of them: 7 + 143 = 150 waits, 635 + 143 · 600 =
 * 86 435 s (24 h 0 min 35 s) between the first attempt and the last, and 151 attempts in all. The last one
 * failing dead-letters the registration (and it is recorded as failed 'gave_up', see below).
 */
export const REMS_DELIVERY_RETRY: RetryPolicy = { firstDelayMs: 5_000, maxDelayMs: 10 * 60_000, maxAttempts: 151 };

/** Owners whose registrations are on their way to REMS at the same time (Reactor.concurrency). */
export const REMS_DELIVERY_CONCURRENCY = 16;

export interface RemsDeliveryDependencies {
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly rems: RemsClient;
  /** Tests shorten the delays (and the patience); default REMS_DELIVERY_RETRY. */
  readonly retry?: Partial<RetryPolicy>;
  readonly now?: () => Date;
}

/** An attempt REMS could not answer: retried. Carries our short code, never the key or the visitor. */
class RemsUnavailableError extends Error {
  readonly code: string;
  readonly retryAfterMs?: number;

  constructor(reason: string, retryAfterMs?: number) {
    super(`REMS did not take the customer (${reason})`);
    this.name = 'RemsUnavailableError';
    this.code = `rems_${reason}`;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Delivers each visitor's registration to the owner's REMS (issue 14, decisions 25 and 32): one
 * event at a time, the owner's registrations in their order (partition = owner, so one owner's REMS
 * trouble holds back only that owner's), the registration id as REMS's Idempotency-Key (a delivery
 * made again after a crash, or after an answer lost on the way, is one customer in REMS).
 *
 * Each time it reads the CURRENT key: on an office's card, the office's from `office-{officeId}` while one is in
 * force (issue 30), else the owner's from `rems-{ownerId}`; none (removed since, or the account deleted, which
 * forgets it) → failed 'key_removed', final. REMS's answers: created → delivered;
 * rejected (a final 4xx) → failed 'rejected' with REMS's cleaned words; refused (401/403) → failed
 * 'key_refused'; anything else → thrown to be retried, with REMS's Retry-After when it gave one.
 *
 * Giving up (REMS_DELIVERY_RETRY's last attempt failed) is the runner's dead letter, which an
 * operator may still retry; the core's `gaveUp` hook records the registration as failed 'gave_up'
 * with it, so the owner's counters see it (a later retry that delivers appends
 * RemsCustomerDelivered, which then stands: the last outcome wins).
 *
 * A registration whose key is already forgotten (the owner deleted the lead, or their account) is
 * not delivered and gets no outcome: the visitor was erased before REMS heard of them.
 *
 * The owner's 'Tekrar Dene' (RemsRegistrationRetried, decision 38) is delivered the same way: the registration read
 * back from its stream, the same registration id as Idempotency-Key, a new outcome in the same stream. A retry of one
 * that reached REMS since (an operator's retry of its dead letter) sends nothing.
 */
export function remsDeliveryReactor(
  deps: RemsDeliveryDependencies,
): Reactor<RemsRegistrationRequested | RemsRegistrationRetried> {
  const now = deps.now ?? (() => new Date());

  /** The owner's key in force: the last RemsKeySaved not followed by RemsKeyRemoved, decoded; null when none. */
  async function ownerKey(ownerId: string): Promise<string | null> {
    const { events } = await deps.store.readStream(remsStreamId(ownerId));
    let key: string | null = null;
    for (const recorded of events) {
      const event = (await deps.codec.decode(recorded)) as (RemsEvent & { forgotten: boolean }) | null;
      if (event?.type === 'RemsKeySaved') key = event.forgotten || event.data.apiKey === '' ? null : event.data.apiKey;
      else if (event?.type === 'RemsKeyRemoved') key = null;
    }
    return key;
  }

  /** The office's key in force (OfficeRemsKeySaved not followed by OfficeRemsKeyRemoved), decoded; null when none. */
  async function officeKey(officeId: string): Promise<string | null> {
    const { events } = await deps.store.readStream(officeStreamId(officeId));
    let key: string | null = null;
    for (const recorded of events) {
      if (recorded.type !== 'OfficeRemsKeySaved' && recorded.type !== 'OfficeRemsKeyRemoved') continue;
      const event = (await deps.codec.decode(recorded)) as (OfficeEvent & { forgotten: boolean }) | null;
      if (event?.type === 'OfficeRemsKeySaved')
        key = event.forgotten || event.data.apiKey === '' ? null : event.data.apiKey;
      else if (event?.type === 'OfficeRemsKeyRemoved') key = null;
    }
    return key;
  }

  /**
   * The key that takes the registration now (decision 61): its office's while one is in force, else its owner's own
   * (command-api's remsKeyFor, the same rule).
   */
  async function currentKey(registration: RemsRegistrationRequested['data']): Promise<string | null> {
    const office = registration.officeId ? await officeKey(registration.officeId) : null;
    return office ?? (await ownerKey(registration.ownerId));
  }

  /**
   * The registration an owner's 'Tekrar Dene' sends again, read back from its stream: null when there is nothing to
   * send (its visitor was erased, or it reached REMS since, through an operator's retry of its dead letter).
   */
  async function retriedRegistration(
    event: RemsRegistrationRetried,
  ): Promise<RemsRegistrationRequested['data'] | null> {
    const { events } = await deps.store.readStream(remsRegistrationStreamId(event.data.registrationId));
    let requested: (RemsRegistrationRequested & { readonly forgotten: boolean }) | null = null;
    for (const recorded of events) {
      const decoded = (await deps.codec.decode(recorded)) as (RemsRegistrationEvent & { forgotten: boolean }) | null;
      if (decoded?.type === 'RemsRegistrationRequested') requested = decoded;
      else if (decoded?.type === 'RemsCustomerDelivered') return null;
    }
    return requested && !requested.forgotten ? requested.data : null;
  }

  function failed(
    registration: { readonly registrationId: string; readonly ownerId: string },
    reason: RemsRegistrationFailed['data']['reason'],
    message: string | null = null,
    at: string = now().toISOString(),
  ): ReactionOutcome {
    return {
      streamId: remsRegistrationStreamId(registration.registrationId),
      events: [
        {
          type: 'RemsRegistrationFailed',
          data: {
            registrationId: registration.registrationId,
            ownerId: registration.ownerId,
            reason,
            message,
            failedAt: at,
          },
        },
      ],
    };
  }

  return {
    name: REMS_DELIVERY_REACTOR,
    // A registration, and an owner's retry of a failed one: both delivered the same way, under the registration's id.
    handles: ['RemsRegistrationRequested', 'RemsRegistrationRetried'],
    // From the log's start: a registration made before this reactor first ran (REMS_API_URL set
    // later, a new deployment) must still reach REMS.
    startAt: 'start',
    retry: { ...REMS_DELIVERY_RETRY, ...deps.retry },
    partitionOf: (event) => `owner:${event.data.ownerId}`,
    // REMS answers in a few hundred ms: 16 owners' registrations at once (each owner's still in order), so a busy
    // hour of many agents' cards is not delivered at one customer per answer. REMS de-duplicates by the registration
    // id, so a batch handled again after a crash makes no customer twice.
    concurrency: REMS_DELIVERY_CONCURRENCY,
    // A registration REMS did not take within the day fails 'gave_up', recorded with its dead letter (an operator
    // may still retry it; a later delivery then comes after, and the last outcome stands).
    async gaveUp(event) {
      return failed(event.data, 'gave_up');
    },
    async react(event) {
      if (event.forgotten) return;
      const registration = event.type === 'RemsRegistrationRequested' ? event.data : await retriedRegistration(event);
      if (registration === null) return;
      const key = await currentKey(registration);
      if (key === null) return failed(registration, 'key_removed');
      const result = await deps.rems.createCustomer(key, registration.registrationId, {
        firstName: registration.firstName,
        lastName: registration.lastName,
        phoneNumber: registration.phoneNumber,
        customerType: registration.customerType,
        email: registration.email,
        province: registration.province,
        provinceName: registration.provinceName,
        district: registration.district,
        districtName: registration.districtName,
        address: registration.address,
        notes: registration.notes,
      });
      switch (result.kind) {
        case 'created':
          return {
            streamId: remsRegistrationStreamId(registration.registrationId),
            events: [
              {
                type: 'RemsCustomerDelivered',
                data: {
                  registrationId: registration.registrationId,
                  ownerId: registration.ownerId,
                  remsCustomerId: result.remsId,
                  deliveredAt: now().toISOString(),
                },
              },
            ],
          };
        case 'rejected':
          return failed(registration, 'rejected', result.message);
        case 'refused':
          return failed(registration, 'key_refused');
        case 'retry':
          throw new RemsUnavailableError(result.reason, result.retryAfterMs);
        default: {
          const unhandled: never = result;
          return unhandled;
        }
      }
    },
  };
}
