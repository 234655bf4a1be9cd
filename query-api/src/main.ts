import { publicBaseUrlWarning, readConfig } from '@kartvizit/infra/config/env';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { closeOnSignals, requireDatabaseUrl } from '@kartvizit/infra/runtime/process';
import { createMetrics } from '@kartvizit/infra/metrics/registry';
import { listenOperations, processOperations } from '@kartvizit/infra/runtime/operations';
import { buildApp } from './app.ts';

const config = readConfig(process.env, { port: 3002 });
requireDatabaseUrl('query-api', config.databaseUrl);
const metrics = createMetrics('query-api');
const runtime = await openRuntime(config, { signals: 'postgres', metrics });
// query-api answers from the read models: not ready while they lag past READY_MAX_LAG_SECONDS.
const operations = processOperations({ pool: runtime.database.pool, store: runtime.store }, metrics, {
  role: 'serve',
  maxLagSeconds: config.operations.readyMaxLagSeconds,
});
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
  operations,
});
// Card links and QR codes this service makes must open on visitors' phones.
const addressWarning = publicBaseUrlWarning(process.env, config.publicBaseUrl);
if (addressWarning) app.log.warn(addressWarning);
await app.listen({ port: config.port, host: config.host });
const operationsServer = await listenOperations(operations, config.operations, (message) => app.log.info(message));
closeOnSignals(async () => {
  await operationsServer?.close();
  await app.close();
  await runtime.close();
});
