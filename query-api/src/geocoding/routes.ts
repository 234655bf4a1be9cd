import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  GeocodeQuery,
  GeocodeResponse,
  geocodeAddressProblem,
  validationError,
} from '@kartvizit/schemas';
import type { QueryContext } from '../core/context.ts';

/**
 * Address → coordinates for the profile screen (SPEC §7 "background address lookup"). Owners
 * only: every uncached lookup spends third-party quota. Reads no read model, so no projections.
 */
export function geocodingQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/api/geocode',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: ['geocoding'],
          security: [{ bearer: [] }],
          querystring: GeocodeQuery,
          response: { 200: GeocodeResponse, 400: ErrorResponse, 401: ErrorResponse },
        },
      },
      async (request, reply) => {
        const problem = geocodeAddressProblem(request.query);
        if (problem) throw validationError(problem, 'city');
        const { response, problems } = await context.geocoding.geocode(request.query);
        // Provider and reason only: the address and the provider's URL (API key) stay out of logs.
        for (const problem of problems)
          request.log.warn({ provider: problem.provider, reason: problem.reason }, 'geocoder unavailable');
        // Answers depend on the signed-in user's rights and are cached server-side already.
        reply.header('cache-control', 'private, no-store');
        return response;
      },
    );
  };
}
