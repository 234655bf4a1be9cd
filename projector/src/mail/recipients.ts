import { accountStreamId, mailStreamId, type AccountEvent, type MailKind } from '@kartvizit/schemas';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import type { Mailer } from '@kartvizit/infra/mail/mailer';
import type { ReactionOutcome } from '@kartvizit/infra/processing/reactor';
import type { EventCodec, StoredEvent } from '@kartvizit/infra/vault/event-codec';

/** What every e-mail reactor needs. */
export interface MailDependencies {
  readonly mailer: Mailer;
  readonly store: EventStore;
  readonly codec: EventCodec;
  /** PUBLIC_BASE_URL: the links in the e-mails. */
  readonly publicBaseUrl: string;
}

export interface AccountHolder {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** The owner wants an e-mail when a visitor leaves their details (/account; on until switched off). */
  readonly leadAlerts: boolean;
}

/**
 * The owner as the account stream says (the source of truth, decrypted); null when unknown or forgotten. With
 * `asOf`, as it said when that event was recorded: a reaction may run minutes after its event, and a lead left while
 * the owner had alerts switched off stays unannounced when they are switched on again before the reactor gets to it.
 */
export async function readAccountHolder(
  deps: MailDependencies,
  ownerId: string,
  asOf?: Checkpoint,
): Promise<AccountHolder | null> {
  const { events } = await deps.store.readStream(accountStreamId(ownerId));
  let holder = null as AccountHolder | null;
  for (const recorded of events) {
    if (asOf !== undefined && compareCheckpoints(recorded.position, asOf) > 0) break;
    const event = (await deps.codec.decode(recorded)) as StoredEvent<AccountEvent> | null;
    if (event?.type === 'AccountRegistered') {
      holder = event.forgotten
        ? null
        : { email: event.data.email, firstName: event.data.firstName, lastName: event.data.lastName, leadAlerts: true };
    } else if (event?.type === 'AccountRenamed' && holder) {
      holder = { ...holder, firstName: event.data.firstName, lastName: event.data.lastName };
    } else if (event?.type === 'LeadAlertsSwitched' && holder) {
      holder = { ...holder, leadAlerts: event.data.enabled };
    }
  }
  return holder;
}

/** The outcome of an e-mail reaction: what was sent about what, never to whom or what it said. */
export function emailSent(
  ownerId: string,
  kind: MailKind,
  cause: StoredEvent,
  leadId: string | null = null,
): ReactionOutcome {
  return {
    streamId: mailStreamId(ownerId),
    events: [
      {
        type: 'EmailSent',
        data: { ownerId, kind, causeEventId: cause.eventId, leadId, sentAt: new Date().toISOString() },
      },
    ],
  };
}
