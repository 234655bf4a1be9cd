import type { Worker } from 'node:worker_threads';
import { automationReason } from '@kartvizit/infra/telemetry/automation';
import { startTypeScriptWorker } from '@kartvizit/infra/runtime/typescript-worker';
import type { TelemetrySettings } from '@kartvizit/infra/telemetry/settings';
import type { EventStoreSettings } from '@kartvizit/infra/config/env';
import type { AppendSample, BeaconNotStoredReason, MetricsRecorder } from '@kartvizit/infra/metrics/registry';
import type {
  ClickInput,
  Outcome,
  ProductClickInput,
  ProductViewInput,
  TelemetryRequest,
  TelemetrySink,
  VisitInput,
  WebVitalsInput,
} from './ingestion.ts';

/**
 * One beacon as the HTTP thread passes it on: the inputs, the address and the user agent, nothing else; `id` names
 * the request waiting for it, in the answer.
 */
export type ThreadHit = {
  readonly id: number;
  readonly address: string;
  readonly userAgent: string;
} & (
  | { readonly kind: 'visit'; readonly input: VisitInput }
  | { readonly kind: 'click'; readonly input: ClickInput }
  | { readonly kind: 'product-view'; readonly input: ProductViewInput }
  | { readonly kind: 'product-click'; readonly input: ProductClickInput }
  | { readonly kind: 'web-vitals'; readonly input: WebVitalsInput }
);

/** What the worker is built from (structured-cloned into it). */
export interface IngestionWorkerData {
  readonly databaseUrl: string;
  readonly appSecret: Uint8Array;
  readonly settings: TelemetrySettings;
  readonly ownerCacheTtlMs?: number;
  /** The store the worker writes to (createEventStore). */
  readonly eventStore: EventStoreSettings;
  /**
   * True when nobody in this process passes the worker's appends on (no onAppended): the worker then publishes
   * 'events_appended' on the PostgreSQL signal bus itself, so readers in other processes wake.
   */
  readonly publishAppended: boolean;
  /** True when the process has a /metrics registry: the worker then reports its appends and losses ('metrics'). */
  readonly measure?: boolean;
}

export type ToWorker = { readonly kind: 'hits'; readonly hits: readonly ThreadHit[] } | { readonly kind: 'close' };

export type FromWorker =
  /**
   * What became of these hits (`outcomes[i]` of `ids[i]`): stored (their batch committed), nothing to store, or failed.
   * One message for every hit settled in one turn of the worker's event loop.
   */
  | { readonly kind: 'answers'; readonly ids: readonly number[]; readonly outcomes: readonly Outcome[] }
  /** A batch was written to the store. */
  | { readonly kind: 'appended' }
  | { readonly kind: 'log'; readonly message: string }
  /**
   * The worker's numbers for the process's /metrics registry (its store's appends, beacons its group commit did not
   * store, and why), gathered over one turn of its event loop.
   */
  | {
      readonly kind: 'metrics';
      readonly appends: readonly AppendSample[];
      readonly notStored: readonly (readonly [BeaconNotStoredReason, number])[];
    }
  | { readonly kind: 'closed' };

const WORKER_MODULE = new URL('./ingestion-worker.ts', import.meta.url);
// A worker that ended unexpectedly is started again on the next hit, at most this often.
const RESTART_INTERVAL_MS = 5_000;
// Past the group commit's own close deadline (10 s of retries), a worker that has not finished is ended.
const CLOSE_TIMEOUT_MS = 15_000;
// As TelemetryIngestion caps it: real user agents stay far below; the hand-over copies no more.
const USER_AGENT_LIMIT = 1024;
// Drops are reported at once, then at most this often.
const DROP_REPORT_INTERVAL_MS = 10_000;

/**
 * The ingestion on a worker thread of its own: the HTTP thread drops bots and prefetches (their headers stay here)
 * and passes the rest on in one message per event-loop turn, each hit with a request id; enrichment, the owner lookup,
 * encoding and the group commit's writes run in the worker, which answers each id once the hit's batch has committed
 * (or failed, or had nothing to store), in one message per turn (docs/decisions/0018-acknowledged-means-stored.md).
 * Only then does the request get its answer. Hits waiting for an answer are bounded by the group commit's buffer
 * limit: past it new hits fail at once (503), as the group commit refuses when it is full.
 */
export class IngestionThread implements TelemetrySink {
  private worker: Worker | null = null;
  private queue: ThreadHit[] = [];
  private flushScheduled = false;
  private nextId = 0;
  /** Hits queued or posted to the worker and not yet answered, by id: how to answer each. */
  private readonly waiting = new Map<number, (outcome: Outcome) => void>();
  private closing = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private dropped = 0;
  private lastDropReport = Number.NEGATIVE_INFINITY;
  private closed: (() => void) | null = null;
  private closePromise: Promise<void> | null = null;

  constructor(
    private readonly options: {
      readonly data: IngestionWorkerData;
      readonly log: (message: string) => void;
      readonly onAppended?: () => void;
      /** The process's /metrics registry: the worker's numbers are passed on to it, and the losses counted here. */
      readonly metrics?: MetricsRecorder;
    },
  ) {
    this.worker = this.start();
  }

  recordVisit(input: VisitInput, request: TelemetryRequest): Promise<Outcome> {
    return this.pass(request, (id, address, userAgent) => ({ id, kind: 'visit', input, address, userAgent }));
  }

  recordClick(input: ClickInput, request: TelemetryRequest): Promise<Outcome> {
    return this.pass(request, (id, address, userAgent) => ({ id, kind: 'click', input, address, userAgent }));
  }

  recordProductView(input: ProductViewInput, request: TelemetryRequest): Promise<Outcome> {
    return this.pass(request, (id, address, userAgent) => ({ id, kind: 'product-view', input, address, userAgent }));
  }

  recordProductClick(input: ProductClickInput, request: TelemetryRequest): Promise<Outcome> {
    return this.pass(request, (id, address, userAgent) => ({ id, kind: 'product-click', input, address, userAgent }));
  }

  recordWebVitals(input: WebVitalsInput, request: TelemetryRequest): Promise<Outcome> {
    // Vitals keep nothing derived from the address: it does not leave this thread.
    return this.pass(request, (id, _address, userAgent) => ({ id, kind: 'web-vitals', input, address: '', userAgent }));
  }

  /** Hands over what is queued, lets the worker write everything it holds (answering it), then ends it. */
  close(): Promise<void> {
    this.closePromise ??= this.shutDown();
    return this.closePromise;
  }

  private async shutDown(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker) {
      if (this.queue.length > 0) this.lose(this.queue.splice(0), 'kapanışta iş parçacığı yoktu');
      return;
    }
    this.flush();
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => {
      this.closed = resolve;
      worker.once('exit', () => resolve());
      timer = setTimeout(() => {
        this.options.log(`Telemetri iş parçacığı ${CLOSE_TIMEOUT_MS / 1000} saniyede kapanmadı; durduruluyor`);
        resolve();
      }, CLOSE_TIMEOUT_MS);
    });
    worker.postMessage({ kind: 'close' } satisfies ToWorker);
    await done;
    clearTimeout(timer);
    await worker.terminate();
    this.worker = null;
    // Anything the worker did not answer before it ended was not stored.
    this.options.metrics?.beaconsNotStored('closed', this.answerAll('failed'));
  }

  private pass(
    request: TelemetryRequest,
    hit: (id: number, address: string, userAgent: string) => ThreadHit,
  ): Promise<Outcome> {
    if (automationReason(request.headers) !== null) return Promise.resolve('automated');
    if (this.closing) {
      this.options.metrics?.beaconsNotStored('closed', 1);
      return Promise.resolve('failed');
    }
    if (this.waiting.size >= this.options.data.settings.maxBufferedEvents) {
      this.options.metrics?.beaconsNotStored('overloaded', 1);
      this.drop();
      return Promise.resolve('failed');
    }
    const id = ++this.nextId;
    this.queue.push(hit(id, request.address, (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_LIMIT)));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.queue.length === 0) return;
    const worker = this.worker ?? this.restart();
    if (!worker) {
      this.lose(this.queue.splice(0), 'iş parçacığı yeniden başlatılmayı bekliyor');
      return;
    }
    worker.postMessage({ kind: 'hits', hits: this.queue } satisfies ToWorker);
    this.queue = [];
  }

  private answer(id: number, outcome: Outcome): void {
    const resolve = this.waiting.get(id);
    if (!resolve) return;
    this.waiting.delete(id);
    resolve(outcome);
  }

  /** Answers every hit waiting, except those still queued here (not yet posted to any worker). */
  private answerAll(outcome: Outcome): number {
    const queued = new Set(this.queue.map((hit) => hit.id));
    let count = 0;
    for (const id of [...this.waiting.keys()]) {
      if (queued.has(id)) continue;
      this.answer(id, outcome);
      count += 1;
    }
    return count;
  }

  private start(): Worker | null {
    this.lastStart = performance.now();
    let worker: Worker;
    try {
      worker = startTypeScriptWorker(WORKER_MODULE, { workerData: this.options.data });
    } catch (error) {
      this.options.log(
        `Telemetri iş parçacığı başlatılamadı: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
    let finished = false;
    worker.on('message', (message: FromWorker) => {
      switch (message.kind) {
        case 'answers':
          message.ids.forEach((id, index) => this.answer(id, message.outcomes[index] ?? 'failed'));
          break;
        case 'appended':
          this.options.onAppended?.();
          break;
        case 'log':
          this.options.log(message.message);
          break;
        case 'metrics':
          for (const sample of message.appends) this.options.metrics?.appendObserved(sample);
          for (const [reason, count] of message.notStored) this.options.metrics?.beaconsNotStored(reason, count);
          break;
        case 'closed':
          finished = true;
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
      if (this.worker === worker) this.worker = null;
      // Whatever the worker had not answered is not stored: those requests are answered 503 now.
      const lost = this.answerAll('failed');
      this.options.metrics?.beaconsNotStored(this.closing ? 'closed' : 'worker', lost);
      if (!finished) {
        this.dropped += lost;
        this.options.log(
          `Telemetri iş parçacığı durdu (kod ${code}): yanıtlanmamış ${lost} olay kaydedilmedi (toplam ${this.dropped})`,
        );
      }
    });
    return worker;
  }

  private restart(): Worker | null {
    if (this.closing || performance.now() - this.lastStart < RESTART_INTERVAL_MS) return null;
    this.worker = this.start();
    return this.worker;
  }

  /** Hits that will not be written, and why: answered 'failed', one line each time, with the total. */
  private lose(hits: readonly ThreadHit[], reason: string): void {
    for (const hit of hits) this.answer(hit.id, 'failed');
    this.options.metrics?.beaconsNotStored(this.closing ? 'closed' : 'worker', hits.length);
    this.dropped += hits.length;
    this.options.log(`Telemetri: ${reason}; ${hits.length} olay kaydedilmedi (toplam ${this.dropped})`);
  }

  private drop(count = 1): void {
    this.dropped += count;
    const now = performance.now();
    if (now - this.lastDropReport < DROP_REPORT_INTERVAL_MS) return;
    this.lastDropReport = now;
    this.options.log(
      `Telemetri: iş parçacığı yetişemiyor, yeni olaylar reddediliyor (toplam ${this.dropped} olay kaydedilmedi)`,
    );
  }
}
