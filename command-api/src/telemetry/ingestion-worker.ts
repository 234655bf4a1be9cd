/**
 * The ingestion thread (started by IngestionThread): enriches the hits the HTTP thread passes on and writes them
 * through the group commit, on a small pool of its own, and answers each hit's id once its batch has committed (or it
 * failed, or had nothing to store). On 'close' it writes everything it holds, answers it, then says 'closed'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { createSignalBus, wakeReaders } from '@kartvizit/infra/signals/create';
import { codecFromAppSecret } from '@kartvizit/infra/vault/event-codec';
import { openTelemetryIngestion } from './ingestion.ts';
import type { Outcome, TelemetryRequest } from './ingestion.ts';
import type { FromWorker, IngestionWorkerData, ThreadHit, ToWorker } from './ingestion-thread.ts';
import type { AppendSample, BeaconNotStoredReason, MetricsRecorder } from '@kartvizit/infra/metrics/registry';

const port = parentPort;
if (!port) throw new Error('ingestion-worker.ts runs as a worker thread');
const data = workerData as IngestionWorkerData;
const send = (message: FromWorker) => port.postMessage(message);

// One connection writes the batches; the others answer owner and salt lookups meanwhile.
const pool = new pg.Pool({ connectionString: data.databaseUrl, max: 4 });
pool.on('error', (error) => send({ kind: 'log', message: `Telemetri iş parçacığı: ${error.message}` }));
const log = (message: string) => send({ kind: 'log', message });
// Readers in other processes learn of the beacons through the signal bus (NOTIFY after the commit); a composition
// that wakes its readers in-process is told through the 'appended' message instead.
const signals = data.publishAppended
  ? createSignalBus({ kind: 'postgres', connectionString: data.databaseUrl, pool, log })
  : null;
const wake = signals ? wakeReaders(signals, log) : null;

/** The worker's numbers go to the process's registry on the channel the answers take, one message per turn. */
class ForwardedMetrics implements MetricsRecorder {
  private appends: AppendSample[] = [];
  private readonly notStored = new Map<BeaconNotStoredReason, number>();
  private scheduled = false;

  appendObserved(sample: AppendSample): void {
    this.appends.push(sample);
    this.schedule();
  }

  beaconsNotStored(reason: BeaconNotStoredReason, count: number): void {
    this.notStored.set(reason, (this.notStored.get(reason) ?? 0) + count);
    this.schedule();
  }

  flush(): void {
    this.scheduled = false;
    if (this.appends.length === 0 && this.notStored.size === 0) return;
    send({ kind: 'metrics', appends: this.appends, notStored: [...this.notStored] });
    this.appends = [];
    this.notStored.clear();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }
}
const metrics = data.measure === true ? new ForwardedMetrics() : null;

const store = await createEventStore(data.eventStore, {
  pool,
  onAppended: () => {
    wake?.();
    send({ kind: 'appended' });
  },
  ...(metrics ? { metrics } : {}),
});
const ingestion = openTelemetryIngestion({
  pool,
  store,
  codec: codecFromAppSecret(pool, Buffer.from(data.appSecret)),
  settings: data.settings,
  options: { ownerCacheTtlMs: data.ownerCacheTtlMs },
  log,
  ...(metrics ? { metrics } : {}),
});

// Answers settled in one turn go back in one message (a committed batch settles all of its hits together).
let answerIds: number[] = [];
let answerOutcomes: Outcome[] = [];
let answersScheduled = false;

function sendAnswers(): void {
  answersScheduled = false;
  if (answerIds.length === 0) return;
  send({ kind: 'answers', ids: answerIds, outcomes: answerOutcomes });
  answerIds = [];
  answerOutcomes = [];
}

function answer(id: number, outcome: Outcome): void {
  answerIds.push(id);
  answerOutcomes.push(outcome);
  if (answersScheduled) return;
  answersScheduled = true;
  setImmediate(sendAnswers);
}

function record(hit: ThreadHit, request: TelemetryRequest): Promise<Outcome> {
  switch (hit.kind) {
    case 'visit':
      return ingestion.recordVisit(hit.input, request);
    case 'click':
      return ingestion.recordClick(hit.input, request);
    case 'product-view':
      return ingestion.recordProductView(hit.input, request);
    case 'product-click':
      return ingestion.recordProductClick(hit.input, request);
    case 'web-vitals':
      return ingestion.recordWebVitals(hit.input, request);
    default: {
      const unknown: never = hit;
      return unknown;
    }
  }
}

async function close(): Promise<void> {
  try {
    await ingestion.close();
    sendAnswers();
    await signals?.close();
    await store.close();
    await pool.end();
  } catch (error) {
    send({
      kind: 'log',
      message: `Telemetri iş parçacığı kapanırken: ${error instanceof Error ? error.message : String(error)}`,
    });
  } finally {
    sendAnswers();
    metrics?.flush();
    send({ kind: 'closed' });
    port?.close();
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'hits': {
      // Until answered, a hit counts against the HTTP thread's bound: hits waiting for a slow database cannot pile
      // up here unbounded. The ingestion never throws.
      for (const hit of message.hits) {
        const request = { address: hit.address, headers: { 'user-agent': hit.userAgent } };
        void record(hit, request).then((settled) => answer(hit.id, settled));
      }
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
