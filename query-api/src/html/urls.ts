/**
 * Every address the page writes into an href or src passes through here. Allowed: http(s) links,
 * tel: and mailto: built from a checked value, and our own same-origin media paths. Anything else
 * (javascript:, data:, vbscript:, protocol-relative '//host', credentials in the URL) is dropped,
 * so the link is simply not shown. The read model is validated on the way in already; this is the
 * second wall, for data written before a rule existed or by a bug.
 */

// No white space or control characters anywhere: browsers strip some of them, which is how
// 'java\nscript:' tricks work.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/** An absolute http(s) URL, normalised by the URL parser, or null. */
export function safeWebUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || value.length > 2000 || UNSAFE_CHARACTERS.test(value)) return null;
  if (!/^https?:\/\//i.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || !parsed.hostname) return null;
  // The parser's reading (what a browser would open), without the '/' it adds to a bare origin.
  const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash && !value.endsWith('/');
  return bare ? parsed.href.slice(0, -1) : parsed.href;
}

/** A path to one of our uploaded files ('/media/…'), or null. Only these are shown as images. */
export function safeMediaPath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  return /^\/media\/[a-z0-9][a-z0-9/._-]{0,300}$/.test(raw) && !raw.includes('..') && !raw.includes('//') ? raw : null;
}

/** tel: from a stored E.164 (or any '+' and digits); null when it is not a phone number. */
export function telUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const compact = raw.replace(/[\s().-]/g, '');
  return /^\+?\d{3,20}$/.test(compact) ? `tel:${compact}` : null;
}

/** mailto: for a plain address; anything with characters a mail address does not need is refused. */
export function mailtoUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value.length > 254 || !/^[^\s@<>"'`()[\]\\,;:]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(value)) return null;
  return `mailto:${value}`;
}

/** 'https://www.ornek.com.tr/' → 'ornek.com.tr': what a person reads on a card. */
export function displayWebUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.hostname.replace(/^www\./i, '')}${path}${parsed.search}`;
  } catch {
    return url;
  }
}

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

const coordinates = (location: LatLng) => `${location.lat.toFixed(6)},${location.lng.toFixed(6)}`;

export type DirectionsTarget = 'google' | 'apple' | 'waze';

/**
 * Directions to the owner: by coordinates when the owner pinned the place, otherwise by the
 * address text. Waze only with coordinates (its address search is unreliable for Turkish addresses).
 */
export function directionsUrls(
  location: LatLng | null,
  addressQuery: string,
): { readonly target: DirectionsTarget; readonly url: string }[] {
  const destination = location ? coordinates(location) : addressQuery;
  if (!destination) return [];
  const encoded = encodeURIComponent(destination);
  const links: { target: DirectionsTarget; url: string }[] = [
    { target: 'google', url: `https://www.google.com/maps/dir/?api=1&destination=${encoded}` },
    { target: 'apple', url: `https://maps.apple.com/?daddr=${encoded}` },
  ];
  if (location) links.push({ target: 'waze', url: `https://waze.com/ul?ll=${encoded}&navigate=yes` });
  return links;
}

/** The place on Google Maps (not a route): what tapping the address opens. */
export function mapSearchUrl(location: LatLng | null, addressQuery: string): string | null {
  const query = location ? coordinates(location) : addressQuery;
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}
