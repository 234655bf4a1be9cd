import type { Checkpoint, RecordedEvent } from '../event-store/types.ts';
import { formatProjectionAdvanced } from '../signals/projection-advanced.ts';
import type { SignalBus } from '../signals/types.ts';
import type { StoredEvent } from '../vault/event-codec.ts';
import { typesRead, type Projection } from './projection.ts';
import {
  DEFAULT_BATCH_SIZE,
  initialiseProjection,
  lockKey,
  rebuildProjection,
  writeBatch,
  type ProjectionDependencies,
} from './rebuild.ts';
import { transaction, type Handled, type Queryable, type SourcePosition, type Work } from './work.ts';

interface CheckpointRow {
  readonly checkpoint: Checkpoint | null;
  readonly version: number;
  readonly generation: number;
}

/**
 * A projection as work: each batch is written with the source's place (the checkpoint, or a Kafka partition's offset
 * and the relay mark it covers) in one transaction that holds the projection's checkpoint row, so a crash at any point
 * replays at most the uncommitted batch, instances and a rebuild's switch take turns, and a batch read before a
 * rebuild switched generations is written into the live one. Initialising and blue/green rebuilds replay from the store
 * (rebuild.ts).
 *
 * The batch is decoded first (the vault's keys come from the pool) and only then written, on a connection taken for
 * that write alone: the work never holds a connection, let alone a transaction, while it waits for another. (When it
 * did, seven projections and a test's held append used up a pool of ten, each waiting for an eleventh while holding its
 * batch's transaction open, which also held back every reader of the database server.)
 */
export class ProjectionWork implements Work {
  readonly lockKey: string;
  readonly group: string;
  readonly offsetsName: string;
  readonly checkpointTable = 'projection_checkpoints';
  readonly batchSize: number;
  readonly types: readonly string[];

  constructor(
    private readonly projection: Projection,
    private readonly deps: ProjectionDependencies & { readonly signals?: SignalBus },
  ) {
    this.lockKey = lockKey('live', projection.name);
    // The consumer group of a projection: every instance of the projector shares its partitions.
    this.group = `kartvizit.projection.${projection.name}`;
    this.offsetsName = projection.name;
    this.batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
    this.types = typesRead(projection);
  }

  get name(): string {
    return this.projection.name;
  }

  /** Tables of a first generation, or a rebuild when the version changed. */
  async prepare(): Promise<void> {
    const row = await this.row(this.deps.pool);
    if (!row) await initialiseProjection(this.deps, this.projection);
    else if (this.stale(row)) await rebuildProjection(this.deps, this.projection, { onlyIfStale: true });
  }

  async checkpoint(db: Queryable, forUpdate = false): Promise<{ checkpoint: Checkpoint | null } | null> {
    const row = await this.row(db, forUpdate);
    return row && !this.stale(row) ? row : null;
  }

  async handle(events: readonly RecordedEvent[], position: SourcePosition): Promise<Handled> {
    const decoded = new Map<RecordedEvent, StoredEvent>();
    for (const recorded of events) {
      if (!this.types.includes(recorded.type)) continue;
      const event = await this.deps.codec.decode(recorded);
      if (event) decoded.set(recorded, event);
    }
    const outcome = await transaction(this.deps.pool, async (client) => {
      // Every batch of this projection, from any instance, waits here: one at a time, and never beside a rebuild's switch.
      const row = await this.row(client, true);
      if (!row || this.stale(row)) return null;
      const pending = await position.claim(client, row.checkpoint);
      if (!pending) return null;
      const touched = await writeBatch(
        client,
        this.projection,
        row.generation,
        pending.flatMap((recorded) => decoded.get(recorded) ?? []),
      );
      return { ...(await position.done(client)), touched };
    });
    if (!outcome) return 'again';
    if (outcome.moved || outcome.touched === undefined || outcome.touched.length > 0) {
      await this.deps.signals?.publish(
        'projection_advanced',
        formatProjectionAdvanced(this.name, outcome.checkpoint, outcome.touched),
      );
    }
    return 'done';
  }

  /** Nobody's data changed; waiters for read-your-writes wake up. */
  async advanced(checkpoint: Checkpoint | null): Promise<void> {
    await this.deps.signals?.publish('projection_advanced', formatProjectionAdvanced(this.name, checkpoint, []));
  }

  private stale(row: CheckpointRow): boolean {
    return row.version !== this.projection.version || row.generation === 0;
  }

  private async row(db: Queryable, forUpdate = false): Promise<CheckpointRow | undefined> {
    const { rows } = await db.query<CheckpointRow>(
      `SELECT checkpoint, version, generation FROM projection_checkpoints WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [this.name],
    );
    return rows[0];
  }
}
