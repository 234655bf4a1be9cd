import type pg from 'pg';

/** Hands out request slots so a provider is never asked more often than its policy allows. */
export interface RequestThrottle {
  /** Waits for the next free slot; false (without waiting) when that slot is too far away. */
  acquire(name: string, intervalMs: number): Promise<boolean>;
}

/**
 * Slots live in one PostgreSQL row per provider, so every process of the product shares them.
 * One UPDATE (which locks the row while it runs) reserves the slot max(next_allowed_at, now)
 * and moves next_allowed_at one interval past it; the caller then sleeps until its slot with no
 * lock or connection held. Times are the database's clock, so the app servers' clocks do not matter.
 */
export class PostgresRequestThrottle implements RequestThrottle {
  /** Covers the difference in how fast two callers hear back from the database. */
  static readonly SAFETY_MARGIN_MS = 20;

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxQueueMs: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async acquire(name: string, intervalMs: number): Promise<boolean> {
    if (intervalMs <= 0) return true;
    const spacing = intervalMs + PostgresRequestThrottle.SAFETY_MARGIN_MS;
    const { rows } = await this.pool.query<{ wait_ms: number }>(
      `insert into geocoder_throttle as t (name, next_allowed_at)
         values ($1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
       on conflict (name) do update
         set next_allowed_at = greatest(t.next_allowed_at, clock_timestamp()) + make_interval(secs => $2::double precision / 1000)
         where t.next_allowed_at <= clock_timestamp() + make_interval(secs => $3::double precision / 1000)
       returning (extract(epoch from (next_allowed_at - clock_timestamp())) * 1000 - $2::double precision)::double precision as wait_ms`,
      [name, spacing, this.maxQueueMs],
    );
    const row = rows[0];
    if (!row) return false;
    const wait = Math.ceil(Number(row.wait_ms));
    if (wait > 0) await this.sleep(wait);
    return true;
  }
}
