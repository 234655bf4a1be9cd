import type pg from 'pg';
import type { DomainEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';

/**
 * A read model: the tables it owns, the events it reads, and how a batch of them is written.
 *
 * Tables are generational: logical table `accounts` of generation 3 is the physical table
 * `rm_accounts_g3`, and the view `rm_accounts` points at the live generation. A rebuild fills the
 * next generation beside the live one and then repoints the views in one transaction.
 *
 * `E` is the union of the events it handles: `handles` lists types of that union, and `apply` is
 * given those events already narrowed (the store hands a projection only the types it handles).
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  /** Stable name; also the checkpoint row's key. */
  readonly name: string;
  /** Bump when tables or handling change: the runner rebuilds from history on start. */
  readonly version: number;
  /** Logical table name → CREATE TABLE statement for the given physical name. */
  readonly tables: Readonly<Record<string, (physicalName: string) => string>>;
  readonly handles: readonly E['type'][];
  /**
   * Writes one batch (only events of handled types, in global order) inside the runner's
   * transaction. Must be idempotent per event: rows remember the last stream position applied.
   * May say whose data the batch changed, so only they are woken (see ProjectionOutcome).
   */
  apply(events: readonly StoredEvent<E>[], context: ProjectionContext): Promise<ProjectionOutcome | void>;
}

/** True for an event of a type the projection handles: what the store's type filter guarantees, for callers that read unfiltered. */
export function handlesEvent<E extends DomainEvent>(
  projection: Projection<E>,
  event: StoredEvent,
): event is StoredEvent & StoredEvent<E> {
  return (projection.handles as readonly string[]).includes(event.type);
}

/**
 * What a batch changed, for listeners of 'projection_advanced'. `touched`: the owner ids whose
 * data changed ([] for nobody). A projection that returns nothing, or no `touched`, wakes everyone.
 */
export interface ProjectionOutcome {
  readonly touched?: readonly string[];
}

export interface ProjectionContext {
  readonly client: pg.PoolClient;
  /** Physical name of a logical table in the generation being written. */
  readonly table: (logicalName: string) => string;
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,40}$/;

export function physicalTableName(logicalName: string, generation: number): string {
  if (!IDENTIFIER.test(logicalName)) throw new Error(`Invalid table name ${logicalName}`);
  return `rm_${logicalName}_g${generation}`;
}

/** The name queries read: a view over the live generation. */
export function readModelName(logicalName: string): string {
  if (!IDENTIFIER.test(logicalName)) throw new Error(`Invalid table name ${logicalName}`);
  return `rm_${logicalName}`;
}
