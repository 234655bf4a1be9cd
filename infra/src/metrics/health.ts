import type pg from 'pg';
import { MESSAGES } from '@kartvizit/schemas';
import type { EventStore } from '../event-store/types.ts';
import { projectionsOverLag, readProcessingLag } from './lag.ts';

export type ReadinessAnswer =
  | { readonly ready: true; readonly message: string }
  | { readonly ready: false; readonly message: string; readonly reasons: readonly string[] };

/** Answers /readyz: whether this process can do its work now. */
export type Readiness = () => Promise<ReadinessAnswer>;

export interface ReadinessOptions {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  /**
   * READY_MAX_LAG_SECONDS for the processes that serve or build read models (query-api, the projector, npm start):
   * not ready while a projection's oldest unhandled event is older than this. Null: the lag is not looked at
   * (command-api, which reads no read model for its answers; or 0 in the environment).
   */
  readonly maxLagSeconds: number | null;
  /** How long the database may take to answer before it counts as unreachable. */
  readonly timeoutMs?: number;
}

/** A probe's database check waits at most this long: a hung connection attempt must not hang the probe. */
const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * Readiness of one process (decision 45): the database answers a query, and, where asked, every projection is within
 * the lag limit. The reasons are Turkish and name no address, query or secret; the error itself goes to the log.
 */
export function readinessCheck(options: ReadinessOptions, log?: (message: string) => void): Readiness {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return async () => {
    try {
      await withTimeout(options.pool.query('SELECT 1'), timeoutMs);
    } catch (error) {
      log?.(`readyz: ${describe(error)}`);
      return notReady([MESSAGES.databaseUnreachable]);
    }
    const limit = options.maxLagSeconds;
    if (limit === null) return { ready: true, message: MESSAGES.ready };
    let lagging;
    try {
      lagging = projectionsOverLag(await withTimeout(readProcessingLag(options.pool, options.store), timeoutMs), limit);
    } catch (error) {
      log?.(`readyz: ${describe(error)}`);
      return notReady([MESSAGES.eventStoreUnreachable]);
    }
    if (lagging.length === 0) return { ready: true, message: MESSAGES.ready };
    return notReady(
      lagging.map((lag) =>
        MESSAGES.projectionLagging
          .replace('{name}', lag.name)
          .replace('{seconds}', String(Math.round(lag.secondsBehind)))
          .replace('{limit}', String(limit)),
      ),
    );
  };
}

function notReady(reasons: readonly string[]): ReadinessAnswer {
  return { ready: false, message: `${MESSAGES.notReady}: ${reasons.join('; ')}`, reasons };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // The query keeps running if it loses the race; its error then has nobody to tell.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
