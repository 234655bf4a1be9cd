/**
 * HubSpot (issue 35, docs/decisions/0068-hubspot.md): the scopes the operator's app asks for, and why a lead did not
 * reach the owner's HubSpot.
 */

/** What the connection may do in the owner's HubSpot: read and write contacts (notes ride on the contacts scopes). */
export const HUBSPOT_SCOPES = ['crm.objects.contacts.read', 'crm.objects.contacts.write'] as const;

/**
 * Why a lead was not synced: HubSpot refused the request for good ('rejected', its cleaned words kept), the owner's
 * tokens no longer work ('token_refused': revoked in HubSpot, or the refresh was refused), or HubSpot did not answer
 * within the reactor's patience ('gave_up').
 */
export const HUBSPOT_FAILURE_REASONS = ['rejected', 'token_refused', 'gave_up'] as const;
export type HubSpotFailureReason = (typeof HUBSPOT_FAILURE_REASONS)[number];

/** The longest failure message kept (HubSpot's `message`, cleaned of addresses and numbers). */
export const HUBSPOT_FAILURE_MESSAGE_MAX = 200;
