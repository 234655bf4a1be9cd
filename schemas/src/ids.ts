/**
 * Id patterns, written once. No imports: the web and every service read this file by sub-path.
 */

const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A UUID as the product draws them (`randomUUID()`: lower-case hex, 8-4-4-4-12). */
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`);

/** The same in either case: for ids read from elsewhere (an event store, a token, a path) that may be upper-case. */
export const UUID_PATTERN_ANY_CASE = new RegExp(`^${UUID_SOURCE}$`, 'i');

/** A webhook delivery's id, its Standard Webhooks `webhook-id` (issue 35): `msg_` and 32 lower-case hex digits. */
export const WEBHOOK_DELIVERY_ID_PATTERN = /^msg_[0-9a-f]{32}$/;
