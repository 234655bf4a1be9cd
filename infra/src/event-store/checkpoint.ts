import type { Checkpoint } from './types.ts';

/**
 * Checkpoints are two unsigned 64-bit numbers "major:minor" compared as a tuple.
 * PostgreSQL: transaction id (xid8) and global sequence; KurrentDB: commit and prepare position.
 */
export function makeCheckpoint(major: bigint | string, minor: bigint | string): Checkpoint {
  return `${String(major)}:${String(minor)}` as Checkpoint;
}

const CHECKPOINT_PATTERN = /^(\d{1,20}):(\d{1,20})$/;

export function parseCheckpoint(value: string): { major: bigint; minor: bigint } | null {
  const match = CHECKPOINT_PATTERN.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { major: BigInt(match[1]), minor: BigInt(match[2]) };
}

export function isCheckpoint(value: unknown): value is Checkpoint {
  return typeof value === 'string' && parseCheckpoint(value) !== null;
}

/** Negative when a is before b; null counts as "before everything". */
export function compareCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const pa = parseCheckpoint(a);
  const pb = parseCheckpoint(b);
  if (!pa || !pb) throw new Error('Invalid checkpoint');
  if (pa.major !== pb.major) return pa.major < pb.major ? -1 : 1;
  if (pa.minor !== pb.minor) return pa.minor < pb.minor ? -1 : 1;
  return 0;
}
