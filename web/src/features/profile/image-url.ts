/**
 * The address an image is shown from. SPEC: profile image URLs get a time parameter to bypass
 * caching. Our own media addresses ('/media/…') are content-addressed (a new image is a new
 * address) and cached for good, so only other addresses — e.g. a profile kept from the old
 * product — get the parameter, tied to the save they belong to.
 */
const CONTENT_ADDRESSED_PREFIX = '/media/';

export function displayImageUrl(url: string, version: string): string {
  if (url === '' || url.startsWith(CONTENT_ADDRESSED_PREFIX) || url.startsWith('blob:') || url.startsWith('data:')) {
    return url;
  }
  const stamp = Date.parse(version);
  const value = Number.isNaN(stamp) ? version : String(stamp);
  if (value === '') return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}t=${encodeURIComponent(value)}${hash}`;
}
