import type { Worker } from 'node:worker_threads';
import { automationReason } from '@kartvizit/infra/telemetry/automation';
import { startTypeScriptWorker } from '@kartvizit/infra/runtime/typescript-worker';
import type { TelemetrySettings } from '@kartvizit/infra/telemetry/settings';
import type { ClickInput, Outcome, TelemetryRequest, TelemetrySink, VisitInput } from './ingestion.ts';

/** One beacon as the HTTP thread passes it on: the inputs, the address and the user agent, nothing else. */
export type ThreadHit =
  | { readonly kind: 'visit'; readonly input: VisitInput; readonly address: string; readonly userAgent: string }
  | { readonly kind: 'click'; readonly input: ClickInput; readonly address: string; readonly userAgent: string };

/** What the worker is built from (structured-cloned into it). */
export interface IngestionWorkerData {
  readonly databaseUrl: string;
  readonly appSecret: Uint8Array;
  readonly settings: TelemetrySettings;
  readonly ownerCacheTtlMs?: number;
}

export type ToWorker = { readonly kind: 'hits'; readonly hits: readonly ThreadHit[] } | { readonly kind: 'close' };

export type FromWorker =
  /** This many hits were taken over by the ingestion (its own buffer bounds them from there). */
  | { readonly kind: 'handled'; readonly count: number }
  /** A batch was written to the store. */
  | { readonly kind: 'appended' }
  | { readonly kind: 'log'; readonly message: string }
  | { readonly kind: 'closed' };

const WORKER_MODULE = new URL('./ingestion-worker.ts', import.meta.url);
// A worker that ended unexpectedly is started again on the next hit, at most this often.
const RESTART_INTERVAL_MS = 5_000;
// Drops are reported at once, then at most this often.
const DROP_REPORT_INTERVAL_MS = 10_000;

/**
 * The ingestion on a worker thread of its own: the HTTP thread drops bots and prefetches (their headers stay here),
 * passes the rest on in one message per event-loop turn and answers at once; enrichment, the owner lookup, encoding
 * and the group commit's writes run in the worker (docs/decisions/0009-telemetry.md). Hits the worker has not taken
 * yet are bounded by the group commit's buffer limit: past it new hits are dropped and counted, as the group commit
 * drops when the store is down.
 */
export class IngestionThread implements TelemetrySink {
  private worker: Worker | null = null;
  private queue: ThreadHit[] = [];
  private flushScheduled = false;
  /** Posted to the worker and not yet reported handled. */
  private unhandled = 0;
  private closing = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private dropped = 0;
  private lastDropReport = Number.NEGATIVE_INFINITY;
  private closed: (() => void) | null = null;

  constructor(
    private readonly options: {
      readonly data: IngestionWorkerData;
      readonly log: (message: string) => void;
      readonly onAppended?: () => void;
    },
  ) {
    this.worker = this.start();
  }

  recordVisit(input: VisitInput, request: TelemetryRequest): Promise<Outcome> {
    return Promise.resolve(this.pass(request, (address, userAgent) => ({ kind: 'visit', input, address, userAgent })));
  }

  recordClick(input: ClickInput, request: TelemetryRequest): Promise<Outcome> {
    return Promise.resolve(this.pass(request, (address, userAgent) => ({ kind: 'click', input, address, userAgent })));
  }

  /** Hands over what is queued, lets the worker write everything it holds, then ends it. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const worker = this.worker;
    if (!worker) return;
    this.flush();
    const done = new Promise<void>((resolve) => {
      this.closed = resolve;
      worker.once('exit', () => resolve());
    });
    worker.postMessage({ kind: 'close' } satisfies ToWorker);
    await done;
    await worker.terminate();
    this.worker = null;
  }

  private pass(request: TelemetryRequest, hit: (address: string, userAgent: string) => ThreadHit): Outcome {
    if (automationReason(request.headers) !== null) return 'automated';
    if (this.closing) return 'failed';
    if (this.unhandled + this.queue.length >= this.options.data.settings.maxBufferedEvents) {
      this.drop();
      return 'failed';
    }
    this.queue.push(hit(request.address, request.headers['user-agent'] ?? ''));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return 'queued';
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.queue.length === 0) return;
    const worker = this.worker ?? this.restart();
    if (!worker) {
      this.drop(this.queue.length);
      this.queue = [];
      return;
    }
    worker.postMessage({ kind: 'hits', hits: this.queue } satisfies ToWorker);
    this.unhandled += this.queue.length;
    this.queue = [];
  }

  private start(): Worker {
    this.lastStart = performance.now();
    const worker = startTypeScriptWorker(WORKER_MODULE, { workerData: this.options.data });
    worker.on('message', (message: FromWorker) => {
      switch (message.kind) {
        case 'handled':
          this.unhandled = Math.max(0, this.unhandled - message.count);
          break;
        case 'appended':
          this.options.onAppended?.();
          break;
        case 'log':
          this.options.log(message.message);
          break;
        case 'closed':
          this.closed?.();
          break;
        default: {
          const unknown: never = message;
          return unknown;
        }
      }
    });
    worker.on('error', (error) => this.options.log(`Telemetri iş parçacığı hata verdi: ${error.message}`));
    worker.once('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (!this.closing) {
        this.options.log(`Telemetri iş parçacığı durdu (kod ${code}); ${this.unhandled} olay kayboldu`);
        this.dropped += this.unhandled;
      }
      this.unhandled = 0;
    });
    return worker;
  }

  private restart(): Worker | null {
    if (this.closing || performance.now() - this.lastStart < RESTART_INTERVAL_MS) return null;
    this.worker = this.start();
    return this.worker;
  }

  private drop(count = 1): void {
    this.dropped += count;
    const now = performance.now();
    if (now - this.lastDropReport < DROP_REPORT_INTERVAL_MS) return;
    this.lastDropReport = now;
    this.options.log(`Telemetri: iş parçacığı yetişemiyor, toplam ${this.dropped} olay atıldı`);
  }
}
