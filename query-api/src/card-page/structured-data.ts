/**
 * schema.org data of a card page whose owner chose to be findable (docs/decisions/0019): a
 * `Person`, with the `Organization` it works for when a company is set. Only what the page itself
 * shows, from values the view has already checked; empty facts are left out, not sent as ''.
 * The page writes it as a JSON data block (`application/ld+json`), escaped like `#pc-data`.
 */

export interface PersonFacts {
  readonly name: string;
  readonly title: string;
  readonly jobTitle: string;
  readonly bio: string;
  /** The card page's own canonical address. */
  readonly url: string;
  /** Absolute address of the full-size photo, or null. */
  readonly image: string | null;
  /** E.164 ('+905321234567') or ''. */
  readonly telephone: string;
  readonly email: string;
  readonly address: {
    readonly street: string;
    readonly city: string;
    readonly state: string;
    readonly zipCode: string;
    readonly country: string;
  };
  readonly company: string;
  /** Absolute address of the company logo, or null. */
  readonly logo: string | null;
  /** The owner's social profiles (checked http(s) addresses). */
  readonly sameAs: readonly string[];
}

export type JsonLd = { readonly [key: string]: string | readonly string[] | JsonLd };

/** Drops empty facts (and empty nested objects) so the data says only what is known. */
function known(entries: Readonly<Record<string, string | readonly string[] | JsonLd | null | undefined>>): JsonLd {
  const result: Record<string, string | readonly string[] | JsonLd> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    result[key] = value;
  }
  return result;
}

const TURKIYE = new Set(['türkiye', 'turkiye', 'turkey', 'tr']);

/**
 * Turkish addresses name the district (ilçe) in `state` and the province (il) in `city`
 * ('Kadıköy/İstanbul'): the district is schema.org's locality, the province its region. Elsewhere
 * the fields mean what their names say (city = locality, state = region).
 */
function postalAddress(address: PersonFacts['address']): JsonLd | null {
  const country = address.country.trim();
  const turkish = country === '' || TURKIYE.has(country.toLocaleLowerCase('tr-TR'));
  const locality = turkish && address.state ? address.state : address.city;
  const region = turkish && address.state ? address.city : address.state;
  const parts = known({
    streetAddress: address.street,
    addressLocality: locality,
    addressRegion: region,
    postalCode: address.zipCode,
  });
  // A country alone says nothing about where the person is.
  if (Object.keys(parts).length === 0) return null;
  return { '@type': 'PostalAddress', ...parts, addressCountry: turkish ? 'TR' : country };
}

/** The Person of the page, or null when the profile has no name to give it. */
export function personStructuredData(facts: PersonFacts): JsonLd | null {
  if (facts.name === '') return null;
  const worksFor = facts.company ? known({ '@type': 'Organization', name: facts.company, logo: facts.logo }) : null;
  return known({
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: facts.name,
    honorificPrefix: facts.title,
    jobTitle: facts.jobTitle,
    description: facts.bio,
    url: facts.url,
    image: facts.image,
    telephone: facts.telephone,
    email: facts.email,
    address: postalAddress(facts.address),
    worksFor,
    sameAs: facts.sameAs,
  });
}
