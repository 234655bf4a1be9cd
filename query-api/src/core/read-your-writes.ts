import type pg from 'pg';
import { compareCheckpoints, isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import type { SignalBus } from '@kartvizit/infra/signals/types';

/**
 * Lets a query wait until the projections it reads have applied a given position, so a screen
 * that just sent a command sees its own change. Woken by the projector's signals, with a short
 * poll as the fallback for a lost signal.
 */
export class ProjectionWatermarks {
  private static readonly POLL_MS = 50;

  constructor(
    private readonly pool: pg.Pool,
    private readonly signals: SignalBus | undefined,
  ) {}

  async current(projections: readonly string[]): Promise<Map<string, Checkpoint | null>> {
    const result = await this.pool.query<{ name: string; checkpoint: string | null }>(
      'SELECT name, checkpoint FROM projection_checkpoints WHERE name = ANY($1::text[])',
      [projections],
    );
    const map = new Map<string, Checkpoint | null>();
    for (const row of result.rows) map.set(row.name, isCheckpoint(row.checkpoint) ? row.checkpoint : null);
    return map;
  }

  async reached(projections: readonly string[], position: Checkpoint): Promise<boolean> {
    const current = await this.current(projections);
    return projections.every((name) => compareCheckpoints(current.get(name) ?? null, position) >= 0);
  }

  /** True when every projection passed `position` within `timeoutMs`. */
  async waitFor(projections: readonly string[], position: Checkpoint, timeoutMs: number): Promise<boolean> {
    return (await this.poll(() => this.reached(projections, position).then((ok) => ok || null), timeoutMs)) ?? false;
  }

  /**
   * Re-runs `check` whenever a projection advances (and every few milliseconds) until it returns a
   * value, or null after `timeoutMs`. For reads that know what must appear but not its position.
   */
  async poll<T>(check: () => Promise<T | null>, timeoutMs: number): Promise<T | null> {
    const deadline = Date.now() + timeoutMs;
    let wake: (() => void) | null = null;
    const subscription = this.signals?.on('projection_advanced').subscribe(() => wake?.());
    try {
      for (;;) {
        const value = await check();
        if (value !== null) return value;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return null;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(ProjectionWatermarks.POLL_MS, remaining));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    } finally {
      subscription?.unsubscribe();
    }
  }
}
