import { readConfig } from '@kartvizit/infra/config/env';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { closeOnSignals, requireDatabaseUrl } from '@kartvizit/infra/runtime/process';
import { mailerFromConfig } from '@kartvizit/infra/mail/mailer';
import { createEventTransport } from '@kartvizit/infra/transport/create';
import { createMetrics } from '@kartvizit/infra/metrics/registry';
import { listenOperations, processOperations } from '@kartvizit/infra/runtime/operations';
import { readListingClock } from '@kartvizit/infra/config/test-clock';
import { composeProjector } from './service.ts';

const config = readConfig(process.env);
const listingClock = readListingClock(process.env);
requireDatabaseUrl('projector', config.databaseUrl);
const log = (message: string) => console.log(`[projector] ${message}`);
const metrics = createMetrics('projector');
const runtime = await openRuntime(config, { signals: 'postgres', log, metrics });
// No public port: the operations port (METRICS_PORT) is where the projector is scraped and probed.
const operations = processOperations({ pool: runtime.database.pool, store: runtime.store }, metrics, {
  role: 'build',
  maxLagSeconds: config.operations.readyMaxLagSeconds,
  log,
});
const operationsServer = await listenOperations(operations, config.operations, log);
const mailer = mailerFromConfig(config, log);
log(`e-mail: ${mailer.destination}`);
// EVENT_TRANSPORT=kafka: the projections and the reactors consume the relay's topic (decision 42).
const transport =
  config.kafka.transport === 'kafka' ? createEventTransport(config.kafka, log, { role: 'projector' }) : null;
if (transport) log(`projections and reactors fed by Kafka topic ${config.kafka.topic}`);
// With KAFKA_BROKERS the projector publishes every event to the topic too (decision 42).
const projectors = composeProjector({
  pool: runtime.database.pool,
  store: runtime.store,
  codec: runtime.codec,
  signals: runtime.signals,
  pollIntervalMs: config.projectorPollIntervalMs,
  log,
  ...(transport ? { kafka: { transport, topic: config.kafka.topic } } : {}),
  blobs: runtime.blobs,
  mailer,
  publicBaseUrl: config.publicBaseUrl,
  appSecret: runtime.appSecret,
  remsApiUrl: config.remsApiUrl,
  webhooks: { addressPolicy: config.webhookAddressPolicy },
  googleWallet: config.googleWallet,
  appleWallet: config.appleWallet,
  relay: config.kafka,
  hubspot: config.hubspot,
  ...(listingClock ? { clock: listingClock } : {}),
});
log(`running ${[...projectors.runners, ...projectors.reactors].map((runner) => runner.name).join(', ')}`);
closeOnSignals(async () => {
  await operationsServer?.close();
  await projectors.stop();
  await transport?.close();
  mailer.close();
  await runtime.close();
}, log);
