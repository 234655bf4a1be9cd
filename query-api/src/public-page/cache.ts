import type { Subscription } from 'rxjs';
import { compareCheckpoints, isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { REMS_KEYS_PROJECTION, SHOWN_PRODUCT_PROJECTIONS } from '@kartvizit/infra/read-models/contract';
import type { SignalBus } from '@kartvizit/infra/signals/types';

/**
 * The read models a card page is made of: the card, its owner's profile, the owner's shown products, and whether the
 * owner has a REMS key in force (the 'Emlak Danışmanlığı' block is rendered with the card, docs/decisions/0037).
 */
export const PAGE_PROJECTIONS = [...SHOWN_PRODUCT_PROJECTIONS, REMS_KEYS_PROJECTION] as const;
export type PageProjection = (typeof PAGE_PROJECTIONS)[number];

/** How far one projection has got: its generation (a rebuild starts a new one) and checkpoint. */
export interface ProjectionMark {
  readonly generation: number;
  readonly checkpoint: Checkpoint | null;
}
export type PageMarks = { readonly [P in PageProjection]: ProjectionMark | null };

function compareMarks(a: ProjectionMark | null, b: ProjectionMark | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (a.generation !== b.generation) return a.generation < b.generation ? -1 : 1;
  return compareCheckpoints(a.checkpoint, b.checkpoint);
}

const isPageProjection = (name: string | undefined): name is PageProjection =>
  (PAGE_PROJECTIONS as readonly (string | undefined)[]).includes(name);

const later = (a: ProjectionMark | null, b: ProjectionMark | null) => (compareMarks(a, b) >= 0 ? a : b);

/** One mark per page projection, each from `mark`. */
export function markEach(mark: (name: PageProjection) => ProjectionMark | null): PageMarks {
  return Object.fromEntries(PAGE_PROJECTIONS.map((name) => [name, mark(name)])) as Record<
    PageProjection,
    ProjectionMark | null
  >;
}

const noMarks = (): PageMarks => markEach(() => null);

export interface CachedPage<Page> {
  readonly page: Page;
  /** What the page was rendered from (data hash, assets); equal → the rendering can be reused. */
  readonly fingerprint: string;
  /** The read models' state the data was read at (same statement, same snapshot). */
  readonly marks: PageMarks;
}

export interface PageCacheOptions {
  readonly maxEntries: number;
  /** Without a signal, the read models' marks are looked up at most this often. */
  readonly pollMs: number;
  readonly readMarks: () => Promise<PageMarks>;
  readonly signals?: SignalBus;
  readonly now?: () => number;
}

/**
 * Rendered card pages per card id (least recently used first out). A page is served from here
 * only while the read models it is made of (PAGE_PROJECTIONS) stand exactly where they stood when its data
 * was read. 'projection_advanced' signals move that mark at once; because a signal can be lost
 * (LISTEN/NOTIFY across a reconnect), the marks are also read from the database at most every
 * `pollMs`. So a change shows on the next request with signals, and within `pollMs` without.
 * A page that went stale is not dropped at once: if the re-read data has the same fingerprint,
 * its rendering is reused (most events concern other cards).
 */
/** An entry and when it was last used (a count of uses, not a time). */
interface Slot<Page> {
  readonly entry: CachedPage<Page>;
  usedAt: number;
}

export class PublicPageCache<Page> {
  private readonly entries = new Map<string, Slot<Page>>();
  /** Uses so far: a hit only numbers its slot, so the hot path neither deletes nor inserts. */
  private uses = 0;
  private latest: PageMarks = noMarks();
  private polledAt = Number.NEGATIVE_INFINITY;
  private polling: Promise<void> | null = null;
  private subscription: Subscription | undefined;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
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
  async current(cardId: string, recheck = false): Promise<Page | undefined> {
    if (recheck || this.pollDue()) await this.poll();
    return this.currentEntry(cardId);
  }

  /**
   * The cached page without waiting, when it is certainly current: the marks were looked up within `pollMs` (or a
   * signal moved them) and the page was read at them. Undefined means "ask `current`", not "no page".
   */
  peek(cardId: string): Page | undefined {
    return this.pollDue() ? undefined : this.currentEntry(cardId);
  }

  /** A stale entry whose data did not change: its page, now marked current again. */
  reuse(cardId: string, fingerprint: string, marks: PageMarks): Page | undefined {
    const entry = this.entries.get(cardId)?.entry;
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    this.remember(cardId, { page: entry.page, fingerprint, marks });
    return entry.page;
  }

  remember(cardId: string, entry: CachedPage<Page>): void {
    this.advance(entry.marks);
    this.entries.set(cardId, { entry, usedAt: ++this.uses });
    if (this.entries.size > this.options.maxEntries) this.evictLeastRecentlyUsed();
  }

  forget(cardId: string): void {
    this.entries.delete(cardId);
  }

  private pollDue(): boolean {
    return this.now() - this.polledAt >= this.options.pollMs;
  }

  /** The entry's page while it was read at the marks known now. */
  private currentEntry(cardId: string): Page | undefined {
    const slot = this.entries.get(cardId);
    if (!slot || !this.isCurrent(slot.entry.marks)) return undefined;
    slot.usedAt = ++this.uses;
    return slot.entry.page;
  }

  /** Only when a page is added to a full cache (a rendering, milliseconds): one pass over at most maxEntries + 1. */
  private evictLeastRecentlyUsed(): void {
    let oldest: string | undefined;
    let oldestUse = Number.POSITIVE_INFINITY;
    for (const [cardId, slot] of this.entries) {
      if (slot.usedAt < oldestUse) {
        oldest = cardId;
        oldestUse = slot.usedAt;
      }
    }
    if (oldest !== undefined) this.entries.delete(oldest);
  }

  private isCurrent(marks: PageMarks): boolean {
    return PAGE_PROJECTIONS.every((name) => compareMarks(marks[name], this.latest[name]) === 0);
  }

  /** Marks only move forward: a slow poll must not undo what a signal already told. */
  private advance(marks: PageMarks): void {
    const latest = this.latest;
    this.latest = markEach((name) => later(latest[name], marks[name]));
  }

  private onSignal(payload: string): void {
    const [name, checkpoint] = payload.split(' ');
    if (!isPageProjection(name) || !isCheckpoint(checkpoint)) return;
    const known = this.latest[name];
    const mark = { generation: known?.generation ?? 0, checkpoint };
    this.latest = { ...this.latest, [name]: later(known, mark) };
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
