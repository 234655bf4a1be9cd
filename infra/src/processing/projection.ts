import type pg from 'pg';
import type { AccountDeleted, DomainEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '../vault/event-codec.ts';

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
  /**
   * For a read model that holds owners' data: when an owner deletes their account (AccountDeleted), the core calls
   * `erase` with their id, remembers them in the generation's `{name}_erased` table, and from then on never hands
   * `apply` another event whose `ownerOf` is theirs (a visit or a lead the log still brought after the deletion). A
   * replay therefore ends with nothing of them, whatever came before or after (decision 29).
   */
  readonly erasure?: Erasure<E>;
}

export interface Erasure<E extends DomainEvent> {
  /** The owner whose data the event is; null for events of nobody's (a physical card before its activation). */
  ownerOf(event: StoredEvent<E>): string | null;
  /** Removes every row of these owners, in the batch's transaction. */
  erase(ownerIds: readonly string[], context: ProjectionContext): Promise<void>;
  /**
   * Optional: the batch's events of owners already erased, which `apply` was not given, after the batch is applied.
   * For rows the erasure cannot tie to their owner by itself: fed by Kafka (ordered per stream only), a physical card's
   * ownerless CardProvisioned may come after its owner's AccountDeleted, and only their CardActivated says whose it is.
   */
  dropped?(events: readonly StoredEvent<E>[], context: ProjectionContext): Promise<void>;
}

/** The event that makes the core erase an owner from every read model with an `erasure`. */
export const OWNER_ERASED: AccountDeleted['type'] = 'AccountDeleted';

/** The logical name of a projection's erased-owners table (a generational table like its others). */
export function erasedOwnersTable(projection: Projection): string {
  return `${projection.name}_erased`;
}

/** The projection's logical tables with their DDL, the core's erased-owners table included. */
export function tablesOf(projection: Projection): Readonly<Record<string, (physicalName: string) => string>> {
  if (!projection.erasure) return projection.tables;
  return {
    ...projection.tables,
    [erasedOwnersTable(projection)]: (table) =>
      `CREATE TABLE ${table} (owner_id text PRIMARY KEY, erased_at timestamptz NOT NULL)`,
  };
}

/** The event types the projection reads from the log: those it handles, and AccountDeleted when it erases. */
export function typesRead(projection: Projection): readonly string[] {
  return projection.erasure ? [...projection.handles, OWNER_ERASED] : projection.handles;
}

/** True for an event of a type the projection reads (typesRead): what the store's type filter guarantees, for callers that read unfiltered. */
export function readsEvent(projection: Projection, event: StoredEvent): boolean {
  return typesRead(projection).includes(event.type);
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
