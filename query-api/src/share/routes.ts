import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DEFAULT_QR_STYLE,
  ErrorResponse,
  ShareSettingsResponse,
  personalAddressUrl,
  type QrLogo,
} from '@kartvizit/schemas';
import {
  RM_PERSONAL_ADDRESSES,
  RM_SHARE_SETTINGS,
  SHARE_SETTINGS_PROJECTION,
  type PersonalAddressRow,
  type ShareSettingsRow,
} from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

export interface ShareQuerySettings {
  readonly publicBaseUrl: string;
}

/** The owner's QR look (DEFAULT_QR_STYLE, version 0, until they choose one), for the images and the screens. */
export async function qrStyleOf(
  context: QueryContext,
  ownerId: string,
): Promise<{
  readonly foreground: string;
  readonly background: string;
  readonly logo: QrLogo;
  readonly version: number;
}> {
  const [row] = await rowsOrNone<ShareSettingsRow>(
    context.pool,
    `SELECT owner_id, qr_foreground, qr_background, qr_logo, qr_version FROM ${RM_SHARE_SETTINGS} WHERE owner_id = $1`,
    [ownerId],
  );
  if (!row) return { ...DEFAULT_QR_STYLE, version: 0 };
  return {
    foreground: row.qr_foreground,
    background: row.qr_background,
    logo: row.qr_logo,
    version: Number(row.qr_version),
  };
}

/** 'Paylaşım Araçları' (issue 32): what the owner chose, as `GET /api/share` answers it. */
export function shareQueries(context: QueryContext, settings: ShareQuerySettings) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/share',
      {
        schema: {
          tags: ['share'],
          summary: 'Paylaşım araçları: QR görünümü ve kişisel adres',
          security: [{ bearer: [] }],
          response: { 200: ShareSettingsResponse, 401: ErrorResponse },
        },
        config: { owner: true, projections: [SHARE_SETTINGS_PROJECTION] },
      },
      async (request) => {
        const ownerId = request.person.id;
        const qr = await qrStyleOf(context, ownerId);
        const addresses = await rowsOrNone<Pick<PersonalAddressRow, 'slug' | 'card_id' | 'redirects_until'>>(
          context.pool,
          `SELECT slug, card_id, redirects_until FROM ${RM_PERSONAL_ADDRESSES}
            WHERE owner_id = $1 AND (redirects_until IS NULL OR redirects_until > now())
            ORDER BY redirects_until DESC NULLS FIRST, slug`,
          [ownerId],
        );
        const current = addresses.find((row) => row.redirects_until === null);
        return succeeded({
          data: {
            qr,
            address: current
              ? {
                  slug: current.slug,
                  cardId: current.card_id,
                  url: personalAddressUrl(settings.publicBaseUrl, current.slug),
                }
              : null,
            previousAddresses: addresses
              .filter((row) => row.redirects_until !== null)
              .map((row) => ({
                slug: row.slug,
                url: personalAddressUrl(settings.publicBaseUrl, row.slug),
                until: (row.redirects_until as Date).toISOString(),
              })),
          },
        });
      },
    );
  };
}
