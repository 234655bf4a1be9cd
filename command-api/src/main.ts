import { publicBaseUrlWarning, readConfig } from '@kartvizit/infra/config/env';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { closeOnSignals, requireDatabaseUrl } from '@kartvizit/infra/runtime/process';
import { readTelemetrySettings } from '@kartvizit/infra/telemetry/settings';
import { readSignInThrottleSettings } from '@kartvizit/infra/auth/sign-in-backoff';
import { createMetrics } from '@kartvizit/infra/metrics/registry';
import { listenOperations, processOperations } from '@kartvizit/infra/runtime/operations';
import { buildApp } from './app.ts';

const config = readConfig(process.env, { port: 3001 });
requireDatabaseUrl('command-api', config.databaseUrl);
const metrics = createMetrics('command-api');
const runtime = await openRuntime(config, { signals: 'postgres', metrics });
const operations = processOperations({ pool: runtime.database.pool, store: runtime.store }, metrics, {
  role: 'none',
  maxLagSeconds: config.operations.readyMaxLagSeconds,
});
const app = await buildApp({
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
  meetings: config.meetings,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  metrics,
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
