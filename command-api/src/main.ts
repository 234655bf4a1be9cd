import { readTelemetrySettings } from '@kartvizit/infra/telemetry/settings';
import { readSignInThrottleSettings } from '@kartvizit/infra/auth/sign-in-backoff';
import { runHttpService } from '@kartvizit/infra/runtime/http-service';
import { readListingClock } from '@kartvizit/infra/config/test-clock';
import { buildApp } from './app.ts';

const listingClock = readListingClock(process.env);

await runHttpService({
  name: 'command-api',
  defaultPort: 3001,
  readModels: 'none',
  build: ({ config, runtime, metrics, operations }) =>
    buildApp({
      pool: runtime.database.pool,
      store: runtime.store,
      codec: runtime.codec,
      blobs: runtime.blobs,
      appSecret: runtime.appSecret,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
      signInThrottle: readSignInThrottleSettings(process.env),
      telemetry: readTelemetrySettings(process.env),
      publicBaseUrl: config.publicBaseUrl,
      remsApiUrl: config.remsApiUrl,
      webhooks: { addressPolicy: config.webhookAddressPolicy },
      meetings: config.meetings,
      appleWallet: config.appleWallet,
      ...(listingClock ? { listingClock } : {}),
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      metrics,
      operations,
    }),
});
