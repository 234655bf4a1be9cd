/**
 * The whole product in one process (npm start): command-api, projector and query-api with the
 * built web app on one port, over embedded PostgreSQL unless DATABASE_URL is set.
 */
import { publicBaseUrlWarning, readConfig } from '@kartvizit/infra/config/env';
import { mailerFromConfig } from '@kartvizit/infra/mail/mailer';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { closeOnSignals } from '@kartvizit/infra/runtime/process';
import { readTelemetrySettings } from '@kartvizit/infra/telemetry/settings';
import { readSignInThrottleSettings } from '@kartvizit/infra/auth/sign-in-backoff';
import { createEventTransport } from '@kartvizit/infra/transport/create';
import { createMetrics } from '@kartvizit/infra/metrics/registry';
import { listenOperations } from '@kartvizit/infra/runtime/operations';
import { readListingClock } from '@kartvizit/infra/config/test-clock';
import { composeProduct } from './compose.ts';

const config = readConfig();
const listingClock = readListingClock(process.env);
const log = (message: string) => console.log(`[kartvizit] ${message}`);

log(config.databaseUrl ? 'PostgreSQL: DATABASE_URL' : `PostgreSQL: gömülü (${config.dataDir}/pg)`);
// Once for the whole process: card links and QR codes made here must open on visitors' phones.
const addressWarning = publicBaseUrlWarning(process.env, config.publicBaseUrl);
if (addressWarning) console.warn(`[kartvizit] ${addressWarning}`);
const metrics = createMetrics('kartvizit');
const runtime = await openRuntime(config, { signals: 'in-process', log, metrics });
const mailer = mailerFromConfig(config, log);
log(`E-posta: ${mailer.destination}`);
// EVENT_TRANSPORT=kafka: the projections and the reactors consume the relay's topic, as in the projector process (decision 42).
const transport =
  config.kafka.transport === 'kafka' ? createEventTransport(config.kafka, log, { role: 'embedded' }) : null;
const product = await composeProduct({
  ...(transport ? { kafka: { transport, topic: config.kafka.topic } } : {}),
  // With KAFKA_BROKERS, every event is published to the topic too (decision 42).
  relay: config.kafka,
  mailer,
  pool: runtime.database.pool,
  store: runtime.store,
  codec: runtime.codec,
  signals: runtime.signals,
  blobs: runtime.blobs,
  appSecret: runtime.appSecret,
  logLevel: config.logLevel,
  authRateLimitPerMinute: config.authRateLimitPerMinute,
  signInThrottle: readSignInThrottleSettings(process.env),
  telemetry: readTelemetrySettings(process.env),
  webDistDir: config.webDistDir,
  trustProxy: config.trustProxy,
  projectorPollIntervalMs: config.projectorPollIntervalMs,
  publicBaseUrl: config.publicBaseUrl,
  maps: config.maps,
  remsApiUrl: config.remsApiUrl,
  webhooks: { addressPolicy: config.webhookAddressPolicy },
  meetings: config.meetings,
  googleWallet: config.googleWallet,
  appleWallet: config.appleWallet,
  webVitalsSampleRate: config.webVitalsSampleRate,
  hubspot: config.hubspot,
  metrics,
  readyMaxLagSeconds: config.operations.readyMaxLagSeconds,
  ...(listingClock ? { listingClock } : {}),
  log,
});
await product.app.listen({ port: config.port, host: config.host });
log(`Dijital Kartvizit hazır: http://localhost:${config.port}`);
const operationsServer = await listenOperations(product.operations, config.operations, log);

closeOnSignals(async () => {
  await operationsServer?.close();
  await product.close();
  await transport?.close();
  mailer.close();
  await runtime.close();
}, log);
