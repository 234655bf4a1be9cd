import type { TrustProxy } from '@kartvizit/infra/config/env';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serverOptions } from '@kartvizit/infra/http/server-options';
import { registerOpenApi } from '@kartvizit/infra/http/openapi';
import { registerOwnerAccess } from '@kartvizit/infra/http/owner-access';
import { relyingPartyOf, securityRoutes } from './account/security-routes.ts';
import { tokenRoutes } from './account/token-routes.ts';
import { ownerAuthentication } from '@kartvizit/infra/auth/owner-authentication';
import { registerJsonNotFound } from '@kartvizit/infra/http/error-handler';
import { registerHttpPlumbing } from '@kartvizit/infra/http/plumbing';
import { utf8JsonParser } from '@kartvizit/infra/http/text-guard';
import { registerOperations, type Operations } from '@kartvizit/infra/http/metrics';
import { accountRoutes } from './account/routes.ts';
import { createAccountTools } from './account/tools.ts';
import { accountContactReader, emailHolderReader } from './account/reader.ts';
import { profileNameReader } from './profile/reader.ts';
import { leadErasedReader } from './lead/reader.ts';
import { profileRoutes } from './profile/routes.ts';
import { lockedProfileFieldsReader } from './office/reader.ts';
import { officeLogoRoutes } from './office/logo-routes.ts';
import { officeRemsRoutes } from './office/rems-routes.ts';
import { cardRoutes, type CardRouteSettings } from './card/routes.ts';
import { officeCardRoutes } from './card/office-routes.ts';
import { formCardReader } from './card/reader.ts';
import { shareRoutes } from './share/routes.ts';
import { appleWalletRoutes, type AppleWalletRouteSettings } from './wallet/routes.ts';
import { leadRoutes } from './lead/routes.ts';
import { productRoutes } from './product/routes.ts';
import { activeListingReader } from './product/reader.ts';
import { telemetryRoutes } from './telemetry/routes.ts';
import { remsRoutes } from './rems/routes.ts';
import { webhookRoutes } from './webhook/routes.ts';
import { WebhookSecretStore } from '@kartvizit/infra/webhooks/secret-store';
import { DEFAULT_WEBHOOK_SETTINGS } from '@kartvizit/infra/webhooks/settings';
import { remsRegistrationRoutes } from './rems/registration-routes.ts';
import { meetingRoutes } from './meeting/routes.ts';
import { hubspotRoutes } from './hubspot/routes.ts';
import { officeRoutes } from './office/routes.ts';
import { officeLeaving } from './office/leaving.ts';
import { seedDemoCard } from './demo/seed.ts';
import { createCommandContext, type CommandApiDependencies } from './core/context.ts';

/** JSON commands are small; bigger bodies are refused before they are parsed. */
export const COMMAND_BODY_LIMIT = 64 * 1024;

/** All command routes as one plugin, so the embedded process can mount them beside query-api. */
export function commandApi(
  deps: CommandApiDependencies & CardRouteSettings & AppleWalletRouteSettings,
): FastifyPluginAsync {
  return async (app) => {
    const context = createCommandContext(deps);
    const account = createAccountTools(deps);
    registerOwnerAccess(
      app,
      ownerAuthentication(deps.pool, deps.store, account.tokens, account.apiTokens),
    );
    // Commands take JSON only; Fastify's default text/plain parser would hand a string to the schema.
    app.removeContentTypeParser('text/plain');
    // A bodiless PUT/POST (deactivate, regenerate) sent with a JSON content type is still a valid call; bytes that are
    // not UTF-8 are refused as everywhere (decision 52).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      utf8JsonParser(app, { emptyBody: 'undefined', constructorPoisoning: 'error' }),
    );
    app.addHook('onRoute', (route) => {
      route.bodyLimit ??= COMMAND_BODY_LIMIT;
    });
    await app.register(rateLimit, { global: false });
    await app.register(accountRoutes(context, account, officeLeaving(context)));
    await app.register(securityRoutes(context, account, relyingPartyOf(deps.publicBaseUrl)));
    await app.register(tokenRoutes(context, account));
    await app.register(profileRoutes(context, { lockedFields: lockedProfileFieldsReader(context.commands) }));
    await app.register(cardRoutes(context, deps));
    await app.register(officeCardRoutes(context, deps));
    await app.register(productRoutes(context, deps));
    await app.register(officeLogoRoutes(context));
    await app.register(officeRemsRoutes(context));
    await app.register(hubspotRoutes(context, deps));
    await app.register(
      officeRoutes(context, {
        appSecret: deps.appSecret,
        accountContact: accountContactReader(context.commands),
        emailHolder: emailHolderReader(context),
      }),
    );
    await app.register(telemetryRoutes(deps));
    const forms = { appSecret: deps.appSecret, readFormCard: formCardReader(context.commands) };
    await app.register(leadRoutes(context, forms));
    await app.register(remsRoutes(context, { ...deps, leadErased: leadErasedReader(context.commands) }));
    await app.register(
      remsRegistrationRoutes(context, { ...deps, ...forms, activeListing: activeListingReader(context.commands) }),
    );
    await app.register(
      meetingRoutes(context, deps, {
        accountContact: accountContactReader(context.commands),
        profileName: profileNameReader(context.commands),
      }),
    );
    await app.register(
      webhookRoutes(context, {
        secrets: new WebhookSecretStore(deps.pool, deps.appSecret),
        addressPolicy: (deps.webhooks ?? DEFAULT_WEBHOOK_SETTINGS).addressPolicy,
        ...(deps.webhooks?.lookup ? { lookup: deps.webhooks.lookup } : {}),
      }),
    );
    await app.register(shareRoutes(context, deps));
    await app.register(appleWalletRoutes(context, deps));
    // The sample card is written wherever command-api starts (npm start and the separate service):
    // idempotent, so every start and every instance may run it. A failure costs /p/DEMO, not the API.
    try {
      const seeded = await seedDemoCard(context, new Date());
      if (seeded.outcome === 'written') app.log.info('sample card DEMO written');
      if (seeded.outcome === 'foreign-card')
        app.log.warn('card DEMO belongs to an owner: the sample card was not written');
    } catch (error) {
      app.log.error({ err: error }, 'sample card DEMO could not be written; /p/DEMO answers 404 until the next start');
    }
  };
}

export async function buildApp(
  deps: CommandApiDependencies &
    CardRouteSettings &
    AppleWalletRouteSettings & {
      readonly logLevel: string;
      readonly trustProxy?: TrustProxy;
      /** /healthz, /readyz and the request metrics (issue 17); unset: none (tests that need none). */
      readonly operations?: Operations;
    },
): Promise<FastifyInstance> {
  const app = Fastify(
    serverOptions({
      logLevel: deps.logLevel,
      trustProxy: deps.trustProxy,
      bodyLimit: COMMAND_BODY_LIMIT,
      publicBaseUrl: deps.publicBaseUrl,
    }),
  );
  registerHttpPlumbing(app, { publicBaseUrl: deps.publicBaseUrl });
  if (deps.operations) registerOperations(app, deps.operations);
  await registerOpenApi(app, 'Dijital Kartvizit komut API');
  registerJsonNotFound(app);
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(commandApi(deps));
  return app;
}
