import type pg from 'pg';
import { RM_PERSONAL_ADDRESSES, type PersonalAddressRow } from '@kartvizit/infra/read-models/contract';
import { rowsOrNone } from '../core/sql.ts';

/** Where a personal address leads now: the card it opens, or (left in the last 30 days) the address to send on to. */
export interface HeldAddress {
  readonly cardId: string;
  /** Null: the owner's address, answer the card. Else a left address: `/k/{their new one}`, or `/p/{cardId}`. */
  readonly redirectTo: string | null;
}

/**
 * Who holds `slug` now (issue 32): the owner whose address it is, else the one who left it less than 30 days ago;
 * nobody after that. The claim rule lets one owner hold an address at a time, so at most one row is in force.
 */
export async function personalAddress(pool: pg.Pool, slug: string): Promise<HeldAddress | null> {
  const [held] = await rowsOrNone<
    Pick<PersonalAddressRow, 'owner_id' | 'card_id' | 'redirects_until'> & { current: string | null }
  >(
    pool,
    `SELECT a.owner_id, a.card_id, a.redirects_until,
            (SELECT c.slug FROM ${RM_PERSONAL_ADDRESSES} c WHERE c.owner_id = a.owner_id AND c.redirects_until IS NULL LIMIT 1) AS current
       FROM ${RM_PERSONAL_ADDRESSES} a
      WHERE a.slug = $1 AND (a.redirects_until IS NULL OR a.redirects_until > now())
      ORDER BY a.redirects_until NULLS FIRST
      LIMIT 1`,
    [slug],
  );
  if (!held) return null;
  if (held.redirects_until === null) return { cardId: held.card_id, redirectTo: null };
  return { cardId: held.card_id, redirectTo: held.current ? `/k/${held.current}` : `/p/${held.card_id}` };
}

/** How long a looked-up address is answered from memory: a change shows within this, or at once with `?v=`. */
export const ADDRESS_MEMORY_MS = 5_000;
const ADDRESS_MEMORY_ENTRIES = 10_000;

/**
 * The addresses looked up in the last few seconds, so a busy `/k/{slug}` costs what `/p/{cardId}` costs: the stored page
 * from memory, with no query (measured: `npm run bench -- --only share`). Only addresses someone holds are kept; an
 * unknown one is asked each time (a new address works at once). A request carrying its write position skips it.
 */
export class PersonalAddresses {
  private readonly remembered = new Map<string, { readonly held: HeldAddress; readonly until: number }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The address's holder from memory, or undefined when it must be read. */
  peek(slug: string): HeldAddress | undefined {
    const entry = this.remembered.get(slug);
    if (!entry) return undefined;
    if (entry.until <= this.clock()) {
      this.remembered.delete(slug);
      return undefined;
    }
    return entry.held;
  }

  async read(slug: string): Promise<HeldAddress | null> {
    const held = await personalAddress(this.pool, slug);
    if (held) {
      this.remembered.delete(slug);
      this.remembered.set(slug, { held, until: this.clock() + ADDRESS_MEMORY_MS });
      if (this.remembered.size > ADDRESS_MEMORY_ENTRIES) {
        const oldest = this.remembered.keys().next();
        if (!oldest.done) this.remembered.delete(oldest.value);
      }
    }
    return held;
  }
}
