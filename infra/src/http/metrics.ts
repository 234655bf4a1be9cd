import Fastify, { type FastifyInstance } from 'fastify';
import type { Readiness } from '../metrics/health.ts';
import type { ServiceMetrics } from '../metrics/registry.ts';
import { MESSAGES } from '@kartvizit/schemas';

export interface Operations {
  readonly metrics: ServiceMetrics;
  readonly readiness: Readiness;
}

/**
 * What every public Fastify instance registers before its routes (command-api, query-api, npm start's): one
 * onResponse hook timing each answer under its route pattern (never the raw URL: no card id, token or address in a
 * label), and the probes /healthz and /readyz. /metrics is not here: it is served on the operations port only
 * (startOperationsServer), so the public port never shows it.
 */
export function registerOperations(app: FastifyInstance, operations: Operations): void {
  const { metrics } = operations;
  // A callback hook with the elapsed time Fastify keeps anyway: the card page's hot path pays a map lookup and an
  // observe, no promise and no clock read of its own.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  registerProbes(app, operations.readiness);
}

function registerProbes(app: FastifyInstance, readiness: Readiness): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Liveness: the process and its event loop answer. Nothing else is looked at: a database outage must not get every
  // instance restarted.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const answer = closing
      ? {
          ready: false as const,
          message: `${MESSAGES.notReady}: ${MESSAGES.shuttingDownNotReady}`,
          reasons: [MESSAGES.shuttingDownNotReady],
        }
      : await readiness();
    if (answer.ready) return { status: 'ok', message: answer.message };
    return reply
      .code(503)
      .send({ success: false, status: 'not-ready', message: answer.message, reasons: answer.reasons });
  });
}

export interface OperationsServer {
  /** The port it listens on (METRICS_PORT=0 picks a free one). */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The operations port (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default): /metrics for Prometheus, and /healthz and
 * /readyz again, which is where the projector (no public port) is probed. A bare Fastify with no logger: a scrape
 * every 15 s is not worth a log line.
 */
export async function startOperationsServer(
  operations: Operations,
  listen: { readonly port: number; readonly host: string },
): Promise<OperationsServer> {
  const app = Fastify({ logger: false });
  registerProbes(app, operations.readiness);
  app.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await operations.metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
  await app.listen({ port: listen.port, host: listen.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  return { port, close: () => app.close() };
}
