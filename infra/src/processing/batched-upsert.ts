import type { DomainEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '../vault/event-codec.ts';
import type { ProjectionContext } from './projection.ts';

/**
 * The SQL shape every row-per-key read model shares: a batch is folded in memory into one row per
 * key, then written with one multi-row upsert. The table says, per column, how the batch's value
 * meets the stored one; with `position`, a stored row is only replaced by a newer stream position,
 * so a redelivered or replayed batch changes nothing.
 */

/** How the batch's value meets a stored row's. */
export type Merge =
  /** The batch's value. */
  | 'overwrite'
  /** The batch's value unless it is null: null means "this batch did not change it". */
  | 'ifSet'
  /** The stored value unless it is null: the first value written stays. */
  | 'keep'
  /** Written with a new row, never changed after. */
  | 'insertOnly'
  /** The greater (smaller) of the two; null on either side counts as absent. */
  | 'max'
  | 'min'
  /** A flag that stays set once set. */
  | 'or'
  /** Counters: the batch's sum is added. Only without `position` (see UpsertTable.position). */
  | 'add';

export interface Column<Row> {
  /** Column type, for the array the batch travels in: 'uuid', 'text', 'timestamptz', 'jsonb'… */
  readonly type: string;
  readonly value: (row: Row) => unknown;
  /** Default 'overwrite'. */
  readonly merge?: Merge;
  /**
   * The value written, as SQL over the batch row (`batch.<column>`) and the stored row (`stored.<column>`,
   * all null when there is none), for a value that needs the stored row before it is inserted.
   */
  readonly sql?: (batch: string, stored: string) => string;
}

export interface UpsertTable<Row> {
  /** Logical table name (ProjectionContext.table gives this generation's physical one). */
  readonly table: string;
  /** Columns of the primary key; never updated. */
  readonly key: readonly string[];
  readonly columns: Readonly<Record<string, Column<Row>>>;
  /**
   * The newest stream position folded into a row, kept in `last_stream_position`: a stored row is only
   * updated by a newer one. Counters ('add') cannot use it: a row summing many streams has no one
   * position, so such a projection skips events it counted before by itself.
   */
  readonly position?: (row: Row) => number;
  /** Only batch rows for which this SQL condition over `batch` holds are written. */
  readonly where?: (batch: string, table: ProjectionContext['table']) => string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const TYPE = /^[a-z][a-z0-9_ ]*$/;
const POSITION_COLUMN = 'last_stream_position';

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid column name ${name}`);
  return name;
}

function assignment(column: string, merge: Merge): string | null {
  switch (merge) {
    case 'overwrite':
      return `${column} = EXCLUDED.${column}`;
    case 'ifSet':
      return `${column} = COALESCE(EXCLUDED.${column}, t.${column})`;
    case 'keep':
      return `${column} = COALESCE(t.${column}, EXCLUDED.${column})`;
    case 'insertOnly':
      return null;
    case 'max':
      return `${column} = GREATEST(t.${column}, EXCLUDED.${column})`;
    case 'min':
      return `${column} = LEAST(t.${column}, EXCLUDED.${column})`;
    case 'or':
      return `${column} = EXCLUDED.${column} OR t.${column}`;
    case 'add':
      return `${column} = t.${column} + EXCLUDED.${column}`;
    default: {
      const unknown: never = merge;
      return unknown;
    }
  }
}

interface Statement<Row> {
  readonly text: (table: ProjectionContext['table']) => string;
  readonly values: readonly ((row: Row) => unknown)[];
}

/** Builds the statement once per table definition; only the physical table name varies per call. */
function statement<Row>(spec: UpsertTable<Row>): Statement<Row> {
  const entries = Object.entries(spec.columns).map(([name, column]) => {
    if (!TYPE.test(column.type)) throw new Error(`Invalid column type ${column.type}`);
    return { name: identifier(name), column };
  });
  const key = spec.key.map(identifier);
  for (const name of key) {
    if (!(name in spec.columns)) throw new Error(`${spec.table}: key column ${name} is not among the columns`);
  }
  if (spec.position && POSITION_COLUMN in spec.columns) {
    throw new Error(`${spec.table}: ${POSITION_COLUMN} is written from \`position\`, not declared as a column`);
  }
  if (spec.position && entries.some(({ column }) => column.merge === 'add')) {
    throw new Error(`${spec.table}: counters cannot be guarded by a stream position`);
  }

  const names = entries.map(({ name }) => name);
  const types = entries.map(({ column }) => column.type);
  const values = entries.map(({ column }) => column.value);
  const selected = entries.map(({ name, column }) => (column.sql ? column.sql('batch', 'stored') : `batch.${name}`));
  const position = spec.position;
  if (position) {
    names.push(POSITION_COLUMN);
    types.push('bigint');
    values.push((row) => position(row));
    selected.push(`batch.${POSITION_COLUMN}`);
  }
  const updates = entries
    .filter(({ name }) => !key.includes(name))
    .map(({ name, column }) => assignment(name, column.merge ?? 'overwrite'))
    .filter((update) => update !== null);
  if (position) updates.push(`${POSITION_COLUMN} = EXCLUDED.${POSITION_COLUMN}`);
  const readsStored = entries.some(({ column }) => column.sql);

  return {
    values,
    text: (table) => {
      const target = table(spec.table);
      const conflict =
        updates.length === 0
          ? 'DO NOTHING'
          : `DO UPDATE SET ${updates.join(', ')}` +
            (position ? ` WHERE t.${POSITION_COLUMN} < EXCLUDED.${POSITION_COLUMN}` : '');
      return [
        `INSERT INTO ${target} AS t (${names.join(', ')})`,
        `SELECT ${selected.join(', ')}`,
        `FROM unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')}) AS batch(${names.join(', ')})`,
        readsStored
          ? `LEFT JOIN ${target} AS stored ON ${key.map((name) => `stored.${name} = batch.${name}`).join(' AND ')}`
          : '',
        spec.where ? `WHERE ${spec.where('batch', table)}` : '',
        `ON CONFLICT (${key.join(', ')}) ${conflict}`,
      ]
        .filter((line) => line !== '')
        .join('\n');
    },
  };
}

/** The writer of one table: call it with the batch's rows, at most one per key. */
export type Upsert<Row> = (context: ProjectionContext, rows: readonly Row[]) => Promise<void>;

export function batchedUpsert<Row>(spec: UpsertTable<Row>): Upsert<Row> {
  const built = statement(spec);
  return async ({ client, table }, rows) => {
    if (rows.length === 0) return;
    // One array per column: the batch travels as a few parameters whatever its size.
    await client.query(
      built.text(table),
      built.values.map((value) => rows.map(value)),
    );
  };
}

/** A row folded from a batch, with the newest stream position among its events. */
export type Positioned<Row> = Row & { readonly lastStreamPosition: number };

/**
 * Folds a batch into one row per key, in memory, in the order the keys first appear. `evolve` is given
 * the key's row so far in this batch (undefined for its first event) and may change it: it is the batch's own.
 */
export function foldByKey<E extends DomainEvent, Row>(
  events: readonly StoredEvent<E>[],
  key: (event: StoredEvent<E>) => string,
  evolve: (row: Row | undefined, event: StoredEvent<E>) => Row,
): Positioned<Row>[] {
  const rows = new Map<string, { row: Row; position: number }>();
  for (const event of events) {
    const id = key(event);
    const current = rows.get(id);
    rows.set(id, {
      row: evolve(current?.row, event),
      position: Math.max(current?.position ?? -1, event.streamPosition),
    });
  }
  return [...rows.values()].map(({ row, position }) => ({ ...row, lastStreamPosition: position }));
}
