import { createHmac, randomBytes } from 'node:crypto';

/**
 * How often one client may send the public lead form, in memory per process (like the sign-in
 * limits): at most 5 submissions per card and 20 over all cards in any 10 minutes. The card is part
 * of the first key because people on one network (an office, a mobile carrier's NAT, a fair's
 * Wi-Fi) share an address and each may write to a different card owner.
 *
 * The client's address is never kept as such: keys are HMACs under a key drawn at start, so even
 * a heap dump holds no addresses, and nothing here is logged or stored.
 */
export const LEAD_LIMIT_PER_CARD = 5;
export const LEAD_LIMIT_PER_CLIENT = 20;
export const LEAD_LIMIT_WINDOW_MS = 10 * 60 * 1000;
/** Bounds the memory a flood of distinct addresses can take. */
const MAX_KEYS = 100_000;

export type LimitVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

class SlidingWindow {
  /** Key → times of the recent hits, oldest first (at most `max` of them). */
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Whether one more hit is allowed now; an allowed hit is counted. */
  check(key: string, now: number): LimitVerdict {
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.delete(key);
    this.hits.set(key, recent);
    if (this.hits.size > MAX_KEYS) this.prune(now);
    return { allowed: true };
  }

  /** Drops what has expired; if a flood keeps the map full, the least recently seen keys go. */
  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if ((times[times.length - 1] ?? 0) <= now - this.windowMs) this.hits.delete(key);
    }
    for (const key of this.hits.keys()) {
      if (this.hits.size <= MAX_KEYS * 0.9) break;
      this.hits.delete(key);
    }
  }
}

export class LeadSubmissionLimiter {
  private readonly salt = randomBytes(32);
  private readonly perCard = new SlidingWindow(LEAD_LIMIT_PER_CARD, LEAD_LIMIT_WINDOW_MS);
  private readonly perClient = new SlidingWindow(LEAD_LIMIT_PER_CLIENT, LEAD_LIMIT_WINDOW_MS);

  private key(parts: string): string {
    return createHmac('sha256', this.salt).update(parts).digest('base64url');
  }

  /** Counts one submission of `clientAddress` to `cardId`, or says how long to wait. */
  check(clientAddress: string, cardId: string, now: number): LimitVerdict {
    const client = this.perClient.check(this.key(`client:${clientAddress}`), now);
    if (!client.allowed) return client;
    return this.perCard.check(this.key(`card:${clientAddress}:${cardId.toUpperCase()}`), now);
  }
}
