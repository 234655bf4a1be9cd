import { runHttpService } from '@kartvizit/infra/runtime/http-service';
import { buildApp } from './app.ts';

await runHttpService({
  name: 'query-api',
  defaultPort: 3002,
  // query-api answers from the read models: not ready while they lag past READY_MAX_LAG_SECONDS.
  readModels: 'serve',
  build: ({ config, runtime, operations }) =>
    buildApp({
      pool: runtime.database.pool,
      store: runtime.store,
      appSecret: runtime.appSecret,
      signals: runtime.signals,
      blobs: runtime.blobs,
      webDistDir: config.webDistDir,
      publicBaseUrl: config.publicBaseUrl,
      maps: config.maps,
      meetings: config.meetings,
      googleWallet: config.googleWallet,
      appleWallet: config.appleWallet,
      hubspot: config.hubspot,
      webVitalsSampleRate: config.webVitalsSampleRate,
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      operations,
    }),
});
