import type { ServerResponse } from 'node:http';
import type { Subscription } from 'rxjs';
import { STATISTICS_STREAM } from '@kartvizit/schemas';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { EVERYONE, parseProjectionAdvanced } from '@kartvizit/infra/signals/projection-advanced';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import { REMS_REGISTRATIONS_PROJECTION } from '@kartvizit/infra/read-models/contract';
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
  /**
   * Whose statistics an office's team stream follows (every member it ever had: the team's figures count those who
   * left), or null when `adminId` no longer administers it: the stream then ends. Asked when the stream opens and at
   * every session check, so a member who joins is followed within a minute.
   */
  readonly officeAudience?: (officeId: string, adminId: string) => Promise<readonly string[] | null>;
  readonly heartbeatMs: number;
  readonly log: (error: unknown) => void;
}

/** The leads projection: a lead left on a member's card changes the team's figures (an owner's own hold no leads). */
const LEADS_PROJECTION = 'leads';
/**
 * The REMS registrations: one made from a listing's page changes that owner's 'Ürünler' figures (issue 33); a team's
 * figures hold no products.
 */
const REGISTRATIONS_PROJECTION = REMS_REGISTRATIONS_PROJECTION;

/**
 * Every open statistics stream of this process, by the owners it follows: an owner's own stream follows them; an
 * office's team stream (issue 30) follows the office's members. One subscription to 'projection_advanced' serves them
 * all: a statistics batch wakes the streams following an owner it touched, a leads batch the team streams following
 * a holder whose leads it touched, a REMS registrations batch the own streams of the owners it touched.
 * One timer sends the heartbeats and, as a fallback for a signal lost across a LISTEN reconnect (or a rebuild, which
 * signals nothing), compares the checkpoint with what the signals said: when it moved without a signal for a whole
 * heartbeat, every stream is told.
 */
export class StatisticsStreamHub {
  /** Open streams by an owner they follow. */
  private readonly following = new Map<string, Set<StatisticsStream>>();
  /** What each open stream follows. */
  private readonly audiences = new Map<StatisticsStream, ReadonlySet<string>>();
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
    return this.audiences.size;
  }

  /** Opens a stream following `audience` (by default its holder alone). */
  add(stream: StatisticsStream, audience: readonly string[] = [stream.holder.ownerId]): void {
    if (this.closed) {
      stream.close();
      return;
    }
    this.start();
    this.follow(stream, audience);
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
    this.unfollow(stream);
    if (this.audiences.size === 0) this.stop();
  }

  /** Ends every stream (server shutdown: open responses would keep it from closing). */
  close(): void {
    this.closed = true;
    this.stop();
    for (const stream of this.audiences.keys()) stream.close();
    this.audiences.clear();
    this.following.clear();
  }

  private follow(stream: StatisticsStream, audience: readonly string[]): void {
    this.unfollow(stream);
    const owners = new Set(audience);
    this.audiences.set(stream, owners);
    for (const ownerId of owners) {
      let set = this.following.get(ownerId);
      if (!set) {
        set = new Set();
        this.following.set(ownerId, set);
      }
      set.add(stream);
    }
  }

  private unfollow(stream: StatisticsStream): void {
    for (const ownerId of this.audiences.get(stream) ?? []) {
      const set = this.following.get(ownerId);
      set?.delete(stream);
      if (set?.size === 0) this.following.delete(ownerId);
    }
    this.audiences.delete(stream);
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
    if (!signal || !signal.checkpoint) return;
    const position = signal.checkpoint;
    // A leads batch matters to the team streams only (an owner's own statistics hold no leads), a registrations batch
    // to the owners' own streams only; the fallback compares the statistics checkpoint alone.
    const leads = signal.projection === LEADS_PROJECTION;
    const registrations = signal.projection === REGISTRATIONS_PROJECTION;
    if (!leads && !registrations && signal.projection !== PROJECTION) return;
    if (!leads && !registrations) this.known = later(this.known, position);
    const wakes = (stream: StatisticsStream) =>
      leads ? stream.holder.officeId !== undefined : !registrations || stream.holder.officeId === undefined;
    if (signal.touched === EVERYONE) {
      for (const stream of this.audiences.keys()) if (wakes(stream)) stream.notify(position);
      return;
    }
    const woken = new Set<StatisticsStream>();
    for (const ownerId of signal.touched) {
      for (const stream of this.following.get(ownerId) ?? []) if (wakes(stream)) woken.add(stream);
    }
    for (const stream of woken) stream.notify(position);
  }

  private async tick(): Promise<void> {
    this.ticks += 1;
    for (const stream of this.audiences.keys()) stream.heartbeat();
    try {
      await this.fallback();
      if (this.ticks % SESSION_CHECK_EVERY === 0) await this.checkHolders();
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
      for (const stream of this.audiences.keys()) stream.notify(position);
    }
    this.suspect = null;
    const current = await this.options.readCheckpoint();
    if (current && compareCheckpoints(current, this.known) > 0) this.suspect = current;
  }

  /** Ends the streams of sessions that ended; a team stream also ends when its holder no longer administers it. */
  private async checkHolders(): Promise<void> {
    if (this.audiences.size === 0) return;
    const streams = [...this.audiences.keys()];
    const versions = await this.options.sessionVersions(streams.map((stream) => stream.holder.ownerId));
    for (const stream of streams) {
      const { ownerId, sessionVersion, officeId } = stream.holder;
      let audience: readonly string[] | null = [ownerId];
      if (versions.get(ownerId) !== sessionVersion) audience = null;
      else if (officeId) audience = (await this.options.officeAudience?.(officeId, ownerId)) ?? null;
      if (audience === null) {
        stream.close();
        this.unfollow(stream);
      } else if (officeId) this.follow(stream, audience);
    }
  }
}
