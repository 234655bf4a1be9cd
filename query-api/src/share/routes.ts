import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponse, ShareSettingsResponse, personalAddressUrl } from '@kartvizit/schemas';
import {
  RM_PERSONAL_ADDRESSES,
  SHARE_SETTINGS_PROJECTION,
  PROFILES_PROJECTION,
  OFFICES_PROJECTION,
  type PersonalAddressRow,
} from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';
import { ownerQrView } from './style.ts';

export interface ShareQuerySettings {
  readonly publicBaseUrl: string;
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
        // The version names the logo: the profile's and the office's read models are read too.
        config: {
          owner: true,
          scope: 'cards:read',
          projections: [SHARE_SETTINGS_PROJECTION, PROFILES_PROJECTION, OFFICES_PROJECTION],
        },
      },
      async (request) => {
        const ownerId = request.person.id;
        const qr = await ownerQrView(context, ownerId);
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
