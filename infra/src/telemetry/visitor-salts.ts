import { createHash, randomBytes, type Hash } from 'node:crypto';
import type pg from 'pg';
import { previousDay, telemetryDay } from '@kartvizit/schemas/telemetry/events';

/** How long a salt may exist at most, whatever the day arithmetic says. */
export const SALT_MAX_AGE_MS = 48 * 60 * 60 * 1000;
const SALT_BYTES = 32;

// Race-free: two processes creating the same day's salt both get the one that was stored first.
// DO UPDATE (to itself) rather than DO NOTHING so RETURNING also answers when the row existed.
const GET_OR_CREATE_SQL = `
  insert into visitor_salts (day, salt, created_at) values ($1::date, $2, $3)
  on conflict (day) do update set salt = visitor_salts.salt
  returning salt`;

// Today's and yesterday's salts stay (a hit at 23:59:59 may be hashed a moment later), nothing
// older, and nothing created more than 48 hours ago.
const DELETE_EXPIRED_SQL = `delete from visitor_salts where day < $1::date or created_at < $2`;

/**
 * The random salt of each day (Europe/Istanbul) the visitor hash is keyed with. Salts live in
 * PostgreSQL so every process hashes one visitor alike; they are deleted after two days at most,
 * from the table and from memory, so nobody can link one day's hashes to another day's or, by
 * trying addresses, to a person.
 */
export class VisitorSalts {
  private readonly pool: pg.Pool;
  private readonly now: () => Date;
  private readonly log: (message: string) => void;
  private readonly cache = new Map<string, Promise<Buffer>>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(options: {
    readonly pool: pg.Pool;
    readonly now: () => Date;
    readonly log?: (message: string) => void;
    /** Periodic deletion of expired salts (also once at start); 0 turns it off. Default five minutes. */
    readonly sweepIntervalMs?: number;
  }) {
    this.pool = options.pool;
    this.now = options.now;
    this.log = options.log ?? ((): void => undefined);
    const interval = options.sweepIntervalMs ?? 5 * 60 * 1000;
    if (interval > 0) {
      // A process that was down over midnight deletes what expired meanwhile at once.
      void this.sweep();
      this.sweeper = setInterval(() => void this.sweep(), interval);
      this.sweeper.unref();
    }
  }

  /** The salt of the instant's Istanbul day, created on first use. */
  saltFor(instant: Date): Promise<Buffer> {
    const day = telemetryDay(instant);
    let salt = this.cache.get(day);
    if (!salt) {
      salt = this.rotate(day, instant);
      this.cache.set(day, salt);
      // A failed read must not stay cached: the next hit asks again.
      salt.catch(() => this.cache.delete(day));
    }
    return salt;
  }

  /** Deletes expired salts from the table and from memory; answers how many rows went. */
  async deleteExpired(now: Date = this.now()): Promise<number> {
    const keepFrom = previousDay(telemetryDay(now));
    for (const day of this.cache.keys()) {
      if (day < keepFrom) this.cache.delete(day);
    }
    const result = await this.pool.query(DELETE_EXPIRED_SQL, [keepFrom, new Date(now.getTime() - SALT_MAX_AGE_MS)]);
    return result.rowCount ?? 0;
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.cache.clear();
  }

  private async rotate(day: string, instant: Date): Promise<Buffer> {
    const { rows } = await this.pool.query<{ salt: Buffer }>(GET_OR_CREATE_SQL, [
      day,
      randomBytes(SALT_BYTES),
      instant,
    ]);
    const salt = rows[0]?.salt;
    if (!salt) throw new Error(`visitor salt for ${day} not returned`);
    // A new day in this process: the moment to forget the old ones.
    await this.deleteExpired(instant);
    return salt;
  }

  private async sweep(): Promise<void> {
    try {
      await this.deleteExpired();
    } catch (error) {
      this.log(`Süresi dolan ziyaretçi tuzları silinemedi: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const SHA256_BLOCK = 64;
// Per salt, SHA-256 already fed with the HMAC pads (RFC 2104): each hit copies the two states instead of setting up a
// new HMAC, whose set-up was the costliest step of a beacon in profiles (about half of the enrichment). Weak: a
// forgotten salt takes its states with it.
const padded = new WeakMap<Buffer, { readonly inner: Hash; readonly outer: Hash }>();

function hmacStates(salt: Buffer): { readonly inner: Hash; readonly outer: Hash } {
  let states = padded.get(salt);
  if (!states) {
    const key = Buffer.alloc(SHA256_BLOCK);
    (salt.length > SHA256_BLOCK ? createHash('sha256').update(salt).digest() : salt).copy(key);
    const pad = (byte: number) => Buffer.from(key.map((value) => value ^ byte));
    states = { inner: createHash('sha256').update(pad(0x36)), outer: createHash('sha256').update(pad(0x5c)) };
    padded.set(salt, states);
  }
  return states;
}

/**
 * Pseudonymous visitor id: HMAC-SHA256 keyed with the day's salt over owner id, address and user
 * agent, 128 bits in hex. One visitor has one hash per owner and day; without the salt nobody can
 * recompute it, not even by trying every IPv4 address.
 */
export function visitorHash(salt: Buffer, ownerId: string, address: string, userAgent: string): string {
  const { inner, outer } = hmacStates(salt);
  const innerDigest = inner.copy().update(`${ownerId}\n${address}\n${userAgent}`).digest();
  return outer.copy().update(innerDigest).digest('hex').slice(0, 32);
}
