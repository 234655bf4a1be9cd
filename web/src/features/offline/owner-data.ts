/**
 * The owner's last-seen API answers, kept by the service worker (web/src/sw.ts) so the signed-in screens open without a
 * network (issue 17). One Cache Storage cache per signed-in user, named from the token's `sub`: a cache keyed by URL
 * alone would hand one person's `/api/cards/my-cards` to the next person signing in on the same phone.
 * docs/decisions/0043-installable-offline-dashboard.md.
 *
 * Read by the service worker too: nothing here may touch `window` or the DOM.
 */

export const OWNER_DATA_CACHE_PREFIX = 'kartvizit-owner-';

/**
 * The entry the page puts into a user's cache when their session starts. The service worker keeps an answer only in a
 * cache holding it: a cache the page deleted at sign-out and a late answer re-created would lack it.
 */
export const SESSION_MARKER = '/__kartvizit/owner-session';

/** Set by the service worker on an answer it took from the cache because the network failed: when it was stored. */
export const LAST_SEEN_HEADER = 'x-kartvizit-last-seen';

export function ownerDataCacheName(userId: string): string {
  return `${OWNER_DATA_CACHE_PREFIX}${userId}`;
}

export function isOwnerDataCache(name: string): boolean {
  return name.startsWith(OWNER_DATA_CACHE_PREFIX);
}

/**
 * GET answers of the owner's own screens that are worth keeping: everything under /api/ asked with a bearer token,
 * except the live statistics stream (an endless answer) and downloads the owner asked for on purpose.
 */
export function isOwnerDataRequest(url: URL, method: string, authorization: string | null): boolean {
  if (method !== 'GET' || authorization === null || !authorization.startsWith('Bearer ')) return false;
  if (!url.pathname.startsWith('/api/')) return false;
  if (url.pathname === '/api/statistics/stream') return false;
  // A wallet pass (the .pkpass file, Google's save link) is made for the press that asked for it, never shown again.
  if (/^\/api\/cards\/[^/]+\/wallet\//.test(url.pathname)) return false;
  return !url.searchParams.has('download');
}

/**
 * The signed-in screens the installed app opens without a network: the service worker answers their navigations
 * with the app shell. Everything else (the public card /p/*, product pages, the OAuth popup's callback, sitemap, the
 * landing and sign-in pages) goes to the server as if there were no service worker.
 */
export const OWNER_SCREENS: readonly RegExp[] = [
  /^\/dashboard\/?$/,
  /^\/show-card\/?$/,
  /^\/profile\/?$/,
  /^\/account\/?$/,
  /^\/cards(?:\/[^/]+)?\/?$/,
  /^\/products\/?$/,
  /^\/stats\/?$/,
  /^\/leads\/?$/,
  /^\/activate\/?$/,
  /^\/share\/?$/,
  /^\/rems-integration\/?$/,
  /^\/integrations\/?$/,
  /^\/meetings\/?$/,
  /^\/office(?:\/(?:new|template|team|cards|history|stats|leads))?\/?$/,
];

export function isOwnerScreen(pathname: string): boolean {
  return OWNER_SCREENS.some((screen) => screen.test(pathname));
}
