import type { FastifyInstance } from 'fastify';
import { publicBaseUrlWarning, readConfig, type ServiceConfig } from '../config/env.ts';
import { createMetrics, type ServiceMetrics } from '../metrics/registry.ts';
import type { Operations } from '../http/metrics.ts';
import { openRuntime, type Runtime } from './open-runtime.ts';
import { listenOperations, processOperations, type ReadModelRole } from './operations.ts';
import { closeOnSignals, requireDatabaseUrl } from './process.ts';

/** What a service's own `main.ts` says about itself; the rest of starting an HTTP service is the same for all. */
export interface HttpServiceDefinition {
  /** The process's name in /metrics and in the DATABASE_URL message. */
  readonly name: string;
  /** PORT when it is not set. */
  readonly defaultPort: number;
  /** What /readyz and /metrics look at of the read models (operations.ts). */
  readonly readModels: ReadModelRole;
  build(parts: {
    readonly config: ServiceConfig;
    readonly runtime: Runtime;
    readonly metrics: ServiceMetrics;
    readonly operations: Operations;
  }): Promise<FastifyInstance>;
}

/**
 * Starts command-api or query-api as a process of its own (the scaled shape): its runtime on the shared PostgreSQL
 * server with LISTEN/NOTIFY wake-ups, its app on PORT, the operations port (METRICS_PORT), and a clean close on
 * SIGINT/SIGTERM.
 */
export async function runHttpService(service: HttpServiceDefinition): Promise<void> {
  const config = readConfig(process.env, { port: service.defaultPort });
  requireDatabaseUrl(service.name, config.databaseUrl);
  const metrics = createMetrics(service.name);
  const runtime = await openRuntime(config, { signals: 'postgres', metrics });
  const operations = processOperations({ pool: runtime.database.pool, store: runtime.store }, metrics, {
    role: service.readModels,
    maxLagSeconds: config.operations.readyMaxLagSeconds,
  });
  const app = await service.build({ config, runtime, metrics, operations });
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
}
