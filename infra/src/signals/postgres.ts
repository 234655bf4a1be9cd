import pg from 'pg';
import { EMPTY, Subject, type Observable } from 'rxjs';
import type { SignalBus, SignalChannel } from './types.ts';

export interface PostgresSignalBusOptions {
  /** Server to LISTEN on, through a connection of the bus's own (LISTEN is per session, so never a pooled one). */
  readonly connectionString: string;
  /** Publishes through this pool; without it the bus keeps a small one of its own. */
  readonly pool?: pg.Pool;
  /** Reconnect backoff bounds; doubles from min to max, with jitter. */
  readonly reconnectDelayMs?: { readonly min: number; readonly max: number };
  readonly log?: (message: string) => void;
}

interface Listener {
  readonly client: pg.Client;
  readonly listened: Set<SignalChannel>;
}

const CHANNELS: readonly SignalChannel[] = ['events_appended', 'projection_advanced'];

function isSignalChannel(value: string): value is SignalChannel {
  return CHANNELS.some((channel) => channel === value);
}

/**
 * Signals between processes through PostgreSQL NOTIFY. Notifications sent while the listening
 * connection is down are lost; readers poll as well, so a drop only delays them.
 */
export class PostgresSignalBus implements SignalBus {
  private readonly subjects = new Map<SignalChannel, Subject<string>>();
  private readonly channels = new Set<SignalChannel>();
  private readonly publisher: pg.Pool;
  private readonly ownsPublisher: boolean;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly log: (message: string) => void;
  private listener: Listener | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: PostgresSignalBusOptions) {
    this.ownsPublisher = options.pool === undefined;
    this.publisher = options.pool ?? new pg.Pool({ connectionString: options.connectionString, max: 2 });
    if (this.ownsPublisher) this.publisher.on('error', () => undefined);
    this.minDelayMs = options.reconnectDelayMs?.min ?? 250;
    this.maxDelayMs = options.reconnectDelayMs?.max ?? 10_000;
    this.log = options.log ?? ((): void => undefined);
  }

  async publish(channel: SignalChannel, payload = ''): Promise<void> {
    if (this.closed) return;
    await this.publisher.query('select pg_notify($1, $2)', [channel, payload]);
  }

  /** Starts listening on the channel at the first call; stays listening until close(). */
  on(channel: SignalChannel): Observable<string> {
    if (this.closed) return EMPTY;
    let subject = this.subjects.get(channel);
    if (!subject) {
      subject = new Subject<string>();
      this.subjects.set(channel, subject);
    }
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      if (this.listener) void this.listenMissing(this.listener);
      else this.ensureConnecting();
    }
    return subject.asObservable();
  }

  /** Resolves once every channel asked for so far is being listened to (or the bus is closed). */
  whenListening(): Promise<void> {
    if (this.closed || this.isListening()) return Promise.resolve();
    this.ensureConnecting();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.connecting;
    const listener = this.listener;
    this.listener = null;
    await listener?.client.end().catch(() => undefined);
    for (const subject of this.subjects.values()) subject.complete();
    this.subjects.clear();
    this.releaseWaiters();
    if (this.ownsPublisher) await this.publisher.end();
  }

  private isListening(): boolean {
    const listener = this.listener;
    return listener !== null && [...this.channels].every((channel) => listener.listened.has(channel));
  }

  private ensureConnecting(): void {
    if (this.closed || this.listener || this.connecting || this.reconnectTimer) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = null;
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      // An idle LISTEN connection sends nothing; keepalive is what notices a vanished server.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const listener: Listener = { client, listened: new Set() };
    let ended = false;
    client.on('notification', (message) => {
      if (isSignalChannel(message.channel)) this.subjects.get(message.channel)?.next(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(listener, error));
    client.on('end', () => {
      ended = true;
      this.lost(listener, null);
    });

    try {
      await client.connect();
      await this.listenMissing(listener, false);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!this.closed) this.scheduleReconnect(error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    if (ended) {
      this.scheduleReconnect(new Error('connection ended while subscribing'));
      return;
    }
    if (this.failedAttempts > 0) this.log('Signal bus: listening again');
    this.failedAttempts = 0;
    this.listener = listener;
    // Channels asked for while we were connecting.
    await this.listenMissing(listener);
  }

  private async listenMissing(listener: Listener, tolerateErrors = true): Promise<void> {
    try {
      for (const channel of this.channels) {
        if (listener.listened.has(channel)) continue;
        await listener.client.query(`listen ${listener.client.escapeIdentifier(channel)}`);
        listener.listened.add(channel);
      }
    } catch (error) {
      // A failing connection also emits 'error'/'end', which starts the reconnect.
      if (!tolerateErrors) throw error;
      return;
    }
    if (this.isListening()) this.releaseWaiters();
  }

  private lost(listener: Listener, error: Error | null): void {
    if (this.listener !== listener) return;
    this.listener = null;
    listener.client.end().catch(() => undefined);
    if (!this.closed) this.scheduleReconnect(error ?? new Error('connection ended'));
  }

  private scheduleReconnect(error: unknown): void {
    if (this.reconnectTimer || this.closed) return;
    const ceiling = Math.min(this.maxDelayMs, this.minDelayMs * 2 ** this.failedAttempts);
    const delayMs = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    this.failedAttempts += 1;
    const reason = error instanceof Error ? error.message : String(error);
    this.log(`Signal bus: LISTEN connection lost (${reason}); reconnecting in ${delayMs} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureConnecting();
    }, delayMs);
    // Reconnecting alone should not keep a finished process alive.
    this.reconnectTimer.unref();
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
