import type pg from 'pg';
import { applePassStreamId, type ApplePassUnregistered } from '@kartvizit/schemas';
import { compareCheckpoints, isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import type { AppendRequest, EventStore } from '@kartvizit/infra/event-store/types';
import { derivedEventId, type Reactor, type RetryPolicy } from '@kartvizit/infra/processing/reactor';
import {
  APPLE_PASS_REGISTRATIONS_PROJECTION,
  CARDS_PROJECTION,
  OFFICES_PROJECTION,
  PROFILES_PROJECTION,
  RM_APPLE_PASS_REGISTRATIONS,
  RM_CARDS,
} from '@kartvizit/infra/read-models/contract';
import type { EventCodec, StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { ApnsClient, ApnsUnavailableError } from '@kartvizit/infra/wallet/apns';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import {
  PASS_CHANGING_EVENTS,
  passCardsChangedBy,
  waitForReadModels,
  type PassChangingEvent,
} from '@kartvizit/infra/wallet/pass-changes';

export const APPLE_PUSH_REACTOR = 'apple-wallet-push';

/**
 * The read models a device's next calls read: the pass is built from the cards, profiles and offices; "which passes
 * changed?" lists the registrations. A push goes out only once all of them passed the event.
 */
export const APPLE_PUSH_READ_MODELS = [
  CARDS_PROJECTION,
  PROFILES_PROJECTION,
  OFFICES_PROJECTION,
  APPLE_PASS_REGISTRATIONS_PROJECTION,
] as const;

/**
 * A few hours of patience with APNs (1 s, 2 s … capped at 15 minutes; 20 attempts): a push later than that tells a
 * device about a change it will have fetched by itself by then (Wallet also asks when the pass is opened).
 */
export const APPLE_PUSH_RETRY: RetryPolicy = { maxAttempts: 20, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000 };

export interface ApplePushReactorDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  /** APPLE_* with APPLE_APNS_* set (the reactor runs only then). */
  readonly appleWallet: AppleWalletSettings & { readonly apns: NonNullable<AppleWalletSettings['apns']> };
  readonly retry?: Partial<RetryPolicy>;
  /** How long one attempt waits for the read models to pass the event before it fails (and is retried); default 2 s. */
  readonly readModelWaitMs?: number;
  /** Where a refused push is told (the card and APNs's status and reason, never a token). */
  readonly log?: (message: string) => void;
}

interface Registration {
  readonly device_key: string;
  readonly card_id: string;
  readonly owner_id: string;
  readonly push_token: string;
  readonly holder_id: string | null;
  readonly registered_position: string | null;
}

/** Pushes already made, by event, device and card: a retried event does not push a device twice. Bounded. */
class Delivered {
  private readonly seen = new Set<string>();

  constructor(private readonly limit = 50_000) {}

  has(key: string): boolean {
    return this.seen.has(key);
  }

  add(key: string): void {
    if (this.seen.size >= this.limit) this.seen.clear();
    this.seen.add(key);
  }
}

/**
 * The pass follows the card (issue 32): when what a card's Apple Wallet pass shows changes, every device registered
 * for that pass is told so through APNs (one empty push per change and device); the device then asks the web service
 * which passes changed and fetches them (query-api/src/wallet/apple-web-service.ts).
 *
 * The devices of the card's current holder are told; when an office card is taken back, its former holder's are
 * (their pass then turns void); a device registered under an earlier holder hears nothing of the next one.
 *
 * The race: the device's calls read the read models, which follow the log beside this reactor. So nothing is pushed
 * before the cards, profiles, offices and registrations read models have passed the event; until then the attempt
 * fails and the runtime retries it. APNs's 5xx, 429, a refused provider token and network failures fail the attempt
 * too (devices already told are not told again on the retry); a token APNs calls gone (410, BadDeviceToken) is
 * unregistered with an ApplePassUnregistered on the pass's stream (its id derived from the event and the device, so a
 * repeat appends nothing); any other refusal is logged and let go.
 */
export function applePushReactor(deps: ApplePushReactorDependencies): Reactor<PassChangingEvent> {
  const { appleWallet } = deps;
  const apns = new ApnsClient({
    keyPem: appleWallet.apns.keyPem,
    keyId: appleWallet.apns.keyId,
    teamId: appleWallet.teamId,
    topic: appleWallet.passTypeId,
    url: appleWallet.apns.url,
  });
  const delivered = new Delivered();
  const waitMs = deps.readModelWaitMs ?? 2_000;

  async function registrationsToTell(event: StoredEvent<PassChangingEvent>, cardIds: readonly string[]) {
    if (cardIds.length === 0) return [];
    const { rows } = await deps.pool.query<Registration>(
      `SELECT r.device_key, r.card_id, r.owner_id::text AS owner_id, r.push_token, r.registered_position, c.owner_id::text AS holder_id
         FROM ${RM_APPLE_PASS_REGISTRATIONS} r JOIN ${RM_CARDS} c ON c.card_id = r.card_id
        WHERE r.card_id = ANY($1::text[]) AND r.active AND r.push_token <> ''
        ORDER BY r.card_id, r.device_key`,
      [cardIds],
    );
    const heldBy = (row: Registration) => (event.type === 'CardReturned' ? event.data.formerHolderId : row.holder_id);
    // Only devices registered before the change: one registered since fetched the pass after it (a reaction that runs
    // late, after a retry, must not tell them of a change they already have).
    const before = (row: Registration) =>
      isCheckpoint(row.registered_position) && compareCheckpoints(row.registered_position, event.position) < 0;
    return rows.filter((row) => row.owner_id === heldBy(row) && before(row));
  }

  async function unregister(gone: readonly Registration[], event: StoredEvent<PassChangingEvent>): Promise<void> {
    if (gone.length === 0) return;
    const requests: AppendRequest[] = [];
    for (const row of gone) {
      const unregistered: ApplePassUnregistered = {
        type: 'ApplePassUnregistered',
        data: {
          ownerId: row.owner_id,
          cardId: row.card_id,
          deviceKey: row.device_key,
          reason: 'apns-gone',
          // The change that found the token gone: the same on every attempt, so a repeat is the same event.
          unregisteredAt: event.createdAt.toISOString(),
        },
      };
      requests.push({
        streamId: applePassStreamId(row.card_id),
        expected: 'any',
        events: [
          await deps.codec.encode(
            unregistered,
            { actor: 'system', causationId: event.eventId },
            derivedEventId(APPLE_PUSH_REACTOR, event.eventId, row.device_key, row.card_id),
          ),
        ],
      });
    }
    await deps.store.append(requests);
  }

  return {
    name: APPLE_PUSH_REACTOR,
    handles: PASS_CHANGING_EVENTS,
    // From the log's head: a change before this reactor ran has nothing left to tell (the device fetched it since).
    startAt: 'head',
    retry: { ...APPLE_PUSH_RETRY, ...deps.retry },
    async react(event) {
      await waitForReadModels(
        deps.pool,
        event.position,
        APPLE_PUSH_READ_MODELS,
        waitMs,
        'apple_push_read_models_behind',
      );
      const cardIds = await passCardsChangedBy(deps.pool, event);
      const registrations = await registrationsToTell(event, cardIds);
      const gone: Registration[] = [];
      let unavailable: ApnsUnavailableError | null = null;
      await Promise.all(
        registrations.map(async (row) => {
          const key = `${event.eventId} ${row.device_key} ${row.card_id}`;
          if (delivered.has(key)) return;
          try {
            const outcome = await apns.push(
              row.push_token,
              derivedEventId('apple-push', event.eventId, row.device_key, row.card_id),
            );
            if (outcome.kind === 'gone') gone.push(row);
            else {
              if (outcome.kind === 'rejected')
                deps.log?.(
                  `APNs refused the push for card ${row.card_id} after ${event.type} ` +
                    `(HTTP ${outcome.status}${outcome.reason ? ` ${outcome.reason}` : ''}); not tried again`,
                );
              delivered.add(key);
            }
          } catch (error) {
            if (!(error instanceof ApnsUnavailableError)) throw error;
            unavailable ??= error;
          }
        }),
      );
      await unregister(gone, event);
      for (const row of gone) delivered.add(`${event.eventId} ${row.device_key} ${row.card_id}`);
      if (unavailable) throw unavailable;
    },
  };
}
