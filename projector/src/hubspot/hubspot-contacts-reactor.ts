import {
  hubspotStreamId,
  splitFullName,
  type HubSpotFailureReason,
  type LeadSubmitted,
} from '@kartvizit/schemas';
import { escapeHtml } from '@kartvizit/infra/html/markup';
import { HubSpotError, type ContactProperty, type HubSpotClient } from '@kartvizit/infra/hubspot/client';
import { withHubSpotAccess, type HubSpotConnectionStore } from '@kartvizit/infra/hubspot/connections';
import type { Reactor, ReactionOutcome, RetryPolicy } from '@kartvizit/infra/processing/reactor';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';

export const HUBSPOT_CONTACTS_REACTOR = 'hubspot-contacts';

/** As REMS's delivery: 5 s, doubling to 10 minutes between tries, for about a day (151 attempts). */
export const HUBSPOT_RETRY: RetryPolicy = { firstDelayMs: 5_000, maxDelayMs: 10 * 60_000, maxAttempts: 151 };

export interface HubSpotContactsDependencies {
  readonly connections: HubSpotConnectionStore;
  readonly client: HubSpotClient;
  /** Tests shorten it; default HUBSPOT_RETRY. */
  readonly retry?: Partial<RetryPolicy>;
  readonly now?: () => Date;
}

/**
 * The word a lead's note carries so that the reactor can find it again: a lead handled twice (the process stopped
 * between HubSpot's answer and the checkpoint) adds no second note. One token (letters and digits only), as HubSpot's
 * CONTAINS_TOKEN search matches whole words.
 */
export function leadNoteMarker(leadId: string): string {
  return `kartvizit${leadId.replaceAll('-', '').toLowerCase()}`;
}

/** The note's HTML (hs_note_body): the visitor's message, the card it came from, and the marker. */
export function leadNoteBody(lead: LeadSubmitted['data']): string {
  const message = lead.message.trim() === '' ? '(Mesaj bırakılmadı)' : lead.message.trim();
  return [
    '<p><strong>Dijital Kartvizit: yeni bağlantı</strong></p>',
    `<p>${escapeHtml(message).replace(/\r?\n/gu, '<br>')}</p>`,
    `<p>Kart: ${escapeHtml(lead.cardId)}</p>`,
    `<p>Ref: ${leadNoteMarker(lead.leadId)}</p>`,
  ].join('');
}

/** The lead's values as contact properties, empty ones left out (never written over what HubSpot has). */
function leadProperties(lead: LeadSubmitted['data']): Partial<Record<ContactProperty, string>> {
  const { firstName, lastName } = splitFullName(lead.fullName);
  const properties: Partial<Record<ContactProperty, string>> = {};
  if (lead.email !== '') properties.email = lead.email;
  if (firstName !== '') properties.firstname = firstName;
  if (lastName !== '') properties.lastname = lastName;
  if (lead.phone !== '') properties.phone = lead.phone;
  return properties;
}

/**
 * Each lead becomes or updates a contact in its owner's HubSpot, with a note of its message (issue 35,
 * docs/decisions/0068-hubspot.md). Matched by e-mail, then by phone; a new contact is created with the lead's values,
 * a found one gets only the values the lead has and HubSpot's differ from (an empty one never clears HubSpot's).
 * Outcome: HubSpotContactSynced or HubSpotSyncFailed on `hubspot-{ownerId}`.
 *
 * Skipped without an outcome: an owner not connected (no tokens), a lead already erased (its key destroyed), a lead
 * left on an office's card (the office holds it, issue 30, not the member's own CRM). HubSpot's 429/5xx/timeouts are
 * thrown to the runtime, which tries again (with Retry-After); a 401 refreshes the token once; a refused refresh or
 * another 4xx is final.
 */
export function hubspotContactsReactor(deps: HubSpotContactsDependencies): Reactor<LeadSubmitted> {
  const now = deps.now ?? (() => new Date());

  function failed(lead: LeadSubmitted['data'], reason: HubSpotFailureReason, message: string | null): ReactionOutcome {
    return {
      streamId: hubspotStreamId(lead.ownerId),
      events: [
        {
          type: 'HubSpotSyncFailed',
          data: { leadId: lead.leadId, ownerId: lead.ownerId, reason, message, failedAt: now().toISOString() },
        },
      ],
    };
  }

  async function sync(accessToken: string, lead: LeadSubmitted['data']) {
    const { client } = deps;
    const found =
      (lead.email !== '' ? await client.findContact(accessToken, 'email', lead.email) : null) ??
      (lead.phone !== '' ? await client.findContact(accessToken, 'phone', lead.phone) : null);
    const properties = leadProperties(lead);
    let contactId: string;
    if (found === null) {
      contactId = (await client.createContact(accessToken, properties)).id;
    } else {
      contactId = found.id;
      const changes = Object.fromEntries(
        Object.entries(properties).filter(([name, value]) => (found.properties[name] ?? '') !== value),
      );
      if (Object.keys(changes).length > 0) await client.updateContact(accessToken, contactId, changes);
    }
    const marker = leadNoteMarker(lead.leadId);
    if (!(await client.noteExists(accessToken, marker))) {
      await client.createNote(accessToken, contactId, leadNoteBody(lead), new Date(lead.submittedAt).toISOString());
    }
    return { contactId, created: found === null };
  }

  return {
    name: HUBSPOT_CONTACTS_REACTOR,
    handles: ['LeadSubmitted'],
    // From the head: connecting HubSpot today does not send last year's leads.
    startAt: 'head',
    retry: { ...HUBSPOT_RETRY, ...deps.retry },
    // An owner's leads reach their HubSpot in order; one owner's HubSpot trouble holds back no other owner's.
    partitionOf: (event) => `owner:${event.data.ownerId}`,
    async gaveUp(event: StoredEvent<LeadSubmitted>) {
      return failed(event.data, 'gave_up', null);
    },
    async react(event) {
      const lead = event.data;
      if (event.forgotten || lead.officeId) return;
      try {
        const outcome = await withHubSpotAccess(deps.connections, deps.client, lead.ownerId, (token) =>
          sync(token, lead),
        );
        if (outcome === null) return;
        return {
          streamId: hubspotStreamId(lead.ownerId),
          events: [
            {
              type: 'HubSpotContactSynced',
              data: {
                leadId: lead.leadId,
                ownerId: lead.ownerId,
                contactId: outcome.value.contactId,
                created: outcome.value.created,
                syncedAt: now().toISOString(),
              },
            },
          ],
        };
      } catch (error) {
        if (!(error instanceof HubSpotError)) throw error;
        switch (error.kind) {
          case 'refused':
            return failed(lead, 'token_refused', null);
          case 'rejected':
            return failed(lead, 'rejected', error.hubspotMessage);
          case 'unauthorized':
          case 'unavailable':
            throw error;
          default: {
            const unhandled: never = error.kind;
            return unhandled;
          }
        }
      }
    },
  };
}
