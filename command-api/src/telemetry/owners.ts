import type pg from 'pg';
import { DEMO_OWNER_ID } from '@kartvizit/schemas';
import {
  REACHABLE_PROFILES,
  SHOWN_CARDS,
  SHOWN_PRODUCTS,
  type ProductsRow,
  type ProfilesRow,
} from '@kartvizit/infra/read-models/contract';
import { UUID_PATTERN_ANY_CASE as UUID } from '@kartvizit/schemas/ids';

/** Who a shown card, a reachable profile or a shown product belongs to, from the read models, remembered briefly. */
export interface ProfileOwner {
  readonly ownerId: string;
  readonly profileId: string;
}

export interface OwnerDirectoryOptions {
  /** How long a found owner is remembered. */
  readonly ttlMs?: number;
  /** How long "no such active card / profile" is remembered: short, a card may just have been activated. */
  readonly missTtlMs?: number;
  readonly maxEntries?: number;
}

interface Entry<T> {
  readonly value: Promise<T | null>;
  expiresAt: number;
}

/**
 * A small TTL cache with single flight: a thousand beacons for one card arriving together ask
 * the database once. Bounded: past `maxEntries` the oldest entry goes.
 */
class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: Required<OwnerDirectoryOptions>) {}

  get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const now = performance.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    this.entries.delete(key);
    const entry: Entry<T> = { value: load(), expiresAt: Number.POSITIVE_INFINITY };
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    entry.value.then(
      (value) => {
        entry.expiresAt = performance.now() + (value === null ? this.options.missTtlMs : this.options.ttlMs);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }
}

function isMissingRelation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42P01';
}

export class OwnerDirectory {
  private readonly cards: TtlCache<string>;
  private readonly profiles: TtlCache<ProfileOwner>;
  private readonly products: TtlCache<string>;

  constructor(
    private readonly pool: pg.Pool,
    options: OwnerDirectoryOptions = {},
  ) {
    const settings = {
      ttlMs: options.ttlMs ?? 10_000,
      missTtlMs: options.missTtlMs ?? 1_000,
      maxEntries: options.maxEntries ?? 10_000,
    };
    this.cards = new TtlCache(settings);
    this.profiles = new TtlCache(settings);
    this.products = new TtlCache(settings);
  }

  /**
   * The owner of a card whose page is shown (SHOWN_CARDS: activated, not deactivated, the owner
   * not forgotten); null otherwise, so a visit is counted exactly when the page could have sent it.
   * The sample card's system owner is nobody: its visits and clicks are not counted (docs/decisions/0016).
   */
  activeCardOwner(cardId: string): Promise<string | null> {
    return this.cards.get(cardId, async () => {
      const rows = await this.query<Pick<ProfilesRow, 'owner_id'>>(
        `SELECT p.owner_id ${SHOWN_CARDS} AND c.card_id = $1 AND c.owner_id <> $2`,
        [cardId, DEMO_OWNER_ID],
      );
      return rows[0]?.owner_id ?? null;
    });
  }

  /**
   * The owner of a profile a visitor may reach (REACHABLE_PROFILES: not forgotten). The card page
   * sends the profile's `_id`; the public profile falls back to the owner id for `_id`, so either
   * is accepted.
   */
  profileOwner(profileId: string): Promise<ProfileOwner | null> {
    if (!UUID.test(profileId)) return Promise.resolve(null);
    const key = profileId.toLowerCase();
    return this.profiles.get(key, async () => {
      const rows = await this.query<Pick<ProfilesRow, 'owner_id' | 'profile_id'>>(
        `SELECT p.owner_id, p.profile_id ${REACHABLE_PROFILES}
            AND (p.profile_id = $1::uuid OR p.owner_id = $1::uuid) AND p.owner_id <> $2::uuid
          ORDER BY (p.profile_id = $1::uuid) DESC LIMIT 1`,
        [key, DEMO_OWNER_ID],
      );
      const row = rows[0];
      return row ? { ownerId: row.owner_id, profileId: row.profile_id } : null;
    });
  }

  /**
   * The owner of a product whose page is shown (SHOWN_PRODUCTS: not deleted, active, the owner has a shown card),
   * from the products read model; null otherwise, so a product view is counted exactly when its page answers.
   * The sample card's owner is nobody here too.
   */
  shownProductOwner(productId: string): Promise<string | null> {
    if (!UUID.test(productId)) return Promise.resolve(null);
    const key = productId.toLowerCase();
    return this.products.get(key, async () => {
      const rows = await this.query<Pick<ProductsRow, 'owner_id'>>(
        `SELECT pr.owner_id ${SHOWN_PRODUCTS} AND pr.product_id = $1::uuid AND pr.owner_id <> $2::uuid`,
        [key, DEMO_OWNER_ID],
      );
      return rows[0]?.owner_id ?? null;
    });
  }

  private async query<Row extends pg.QueryResultRow>(sql: string, values: readonly unknown[]): Promise<Row[]> {
    try {
      return (await this.pool.query<Row>(sql, [...values])).rows;
    } catch (error) {
      // A read model whose first generation is not built yet knows no card.
      if (isMissingRelation(error)) return [];
      throw error;
    }
  }
}
