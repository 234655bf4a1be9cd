import { createHash } from 'node:crypto';
import { DEFAULT_QR_STYLE, type QrLogo, type QrStyle } from '@kartvizit/schemas';
import { qrStyleProblem } from '@kartvizit/schemas/share/rules';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import {
  RM_OFFICES,
  RM_OFFICE_MEMBERS,
  RM_PROFILES,
  RM_SHARE_SETTINGS,
  type ShareSettingsRow,
} from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

/** The owner's QR look as stored (DEFAULT_QR_STYLE and version 0 until they choose one). */
export async function qrStyleOf(
  context: QueryContext,
  ownerId: string,
): Promise<QrStyle & { readonly chosenAt: number }> {
  const [row] = await rowsOrNone<ShareSettingsRow>(
    context.pool,
    `SELECT owner_id, qr_foreground, qr_background, qr_logo, qr_version FROM ${RM_SHARE_SETTINGS} WHERE owner_id = $1`,
    [ownerId],
  );
  if (!row) return { ...DEFAULT_QR_STYLE, chosenAt: 0 };
  return {
    foreground: row.qr_foreground,
    background: row.qr_background,
    logo: row.qr_logo,
    chosenAt: Number(row.qr_version),
  };
}

/** Whose QR it is: the card's owner and office, and the owner's profile as stored. */
export interface QrOwner {
  readonly ownerId: string | null;
  readonly officeId: string | null;
  readonly profile: unknown;
}

/**
 * The office logo a QR carries: the card's office's, or (a personal card) the office its owner is in now. Null: none.
 */
async function officeLogoPath(context: QueryContext, owner: QrOwner): Promise<string | null> {
  const [row] = await rowsOrNone<{ logo_url: string }>(
    context.pool,
    `SELECT o.logo_url FROM ${RM_OFFICES} o
      WHERE o.office_id = COALESCE($1::uuid,
              (SELECT m.office_id FROM ${RM_OFFICE_MEMBERS} m
                WHERE m.user_id = $2::uuid AND m.left_at IS NULL ORDER BY m.joined_at DESC LIMIT 1))`,
    [owner.officeId, owner.ownerId],
  );
  return row?.logo_url || null;
}

/** The `/media/…` path of the logo a look puts in the centre, or null. */
export async function qrLogoPath(context: QueryContext, logo: QrLogo, owner: QrOwner): Promise<string | null> {
  if (logo === 'profile') return readStoredProfile(owner.profile).companyLogo || null;
  if (logo === 'office') return await officeLogoPath(context, owner);
  return null;
}

/**
 * What a branded image's `?s=` must say for the answer to be cached for good: the look's time, and which logo it
 * carries (a new company or office logo under the same look is a new picture). Logo files are content-addressed, so
 * their path names their bytes.
 */
export function brandedVersion(chosenAt: number, logoPath: string | null): string {
  if (!logoPath) return String(chosenAt);
  return `${chosenAt}.${createHash('sha256').update(logoPath).digest('hex').slice(0, 10)}`;
}

/** A stored look that would not scan (an old row, a damaged one) is drawn in the default colours, never unreadably. */
export function drawableStyle(style: QrStyle): QrStyle {
  return qrStyleProblem(style) === null ? style : DEFAULT_QR_STYLE;
}

/** The owner's look as `GET /api/share` answers it, its version naming the logo their own cards carry. */
export async function ownerQrView(
  context: QueryContext,
  ownerId: string,
): Promise<QrStyle & { readonly version: string }> {
  const chosen = await qrStyleOf(context, ownerId);
  const [profile] = await rowsOrNone<{ data: unknown }>(
    context.pool,
    `SELECT data FROM ${RM_PROFILES} WHERE owner_id = $1`,
    [ownerId],
  );
  const logoPath = await qrLogoPath(context, chosen.logo, { ownerId, officeId: null, profile: profile?.data ?? null });
  const { foreground, background, logo } = chosen;
  return { foreground, background, logo, version: brandedVersion(chosen.chosenAt, logoPath) };
}
