import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponse, ProfileMeResponse, type Profile } from '@kartvizit/schemas';
import { PROFILES_PROJECTION, RM_PROFILES, type ProfilesRow } from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

const PROJECTIONS = [PROFILES_PROJECTION] as const;

async function findProfile(context: QueryContext, ownerId: string): Promise<Profile | null> {
  try {
    const result = await context.pool.query<Pick<ProfilesRow, 'data'>>(
      `SELECT data FROM ${RM_PROFILES} WHERE owner_id = $1`,
      [ownerId],
    );
    // A row the read model wrote before `searchable` existed (until its rebuild replaces it) means false; one written
    // before the Yetki Belgesi number (issue 33) has none.
    const data = result.rows[0]?.data;
    return data
      ? {
          ...data,
          searchable: data.searchable === true,
          yetkiBelgesiNo: typeof data.yetkiBelgesiNo === 'string' ? data.yetkiBelgesiNo : '',
        }
      : null;
  } catch (error) {
    if (isMissingRelation(error)) return null;
    throw error;
  }
}

/** The signed-in owner's own profile; the owner comes from the token, never from the request. */
export function profileQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/api/profile/me',
      {
        schema: {
          tags: ['profile'],
          summary: 'Kendi profilim',
          security: [{ bearer: [] }],
          response: { 200: ProfileMeResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: 'profile:read', projections: PROJECTIONS },
      },
      async (request) => {
        const ownerId = request.person.id;
        return succeeded({ profile: await findProfile(context, ownerId) });
      },
    );
  };
}
