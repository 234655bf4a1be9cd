/**
 * The ingestion thread (started by IngestionThread): enriches the hits the HTTP thread passes on and writes them
 * through the group commit, on a small pool of its own. On 'close' it writes everything it holds, then says 'closed'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { PostgresEventStore } from '@kartvizit/infra/event-store/postgres';
import { codecFromAppSecret } from '@kartvizit/infra/vault/event-codec';
import { openTelemetryIngestion } from './ingestion.ts';
import type { FromWorker, IngestionWorkerData, ToWorker } from './ingestion-thread.ts';

const port = parentPort;
if (!port) throw new Error('ingestion-worker.ts runs as a worker thread');
const data = workerData as IngestionWorkerData;
const send = (message: FromWorker) => port.postMessage(message);

// One connection writes the batches; the others answer owner and salt lookups meanwhile.
const pool = new pg.Pool({ connectionString: data.databaseUrl, max: 4 });
pool.on('error', (error) => send({ kind: 'log', message: `Telemetri iş parçacığı: ${error.message}` }));
const store = new PostgresEventStore({ pool, onAppended: () => send({ kind: 'appended' }) });
const ingestion = openTelemetryIngestion({
  pool,
  store,
  codec: codecFromAppSecret(pool, Buffer.from(data.appSecret)),
  settings: data.settings,
  options: { ownerCacheTtlMs: data.ownerCacheTtlMs },
  log: (message) => send({ kind: 'log', message }),
});

async function close(): Promise<void> {
  try {
    await ingestion.close();
    await pool.end();
  } catch (error) {
    send({
      kind: 'log',
      message: `Telemetri iş parçacığı kapanırken: ${error instanceof Error ? error.message : String(error)}`,
    });
  } finally {
    send({ kind: 'closed' });
    port?.close();
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'hits': {
      // Reported once every hit has been through the ingestion (never throws): until then they count against the
      // HTTP thread's bound, so hits waiting for a slow database cannot pile up here unbounded.
      const outcomes = message.hits.map((hit) => {
        const request = { address: hit.address, headers: { 'user-agent': hit.userAgent } };
        return hit.kind === 'visit'
          ? ingestion.recordVisit(hit.input, request)
          : ingestion.recordClick(hit.input, request);
      });
      void Promise.all(outcomes).then(() => send({ kind: 'handled', count: message.hits.length }));
      break;
    }
    case 'close':
      void close();
      break;
    default: {
      const unknown: never = message;
      return unknown;
    }
  }
});
