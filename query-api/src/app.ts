import type { TrustProxy } from '@kartvizit/infra/config/env';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serverOptions } from '@kartvizit/infra/http/server-options';
import { registerOpenApi } from '@kartvizit/infra/http/openapi';
import { registerOwnerAccess } from '@kartvizit/infra/http/owner-access';
import { registerJsonNotFound } from '@kartvizit/infra/http/error-handler';
import { registerHttpPlumbing } from '@kartvizit/infra/http/plumbing';
import { registerOperations, type Operations } from '@kartvizit/infra/http/metrics';
import { originOfTemplate } from '@kartvizit/infra/http/security-headers';
import { DEFAULT_MAP_TILE_URL, type MapsSettings } from '@kartvizit/infra/geocoding/settings';
import { accountQueries } from './account/routes.ts';
import { accountSecurityQueries } from './account/security.ts';
import { apiTokenQueries } from './account/tokens.ts';
import { mediaQueries } from './media/routes.ts';
import { profileQueries } from './profile/routes.ts';
import { cardQueries, type CardQuerySettings } from './card/routes.ts';
import { publicCardQueries } from './public/routes.ts';
import { officeCardQueries } from './office/cards-routes.ts';
import { shareQueries } from './share/routes.ts';
import { shareImageRoutes } from './share/image-routes.ts';
import { googleWalletQueries, type GoogleWalletQuerySettings } from './wallet/google-routes.ts';
import { walletQueries, type WalletQuerySettings } from './wallet/routes.ts';
import { appleWebServiceQueries } from './wallet/apple-web-service.ts';
import { cardPageRoutes } from './card-page/routes.ts';
import { sitemapRoutes } from './card-page/sitemap.ts';
import { productPageRoutes } from './product-page/routes.ts';
import { officePageRoutes } from './office-page/routes.ts';
import { leadQueries } from './lead/routes.ts';
import { officeLeadQueries } from './lead/office-routes.ts';
import { productQueries } from './product/routes.ts';
import { contactFileQueries } from './contact-file/routes.ts';
import { statisticsQueries } from './statistics/routes.ts';
import { officeStatisticsQueries } from './statistics/office-routes.ts';
import { publicConfigQueries } from './config/routes.ts';
import { geocodingQueries } from './geocoding/routes.ts';
import { remsQueries } from './rems/routes.ts';
import { webhookQueries } from './webhook/routes.ts';
import { callbackPageRoutes } from './callback-page/routes.ts';
import { oauthQueries } from './integration/oauth-routes.ts';
import { hubspotQueries, type HubSpotRouteSettings } from './hubspot/routes.ts';
import { meetingQueries } from './meeting/routes.ts';
import { officeQueries } from './office/routes.ts';
import { createQueryContext, registerReadYourWrites, type QueryApiDependencies } from './core/context.ts';
import { serveWeb } from './web/static.ts';

/** All read routes as one plugin, so the embedded process can mount them beside command-api. */
export function queryApi(
  deps: QueryApiDependencies &
    CardQuerySettings &
    GoogleWalletQuerySettings &
    WalletQuerySettings &
    Pick<HubSpotRouteSettings, 'hubspot'>,
): FastifyPluginAsync {
  return async (app) => {
    const context = createQueryContext(deps);
    registerReadYourWrites(app, context);
    // After read-your-writes: both put their hook first, so an owner route authenticates before it waits.
    registerOwnerAccess(app, context.authenticate);
    await app.register(accountQueries(context));
    await app.register(accountSecurityQueries(context));
    await app.register(apiTokenQueries(context));
    await app.register(profileQueries(context));
    await app.register(mediaQueries(context));
    await app.register(cardQueries(context, deps));
    await app.register(officeCardQueries(context, deps));
    await app.register(publicCardQueries(context));
    await app.register(cardPageRoutes(context, deps));
    await app.register(sitemapRoutes(context, deps));
    await app.register(productPageRoutes(context, deps));
    await app.register(officePageRoutes(context, deps));
    await app.register(leadQueries(context));
    await app.register(officeLeadQueries(context));
    await app.register(productQueries(context));
    await app.register(contactFileQueries(context));
    await app.register(statisticsQueries(context, deps));
    await app.register(officeStatisticsQueries(context));
    await app.register(geocodingQueries(context));
    await app.register(remsQueries(context));
    await app.register(webhookQueries(context));
    await app.register(oauthQueries(context, deps));
    await app.register(hubspotQueries(context, deps));
    await app.register(meetingQueries(context, deps));
    await app.register(officeQueries(context, deps));
    await app.register(shareQueries(context, deps));
    await app.register(shareImageRoutes(context, deps));
    await app.register(googleWalletQueries(context, deps));
    await app.register(walletQueries(context, deps));
    await app.register(appleWebServiceQueries(context, deps));
    await app.register(publicConfigQueries(context));
    await app.register(callbackPageRoutes(deps));
  };
}

/** The web app and its fallback must sit at the root context, so they are not part of queryApi. */
export async function mountWeb(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  if (distDir && (await serveWeb(app, distDir))) return;
  if (distDir)
    app.log.warn(
      `Web uygulaması derlenmemiş (${distDir}/index.html yok): yalnızca API sunuluyor. "npm run build -w web" çalıştırın.`,
    );
  registerJsonNotFound(app);
}

/** Where the web app shows images from besides its own origin: the location picker's map tiles. */
export function webImageOrigins(maps: MapsSettings | undefined): string[] {
  const origin = originOfTemplate(maps?.map.tileUrl ?? DEFAULT_MAP_TILE_URL);
  return origin ? [origin] : [];
}

/** Liveness for probes and the test harness; each process answers for itself. */
export function registerHealth(app: FastifyInstance): void {
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
}

export async function buildApp(
  deps: QueryApiDependencies &
    CardQuerySettings &
    GoogleWalletQuerySettings &
    WalletQuerySettings &
    Pick<HubSpotRouteSettings, 'hubspot'> & {
      readonly logLevel: string;
      readonly trustProxy?: TrustProxy;
      /** /healthz, /readyz and the request metrics (issue 17); unset: none (tests that need none). */
      readonly operations?: Operations;
    },
): Promise<FastifyInstance> {
  const app = Fastify(
    serverOptions({ logLevel: deps.logLevel, trustProxy: deps.trustProxy, publicBaseUrl: deps.publicBaseUrl }),
  );
  registerHttpPlumbing(app, { publicBaseUrl: deps.publicBaseUrl, imageOrigins: webImageOrigins(deps.maps) });
  if (deps.operations) registerOperations(app, deps.operations);
  await registerOpenApi(app, 'Dijital Kartvizit sorgu API');
  registerHealth(app);
  await app.register(queryApi(deps));
  await mountWeb(app, deps.webDistDir);
  return app;
}
