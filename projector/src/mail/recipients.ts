import { accountStreamId, mailStreamId, type AccountEvent, type MailKind } from '@kartvizit/schemas';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { renderMail, type MailContent } from '@kartvizit/infra/mail/layout';
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
 * With `{ before }` (an event of the account stream), as it said just before that event: the address an EmailChanged
 * moved away from.
 */
export async function readAccountHolder(
  deps: MailDependencies,
  ownerId: string,
  asOf?: Checkpoint | { readonly before: StoredEvent },
): Promise<AccountHolder | null> {
  const { events } = await deps.store.readStream(accountStreamId(ownerId));
  let holder = null as AccountHolder | null;
  for (const recorded of events) {
    if (typeof asOf === 'string' && compareCheckpoints(recorded.position, asOf) > 0) break;
    if (typeof asOf === 'object' && recorded.streamPosition >= asOf.before.streamPosition) break;
    const event = (await deps.codec.decode(recorded)) as StoredEvent<AccountEvent> | null;
    if (event?.type === 'AccountRegistered') {
      holder = event.forgotten
        ? null
        : { email: event.data.email, firstName: event.data.firstName, lastName: event.data.lastName, leadAlerts: true };
    } else if (event?.type === 'AccountRenamed' && holder) {
      holder = { ...holder, firstName: event.data.firstName, lastName: event.data.lastName };
    } else if (event?.type === 'EmailChanged' && holder) {
      holder = { ...holder, email: event.data.email };
    } else if (event?.type === 'LeadAlertsSwitched' && holder) {
      holder = { ...holder, leadAlerts: event.data.enabled };
    } else if (event?.type === 'AccountDeleted') {
      holder = null;
    }
  }
  return holder;
}

/**
 * Sends one e-mail of a reaction and answers its outcome: the e-mail's Message-ID is the reaction's idempotency key
 * and its kind (the same e-mail sent again after a crash carries the same id), and what was sent about what is
 * recorded as EmailSent in the owner's `mail-{ownerId}` stream, never to whom or what it said.
 */
export async function sendMail(
  deps: Pick<MailDependencies, 'mailer'>,
  mail: {
    readonly to: string;
    readonly content: MailContent;
    readonly kind: MailKind;
    readonly ownerId: string;
    readonly cause: StoredEvent;
    readonly idempotencyKey: string;
    readonly leadId?: string;
  },
): Promise<ReactionOutcome> {
  await deps.mailer.send({
    to: mail.to,
    ...renderMail(mail.content),
    key: `${mail.idempotencyKey}.${mail.kind}`,
    ownerId: mail.ownerId,
  });
  return {
    streamId: mailStreamId(mail.ownerId),
    events: [
      {
        type: 'EmailSent',
        data: {
          ownerId: mail.ownerId,
          kind: mail.kind,
          causeEventId: mail.cause.eventId,
          leadId: mail.leadId ?? null,
          sentAt: new Date().toISOString(),
        },
      },
    ],
  };
}
