import type pg from 'pg';
import { DEFAULT_THEME, PROFILE_THEMES } from '@kartvizit/schemas/profile/model';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import { readStoredOffice, withOfficeTemplate } from '@kartvizit/schemas/office/read';
import { cardProfileUrl } from '@kartvizit/schemas/card/http';
import { RM_CARDS, RM_OFFICES, RM_PROFILES } from '../read-models/contract.ts';

/**
 * What a wallet pass (Apple's and Google's, issue 32) shows of a card: the profile the card shows (an office card's
 * template applied, as on the card page), its theme's colours and its address. Read from the read models.
 */
export interface CardPassContent {
  readonly cardId: string;
  readonly ownerId: string;
  /** The office the card belongs to (null: a person's own card). */
  readonly officeId: string | null;
  /** False once the card is deactivated: the pass says so. */
  readonly active: boolean;
  /** "Ayşe Yılmaz", with the profile's title ("Dr.") before it when there is one. */
  readonly name: string;
  readonly jobTitle: string;
  readonly company: string;
  readonly phone: string;
  readonly email: string;
  readonly website: string;
  /** `/media/…` key of the logo (the company logo, or the office's on an office card), for reading the bytes. */
  readonly logoKey: string | null;
  /** Absolute address of the logo, for passes that fetch it (Google's). */
  readonly logoUrl: string | null;
  readonly photoKey: string | null;
  readonly photoUrl: string | null;
  /** `#rrggbb`: the theme's colour as the pass's background, white text on it, the theme's light tint for labels. */
  readonly backgroundColor: string;
  readonly foregroundColor: string;
  readonly labelColor: string;
  /** `PUBLIC_BASE_URL/p/{cardId}`: what the pass's QR encodes. */
  readonly cardUrl: string;
  /** When the profile last changed (ISO). */
  readonly updatedAt: string;
}

interface PassRow {
  card_id: string;
  owner_id: string;
  office_id: string | null;
  is_active: boolean | null;
  profile: unknown;
  updated_at: Date;
  office: unknown;
}

const MEDIA_PREFIX = '/media/';

const keyOf = (path: string | null): string | null =>
  path && path.startsWith(MEDIA_PREFIX) ? path.slice(MEDIA_PREFIX.length) : null;

/**
 * The pass content of an activated card whose owner is not forgotten (deactivated ones too: their pass says so), or
 * null. Office cards show the office's template, as the card page does (decision 61).
 */
export async function loadCardPassContent(
  pool: pg.Pool,
  cardId: string,
  publicBaseUrl: string,
): Promise<CardPassContent | null> {
  const sql = (office: string) =>
    `SELECT c.card_id, c.owner_id, c.office_id, c.is_active, p.data AS profile, p.updated_at, ${office} AS office
       FROM ${RM_CARDS} c JOIN ${RM_PROFILES} p ON p.owner_id = c.owner_id
      WHERE c.card_id = $1 AND c.is_activated AND NOT p.forgotten`;
  let rows: PassRow[];
  try {
    rows = (
      await pool.query<PassRow>(
        sql(`(SELECT json_build_object('officeId', o.office_id, 'slug', o.slug, 'details', o.details,
                                       'logoUrl', o.logo_url, 'template', o.template)
                FROM ${RM_OFFICES} o WHERE o.office_id = c.office_id)`),
        [cardId],
      )
    ).rows;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // A read model not built yet: no card (42P01 on the cards or profiles), or no office template (the offices').
    if (code !== '42P01' && code !== '42703') throw error;
    try {
      rows = (await pool.query<PassRow>(sql('NULL::json'), [cardId])).rows;
    } catch (again) {
      if ((again as { code?: unknown }).code === '42P01') return null;
      throw again;
    }
  }
  const row = rows[0];
  if (!row) return null;
  const office = readStoredOffice(row.office ?? null);
  const profile = readStoredProfile(office ? withOfficeTemplate(row.profile, office) : row.profile);
  const theme =
    PROFILE_THEMES.find((each) => each.value === profile.theme) ??
    PROFILE_THEMES.find((each) => each.value === DEFAULT_THEME);
  const [primary, tint] = theme?.colors ?? ['#4f46e5', '#eef2ff'];
  const base = publicBaseUrl.replace(/\/+$/u, '');
  const logoKey = keyOf(profile.companyLogo);
  const photoKey = keyOf(profile.profilePicture);
  const name = [profile.title, profile.firstName, profile.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return {
    cardId: row.card_id,
    ownerId: row.owner_id,
    officeId: row.office_id,
    active: row.is_active === true,
    name,
    jobTitle: profile.jobTitle,
    company: profile.company,
    phone: profile.phone,
    email: profile.email,
    website: profile.website,
    logoKey,
    logoUrl: logoKey ? `${base}${MEDIA_PREFIX}${logoKey}` : null,
    photoKey,
    photoUrl: photoKey ? `${base}${MEDIA_PREFIX}${photoKey}` : null,
    backgroundColor: primary,
    foregroundColor: '#ffffff',
    labelColor: tint,
    cardUrl: cardProfileUrl(publicBaseUrl, row.card_id),
    updatedAt: row.updated_at.toISOString(),
  };
}
