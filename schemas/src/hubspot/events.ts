import type { EventRegistry } from '../common/event-type-info.ts';
import type { HubSpotFailureReason } from './model.ts';

/**
 * An owner's HubSpot connection and what became of each lead sent there (issue 35), one stream per owner
 * (`hubspot-{ownerId}`). No token is ever in an event: they live sealed in `hubspot_connections` (infra/src/hubspot).
 */
export interface HubSpotConnected {
  readonly type: 'HubSpotConnected';
  readonly data: {
    readonly ownerId: string;
    /** HubSpot's account id (hub_id) the owner chose on HubSpot's consent screen. */
    readonly portalId: string;
    readonly connectedAt: string;
  };
}

export interface HubSpotDisconnected {
  readonly type: 'HubSpotDisconnected';
  readonly data: { readonly ownerId: string; readonly disconnectedAt: string };
}

/** A lead became (created) or updated a HubSpot contact, with a note of its message. */
export interface HubSpotContactSynced {
  readonly type: 'HubSpotContactSynced';
  readonly data: {
    readonly leadId: string;
    readonly ownerId: string;
    readonly contactId: string;
    readonly created: boolean;
    readonly syncedAt: string;
  };
}

export interface HubSpotSyncFailed {
  readonly type: 'HubSpotSyncFailed';
  readonly data: {
    readonly leadId: string;
    readonly ownerId: string;
    readonly reason: HubSpotFailureReason;
    /** HubSpot's words, cleaned of e-mail addresses and digits (no visitor's data), or null. */
    readonly message: string | null;
    readonly failedAt: string;
  };
}

export type HubSpotEvent = HubSpotConnected | HubSpotDisconnected | HubSpotContactSynced | HubSpotSyncFailed;

export function hubspotStreamId(ownerId: string): string {
  return `hubspot-${ownerId}`;
}

export const HUBSPOT_EVENT_TYPES: EventRegistry<HubSpotEvent> = {
  HubSpotConnected: { schemaVersion: 1 },
  HubSpotDisconnected: { schemaVersion: 1 },
  HubSpotContactSynced: { schemaVersion: 1 },
  HubSpotSyncFailed: { schemaVersion: 1 },
};
