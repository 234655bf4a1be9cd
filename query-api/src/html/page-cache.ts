import type { Subscription } from 'rxjs';
import { compareCheckpoints, isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import type { SignalBus } from '@kartvizit/infra/signals/types';

/** How far one projection has got: its generation (a rebuild starts a new one) and checkpoint. */
export interface ProjectionMark {
  readonly generation: number;
  readonly checkpoint: Checkpoint | null;
}
/** One mark per read model a page is made of (`P`: their projection names). */
export type Marks<P extends string> = { readonly [K in P]: ProjectionMark | null };

function compareMarks(a: ProjectionMark | null, b: ProjectionMark | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (a.generation !== b.generation) return a.generation < b.generation ? -1 : 1;
  return compareCheckpoints(a.checkpoint, b.checkpoint);
}

const later = (a: ProjectionMark | null, b: ProjectionMark | null) => (compareMarks(a, b) >= 0 ? a : b);

/** One mark per projection, each from `mark`. */
export function markEach<P extends string>(
  projections: readonly P[],
  mark: (name: P) => ProjectionMark | null,
): Marks<P> {
  return Object.fromEntries(projections.map((name) => [name, mark(name)])) as Record<P, ProjectionMark | null>;
}

export interface CachedPage<Page, P extends string> {
  readonly page: Page;
  /** What the page was rendered from (data hash, assets); equal → the rendering can be reused. */
  readonly fingerprint: string;
  /** The read models' state the data was read at (same statement, same snapshot). */
  readonly marks: Marks<P>;
}

export interface PageCacheOptions<P extends string> {
  /** The read models the pages are made of. */
  readonly projections: readonly P[];
  readonly maxEntries: number;
  /** Without a signal, the read models' marks are looked up at most this often. */
  readonly pollMs: number;
  readonly readMarks: () => Promise<Marks<P>>;
  readonly signals?: SignalBus;
  readonly now?: () => number;
}

/** An entry and when it was last used (a count of uses, not a time). */
interface Slot<Page, P extends string> {
  readonly entry: CachedPage<Page, P>;
  usedAt: number;
}

/**
 * Rendered pages per key, e.g. a card id (least recently used first out). A page is served from here
 * only while the read models it is made of (`projections`) stand exactly where they stood when its data
 * was read. 'projection_advanced' signals move that mark at once; because a signal can be lost
 * (LISTEN/NOTIFY across a reconnect), the marks are also read from the database at most every
 * `pollMs`. So a change shows on the next request with signals, and within `pollMs` without.
 * A page that went stale is not dropped at once: if the re-read data has the same fingerprint,
 * its rendering is reused (most events concern other cards).
 */
export class PageCache<Page, P extends string> {
  private readonly entries = new Map<string, Slot<Page, P>>();
  /** Uses so far: a hit only numbers its slot, so the hot path neither deletes nor inserts. */
  private uses = 0;
  private latest: Marks<P>;
  private polledAt = Number.NEGATIVE_INFINITY;
  private polling: Promise<void> | null = null;
  private subscription: Subscription | undefined;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions<P>) {
    this.now = options.now ?? Date.now;
    this.latest = markEach(options.projections, () => null);
  }

  start(): void {
    this.subscription = this.options.signals?.on('projection_advanced').subscribe((payload) => this.onSignal(payload));
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached page while it is current. `recheck`: look the marks up now (a client that asked for
   * read-your-writes has just waited for the read models to pass its position).
   */
  async current(key: string, recheck = false): Promise<Page | undefined> {
    if (recheck || this.pollDue()) await this.poll();
    return this.currentEntry(key);
  }

  /**
   * The cached page without waiting, when it is certainly current: the marks were looked up within `pollMs` (or a
   * signal moved them) and the page was read at them. Undefined means "ask `current`", not "no page".
   */
  peek(key: string): Page | undefined {
    return this.pollDue() ? undefined : this.currentEntry(key);
  }

  /** A stale entry whose data did not change: its page, now marked current again. */
  reuse(key: string, fingerprint: string, marks: Marks<P>): Page | undefined {
    const entry = this.entries.get(key)?.entry;
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    this.remember(key, { page: entry.page, fingerprint, marks });
    return entry.page;
  }

  remember(key: string, entry: CachedPage<Page, P>): void {
    this.advance(entry.marks);
    this.entries.set(key, { entry, usedAt: ++this.uses });
    if (this.entries.size > this.options.maxEntries) this.evictLeastRecentlyUsed();
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  private pollDue(): boolean {
    return this.now() - this.polledAt >= this.options.pollMs;
  }

  /** The entry's page while it was read at the marks known now. */
  private currentEntry(key: string): Page | undefined {
    const slot = this.entries.get(key);
    if (!slot || !this.isCurrent(slot.entry.marks)) return undefined;
    slot.usedAt = ++this.uses;
    return slot.entry.page;
  }

  /** Only when a page is added to a full cache (a rendering, milliseconds): one pass over at most maxEntries + 1. */
  private evictLeastRecentlyUsed(): void {
    let oldest: string | undefined;
    let oldestUse = Number.POSITIVE_INFINITY;
    for (const [key, slot] of this.entries) {
      if (slot.usedAt < oldestUse) {
        oldest = key;
        oldestUse = slot.usedAt;
      }
    }
    if (oldest !== undefined) this.entries.delete(oldest);
  }

  private isCurrent(marks: Marks<P>): boolean {
    return this.options.projections.every((name) => compareMarks(marks[name], this.latest[name]) === 0);
  }

  /** Marks only move forward: a slow poll must not undo what a signal already told. */
  private advance(marks: Marks<P>): void {
    const latest = this.latest;
    this.latest = markEach(this.options.projections, (name) => later(latest[name], marks[name]));
  }

  private onSignal(payload: string): void {
    const [name, checkpoint] = payload.split(' ');
    if (!this.isProjection(name) || !isCheckpoint(checkpoint)) return;
    const known = this.latest[name];
    const mark = { generation: known?.generation ?? 0, checkpoint };
    this.latest = { ...this.latest, [name]: later(known, mark) };
  }

  private isProjection(name: string | undefined): name is P {
    return (this.options.projections as readonly (string | undefined)[]).includes(name);
  }

  private async poll(): Promise<void> {
    // One lookup at a time; concurrent requests wait for the same one.
    this.polling ??= this.options
      .readMarks()
      .then((marks) => {
        this.advance(marks);
        this.polledAt = this.now();
      })
      .finally(() => {
        this.polling = null;
      });
    await this.polling;
  }
}
