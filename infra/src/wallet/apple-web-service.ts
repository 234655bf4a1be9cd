import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { deriveKey } from '../config/secrets.ts';
import { RM_CARD_HISTORY, RM_CARDS, RM_OFFICES, RM_PROFILES } from '../read-models/contract.ts';
import { cardProfileUrl } from '@kartvizit/schemas/card/http';
import { applePassAuthToken } from './apple-pass.ts';
import type { CardPassContent } from './pass-content.ts';

/**
 * Apple's pass web service (issue 32), the parts command-api and query-api share: how a request proves it holds the
 * pass (`Authorization: ApplePass <authenticationToken>`), how a device is named without storing Wallet's device
 * library identifier (Apple uses it as the shared secret of "which passes changed?"), and when a pass last changed, as
 * the read models say, for the update tags and Last-Modified.
 */

/** The keyed hash that names a device in events and read models: its library identifier is never stored. */
export function appleDeviceKey(appSecret: Buffer, deviceLibraryIdentifier: string): string {
  return createHmac('sha256', deriveKey(appSecret, 'apple-pass-device'))
    .update(deviceLibraryIdentifier, 'utf8')
    .digest('base64url');
}

const APPLE_PASS_SCHEME = /^ApplePass ([A-Za-z0-9_-]{16,128})$/u;

/** True when `authorization` is `ApplePass <the pass's token>` (compared in constant time). */
export function applePassAuthorized(
  appSecret: Buffer,
  serialNumber: string,
  authorization: string | undefined,
): boolean {
  const match = APPLE_PASS_SCHEME.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'utf8');
  const expected = Buffer.from(applePassAuthToken(appSecret, serialNumber), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * How long after a change its pass keeps being reported as changed: the read models' times are the events' own (the
 * command's clock), and an event may reach the read models a moment after a later one did. A tag or Last-Modified is
 * never newer than this long ago, so such a late change is still seen as new by the next question.
 */
export const APPLE_UPDATE_MARGIN_MS = 5_000;

/**
 * When each card's pass last changed (ms), from what it shows: the holder's profile, the card's own history
 * (activated, deactivated, handed over), the office's details, logo and template. Cards the read models do not know
 * are left out.
 */
export async function applePassesModifiedAt(pool: pg.Pool, cardIds: readonly string[]): Promise<Map<string, number>> {
  if (cardIds.length === 0) return new Map();
  const { rows } = await pool.query<{ card_id: string; modified: Date | null }>(
    `SELECT c.card_id,
            GREATEST(p.updated_at, c.activated_at, c.handed_at, o.updated_at,
                     (SELECT max(h.at) FROM ${RM_CARD_HISTORY} h WHERE h.card_id = c.card_id)) AS modified
       FROM ${RM_CARDS} c
       LEFT JOIN ${RM_PROFILES} p ON p.owner_id = c.owner_id
       LEFT JOIN ${RM_OFFICES} o ON o.office_id = c.office_id
      WHERE c.card_id = ANY($1::text[])`,
    [cardIds],
  );
  return new Map(rows.map((row) => [row.card_id, row.modified ? row.modified.getTime() : 0]));
}

/**
 * The answer to "which of my passes changed since `since`?" (GET …/registrations/{passTypeIdentifier}): the serials
 * modified after the tag (all of them without one), and the tag to send next time, or null (204) when none changed.
 *
 * A tag means "this device has every change up to here". Once the device fetched what is reported, that holds up to
 * APPLE_UPDATE_MARGIN_MS before `now` (a change may reach the read models late), so that is the next tag; a change
 * in those last seconds is reported once more next time, which costs one fetch. The tag always moves past `since`
 * when serials are reported (Wallet complains about serials under an unchanged tag).
 */
export function applePassesUpdatedSince(
  modified: ReadonlyMap<string, number>,
  since: number | null,
  now: number,
): { readonly serialNumbers: string[]; readonly lastUpdated: string } | null {
  const changed = [...modified]
    .filter(([, at]) => since === null || at > since)
    .map(([serial]) => serial)
    .sort();
  if (changed.length === 0) return null;
  let tag = Math.max(now - APPLE_UPDATE_MARGIN_MS, 0);
  if (since !== null && tag <= since) tag = since + 1;
  return { serialNumbers: changed, lastUpdated: String(tag) };
}

const SECOND = 1_000;

/**
 * Last-Modified of a pass modified at `modified` (ms), in whole seconds as HTTP dates are: the modification rounded
 * up, but never later than APPLE_UPDATE_MARGIN_MS before `now`. So "not modified since" (applePassNotModified) only
 * ever covers changes the read models certainly had when the device fetched the pass.
 */
export function applePassLastModified(modified: number, now: number): Date {
  const upTo = Math.floor((now - APPLE_UPDATE_MARGIN_MS) / SECOND) * SECOND;
  return new Date(Math.min(Math.ceil(modified / SECOND) * SECOND, upTo));
}

/** True when a pass modified at `modified` is what the device fetched with `If-Modified-Since` (answer 304). */
export function applePassNotModified(modified: number, ifModifiedSince: string | undefined): boolean {
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && modified <= since;
}

/**
 * What the pass of a card no longer shown says (taken back into an office's pool, or its holder's profile erased):
 * void, no QR, nobody's name, 'Bu kart artık kullanılmıyor'. A device that asks for it after a push gets this, so the
 * last holder's details do not stay on it.
 */
export function retiredPassContent(cardId: string, publicBaseUrl: string): CardPassContent {
  return {
    cardId,
    ownerId: '',
    officeId: null,
    active: false,
    name: '',
    jobTitle: '',
    company: '',
    phone: '',
    email: '',
    website: '',
    logoKey: null,
    logoUrl: null,
    photoKey: null,
    photoUrl: null,
    backgroundColor: '#4b5563',
    foregroundColor: '#ffffff',
    labelColor: '#e5e7eb',
    cardUrl: cardProfileUrl(publicBaseUrl, cardId),
    updatedAt: new Date(0).toISOString(),
  };
}
