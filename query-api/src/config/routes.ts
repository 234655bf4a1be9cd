import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PublicConfigResponse } from '@kartvizit/schemas';
import type { QueryContext } from '../core/context.ts';

/** Settings the browser reads at run time (not baked into the build): where map tiles come from, the vitals' sample rate. */
export function publicConfigQueries(context: QueryContext) {
  const body: PublicConfigResponse = {
    mapTileUrl: context.map.tileUrl,
    mapAttribution: context.map.attribution,
    mapAttributionUrl: context.map.attributionUrl,
    webVitalsSampleRate: context.webVitalsSampleRate,
  };
  return async function routes(app: FastifyInstance): Promise<void> {
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        '/api/config/public',
        { schema: { tags: ['config'], response: { 200: PublicConfigResponse } } },
        async (_request, reply) => {
          reply.header('cache-control', 'public, max-age=300');
          return body;
        },
      );
  };
}
