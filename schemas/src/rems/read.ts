import type { RemsRegistrationRequested } from './events.ts';

/** Reading stored REMS registrations into typed values. */

/**
 * The listing a registration came from (issue 33): null when the form was opened on the card itself, and for every
 * RemsRegistrationRequested of schema version 1, which had no `productId`.
 */
export function registrationProductId(data: RemsRegistrationRequested['data']): string | null {
  const value: unknown = (data as { readonly productId?: unknown }).productId;
  return typeof value === 'string' && value !== '' ? value : null;
}
