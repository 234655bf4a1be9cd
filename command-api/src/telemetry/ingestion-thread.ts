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
  /** This many hits went through the ingestion: dropped, failed, or queued in the group commit (bounded from there). */
  | { readonly kind: 'handled'; readonly count: number }
  /** A batch was written to the store. */
  | { readonly kind: 'appended' }
  | { readonly kind: 'log'; readonly message: string }
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
 * The ingestion on a worker thread of its own: the HTTP thread drops bots and prefetches (their headers stay here),
 * passes the rest on in one message per event-loop turn and answers at once; enrichment, the owner lookup, encoding
 * and the group commit's writes run in the worker (docs/decisions/0009-telemetry.md). Hits the worker has not yet
 * been through (enriched and queued, or dropped) are bounded by the group commit's buffer limit: past it new hits are
 * dropped and counted, as the group commit drops when the store is down.
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
  private closePromise: Promise<void> | null = null;

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
  close(): Promise<void> {
    this.closePromise ??= this.shutDown();
    return this.closePromise;
  }

  private async shutDown(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker) {
      if (this.queue.length > 0) this.lose(this.queue.length, 'kapanışta iş parçacığı yoktu');
      this.queue = [];
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
  }

  private pass(request: TelemetryRequest, hit: (address: string, userAgent: string) => ThreadHit): Outcome {
    if (automationReason(request.headers) !== null) return 'automated';
    if (this.closing) return 'failed';
    if (this.unhandled + this.queue.length >= this.options.data.settings.maxBufferedEvents) {
      this.drop();
      return 'failed';
    }
    this.queue.push(hit(request.address, (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_LIMIT)));
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
      this.lose(this.queue.length, 'iş parçacığı yeniden başlatılmayı bekliyor');
      this.queue = [];
      return;
    }
    worker.postMessage({ kind: 'hits', hits: this.queue } satisfies ToWorker);
    this.unhandled += this.queue.length;
    this.queue = [];
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
    let finished = false;
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'closed') finished = true;
    });
    worker.once('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      // Whatever the worker had not written is gone: the hits it had not been through for certain, and the events
      // waiting in its group commit (it counts those itself only when it closes properly).
      if (!finished) {
        this.dropped += this.unhandled;
        this.options.log(
          `Telemetri iş parçacığı durdu (kod ${code}): işlenmemiş ${this.unhandled} olay ve yazılmayı bekleyenler kayboldu (toplam en az ${this.dropped})`,
        );
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

  /** Hits that will never be written, and why: one line each time, with the total. */
  private lose(count: number, reason: string): void {
    this.dropped += count;
    this.options.log(`Telemetri: ${reason}; en az ${count} olay kayboldu (toplam ${this.dropped})`);
  }

  private drop(count = 1): void {
    this.dropped += count;
    const now = performance.now();
    if (now - this.lastDropReport < DROP_REPORT_INTERVAL_MS) return;
    this.lastDropReport = now;
    this.options.log(`Telemetri: iş parçacığı yetişemiyor, yeni olaylar atılıyor (toplam ${this.dropped} olay atıldı)`);
  }
}
