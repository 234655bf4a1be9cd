/**
 * Social accounts on the profile form (SPEC "Profile settings"): picking a platform together with a
 * username fills in the profile address for the platforms whose addresses follow one pattern.
 * The user may always type another address; it is only replaced while it is still the one we filled.
 */

export interface SocialLinkValues {
  readonly platform: string;
  readonly username: string;
  readonly url: string;
}

// Same patterns and username rule as socialProfileUrl in schemas/profile/rules, which the
// server applies when it fills a blank address (social-links.unit.spec.ts compares the two).
const PROFILE_URL_PREFIX: Readonly<Record<string, string>> = {
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
  x: 'https://x.com/',
  linkedin: 'https://www.linkedin.com/in/',
  facebook: 'https://www.facebook.com/',
  github: 'https://github.com/',
};
const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/u;

/** People paste "@ayse" or a whole address; the handle is what the pattern needs. */
export function normaliseUsername(username: string): string {
  return username.trim().replace(/^@+/u, '').trim();
}

/** The address we would fill in, or null for platforms without a pattern (and without a username). */
export function socialProfileUrl(platform: string, username: string): string | null {
  const prefix = PROFILE_URL_PREFIX[platform.trim().toLowerCase()];
  const handle = normaliseUsername(username);
  if (prefix === undefined || !USERNAME_PATTERN.test(handle)) return null;
  return `${prefix}${handle}`;
}

/**
 * The row after one of its fields changed. The address follows platform and username only while
 * it is empty or still the one we filled in; an address the user typed is theirs.
 */
export function withSocialChange<T extends SocialLinkValues>(row: T, field: keyof SocialLinkValues, value: string): T {
  const next = { ...row, [field]: value };
  if (field === 'url') return next;
  const filledBefore = socialProfileUrl(row.platform, row.username);
  const untouched = row.url.trim() === '' || row.url === filledBefore;
  if (!untouched) return next;
  return { ...next, url: socialProfileUrl(next.platform, next.username) ?? '' };
}
