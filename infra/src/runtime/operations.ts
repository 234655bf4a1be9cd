import type pg from 'pg';
import type { OperationsSettings } from '../config/env.ts';
import type { EventStore } from '../event-store/types.ts';
import { startOperationsServer, type Operations, type OperationsServer } from '../http/metrics.ts';
import { readinessCheck } from '../metrics/health.ts';
import { readProcessingLag } from '../metrics/lag.ts';
import { WEB_VITALS_PERIOD_DAYS, type ServiceMetrics } from '../metrics/registry.ts';
import { webVitalsP75 } from '../read-models/web-vitals.ts';

/**
 * What a process has to do with the read models, for its operations endpoints (decision 45):
 * - 'build' (the projector, npm start): exports every projection's and reactor's lag, and is ready only while the
 *   projections are within READY_MAX_LAG_SECONDS;
 * - 'serve' (query-api): ready only while the projections it answers from are within the limit; exports no lag (the
 *   projector does, once);
 * - 'none' (command-api): ready when the database answers.
 */
export type ReadModelRole = 'build' | 'serve' | 'none';

export function processOperations(
  parts: { readonly pool: pg.Pool; readonly store: EventStore },
  metrics: ServiceMetrics,
  options: {
    readonly role: ReadModelRole;
    readonly maxLagSeconds: number | null;
    readonly log?: (message: string) => void;
  },
): Operations {
  if (options.role === 'build') {
    metrics.watchProcessing(() => readProcessingLag(parts.pool, parts.store));
    // The web_vitals projection's p75 (decision 44), once per deployment like the lag: the projector exports it.
    metrics.watchWebVitals(() =>
      webVitalsP75(parts.pool, new Date(Date.now() - (WEB_VITALS_PERIOD_DAYS - 1) * 86_400_000)),
    );
  }
  return {
    metrics,
    readiness: readinessCheck(
      { pool: parts.pool, store: parts.store, maxLagSeconds: options.role === 'none' ? null : options.maxLagSeconds },
      options.log,
    ),
  };
}

/** The operations port when METRICS_PORT is set (0: any free port); null when it is not. Logs where it listens. */
export async function listenOperations(
  operations: Operations,
  settings: OperationsSettings,
  log: (message: string) => void,
): Promise<OperationsServer | null> {
  if (settings.metricsPort === null) return null;
  const server = await startOperationsServer(operations, { port: settings.metricsPort, host: settings.metricsHost });
  log(`/metrics, /healthz, /readyz: http://${settings.metricsHost}:${server.port}`);
  return server;
}
