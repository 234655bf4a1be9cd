import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { loggerOptions } from '@kartvizit/infra/http/logging';
import { registerOpenApi } from '@kartvizit/infra/http/openapi';
import { registerErrorHandling, registerJsonNotFound } from '@kartvizit/infra/http/error-handler';
import { accountQueries } from './account/routes.ts';
import { createQueryContext, registerReadYourWrites, type QueryApiDependencies } from './core/context.ts';
import { serveWeb } from './web/static.ts';

/** All read routes as one plugin, so the embedded process can mount them beside command-api. */
export function queryApi(deps: QueryApiDependencies): FastifyPluginAsync {
  return async (app) => {
    const context = createQueryContext(deps);
    registerReadYourWrites(app, context);
    app.get('/api/health', { schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));
    await app.register(accountQueries(context));
  };
}

/** The web app and its fallback must sit at the root context, so they are not part of queryApi. */
export async function mountWeb(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  if (distDir) await serveWeb(app, distDir);
  else registerJsonNotFound(app);
}

export async function buildApp(deps: QueryApiDependencies & { readonly logLevel: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(deps.logLevel), trustProxy: true });
  registerErrorHandling(app);
  await registerOpenApi(app, 'Dijital Kartvizit sorgu API');
  await app.register(queryApi(deps));
  await mountWeb(app, deps.webDistDir);
  return app;
}
