import type { ServerResponse } from 'node:http';
import type { Subscription } from 'rxjs';
import { STATISTICS_STREAM } from '@kartvizit/schemas';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { EVERYONE, parseProjectionAdvanced } from '@kartvizit/infra/signals/projection-advanced';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import type { TicketHolder } from './stream-ticket.ts';

const PROJECTION = 'statistics';
/** A client this far behind is not reading: drop it rather than buffer for it. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** Sessions of open streams are checked once every this many heartbeats (a password change ends them). */
const SESSION_CHECK_EVERY = 4;

function later(a: Checkpoint | null, b: Checkpoint | null): Checkpoint | null {
  return compareCheckpoints(a, b) >= 0 ? a : b;
}

/** One open `text/event-stream` response. */
export class StatisticsStream {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private pending: Checkpoint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly holder: TicketHolder,
    private readonly response: ServerResponse,
    private readonly minIntervalMs: number,
  ) {}

  /** Writes the event at once, or once the minimum interval has passed, with the latest position. */
  notify(position: Checkpoint): void {
    if (this.closed) return;
    this.pending = later(this.pending, position);
    if (this.timer) return;
    const wait = this.lastSentAt + this.minIntervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  heartbeat(): void {
    this.write(': ping\n\n');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.response.destroyed && !this.response.writableEnded) this.response.end();
  }

  private flush(): void {
    this.timer = null;
    const position = this.pending;
    if (!position || this.closed) return;
    this.pending = null;
    this.lastSentAt = Date.now();
    this.write(`event: ${STATISTICS_STREAM.event}\nid: ${position}\ndata: ${JSON.stringify({ position })}\n\n`);
  }

  private write(chunk: string): void {
    if (this.closed || this.response.destroyed) return;
    if (this.response.writableLength > MAX_BUFFERED_BYTES) {
      this.closed = true;
      this.response.destroy();
      return;
    }
    this.response.write(chunk);
  }
}

export interface StreamHubOptions {
  readonly signals?: SignalBus;
  /** The statistics projection's checkpoint (the polling fallback for lost signals). */
  readonly readCheckpoint: () => Promise<Checkpoint | null>;
  /** Current session version per owner; an owner missing from the answer is signed out. */
  readonly sessionVersions: (ownerIds: readonly string[]) => Promise<Map<string, number>>;
  readonly heartbeatMs: number;
  readonly log: (error: unknown) => void;
}

/**
 * Every open statistics stream of this process, by owner. One subscription to
 * 'projection_advanced' serves them all: a statistics batch wakes the owners it touched. One
 * timer sends the heartbeats and, as a fallback for a signal lost across a LISTEN reconnect (or
 * a rebuild, which signals nothing), compares the checkpoint with what the signals said: when it
 * moved without a signal for a whole heartbeat, every stream is told.
 */
export class StatisticsStreamHub {
  private readonly streams = new Map<string, Set<StatisticsStream>>();
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  /** The newest checkpoint every stream has been told about (by a signal or the fallback). */
  private known: Checkpoint | null = null;
  /** A checkpoint the fallback read but no signal has covered yet. */
  private suspect: Checkpoint | null = null;
  private closed = false;

  constructor(private readonly options: StreamHubOptions) {}

  get size(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  add(stream: StatisticsStream): void {
    if (this.closed) {
      stream.close();
      return;
    }
    this.start();
    const ownerId = stream.holder.ownerId;
    let set = this.streams.get(ownerId);
    if (!set) {
      set = new Set();
      this.streams.set(ownerId, set);
    }
    set.add(stream);
  }

  /** A client reconnecting with Last-Event-ID `since`: tell it at once if statistics moved on meanwhile. */
  resume(stream: StatisticsStream, since: Checkpoint): void {
    this.options
      .readCheckpoint()
      .then((current) => {
        if (current && compareCheckpoints(current, since) > 0) stream.notify(current);
      })
      .catch((error: unknown) => this.options.log(error));
  }

  remove(stream: StatisticsStream): void {
    const set = this.streams.get(stream.holder.ownerId);
    set?.delete(stream);
    if (set?.size === 0) this.streams.delete(stream.holder.ownerId);
    if (this.streams.size === 0) this.stop();
  }

  /** Ends every stream (server shutdown: open responses would keep it from closing). */
  close(): void {
    this.closed = true;
    this.stop();
    for (const set of this.streams.values()) for (const stream of set) stream.close();
    this.streams.clear();
  }

  private start(): void {
    if (this.timer) return;
    this.subscription =
      this.options.signals?.on('projection_advanced').subscribe((payload) => this.onSignal(payload)) ?? null;
    this.timer = setInterval(() => void this.tick(), this.options.heartbeatMs);
    this.timer.unref();
    // Where the fallback starts comparing from; until then a signal sets it.
    this.options
      .readCheckpoint()
      .then((current) => {
        this.known = later(this.known, current);
      })
      .catch((error: unknown) => this.options.log(error));
  }

  private stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private onSignal(payload: string): void {
    const signal = parseProjectionAdvanced(payload);
    if (!signal || signal.projection !== PROJECTION || !signal.checkpoint) return;
    const position = signal.checkpoint;
    this.known = later(this.known, position);
    if (signal.touched === EVERYONE) {
      for (const set of this.streams.values()) for (const stream of set) stream.notify(position);
      return;
    }
    for (const ownerId of signal.touched) {
      const set = this.streams.get(ownerId);
      if (set) for (const stream of set) stream.notify(position);
    }
  }

  private async tick(): Promise<void> {
    this.ticks += 1;
    for (const set of this.streams.values()) for (const stream of set) stream.heartbeat();
    try {
      await this.fallback();
      if (this.ticks % SESSION_CHECK_EVERY === 0) await this.endSignedOut();
    } catch (error) {
      this.options.log(error);
    }
  }

  private async fallback(): Promise<void> {
    // Waking everyone is the price of a lost signal; a signal normally arrives within
    // milliseconds of the commit, so only a checkpoint left uncovered for a heartbeat counts.
    if (this.suspect && compareCheckpoints(this.suspect, this.known) > 0) {
      const position = this.suspect;
      this.known = position;
      for (const set of this.streams.values()) for (const stream of set) stream.notify(position);
    }
    this.suspect = null;
    const current = await this.options.readCheckpoint();
    if (current && compareCheckpoints(current, this.known) > 0) this.suspect = current;
  }

  private async endSignedOut(): Promise<void> {
    if (this.streams.size === 0) return;
    const versions = await this.options.sessionVersions([...this.streams.keys()]);
    for (const [ownerId, set] of this.streams) {
      for (const stream of set) {
        if (versions.get(ownerId) !== stream.holder.sessionVersion) {
          stream.close();
          set.delete(stream);
        }
      }
      if (set.size === 0) this.streams.delete(ownerId);
    }
  }
}
