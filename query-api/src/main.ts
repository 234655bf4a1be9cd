import { publicBaseUrlWarning, readConfig } from '@kartvizit/infra/config/env';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { closeOnSignals, requireDatabaseUrl } from '@kartvizit/infra/runtime/process';
import { buildApp } from './app.ts';

const config = readConfig(process.env, { port: 3002 });
requireDatabaseUrl('query-api', config.databaseUrl);
const runtime = await openRuntime(config, { signals: 'postgres' });
const app = await buildApp({
  pool: runtime.database.pool,
  store: runtime.store,
  appSecret: runtime.appSecret,
  signals: runtime.signals,
  blobs: runtime.blobs,
  webDistDir: config.webDistDir,
  publicBaseUrl: config.publicBaseUrl,
  maps: config.maps,
  meetings: config.meetings,
  webVitalsSampleRate: config.webVitalsSampleRate,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
});
// Card links and QR codes this service makes must open on visitors' phones.
const addressWarning = publicBaseUrlWarning(process.env, config.publicBaseUrl);
if (addressWarning) app.log.warn(addressWarning);
await app.listen({ port: config.port, host: config.host });
closeOnSignals(async () => {
  await app.close();
  await runtime.close();
});
