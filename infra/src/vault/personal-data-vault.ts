import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * Crypto-shredding for KVKK: personal data inside events is sealed with a key per owner that lives
 * outside the log (table owner_keys, wrapped with a key derived from the app secret). Destroying
 * the owner's key makes their personal data unreadable everywhere, while the history stays
 * replayable.
 */
export interface SealedData {
  readonly v: 1;
  readonly iv: string;
  readonly tag: string;
  readonly ct: string;
}

const ALGORITHM = 'aes-256-gcm';

function seal(key: Buffer, plain: Buffer, aad: string): SealedData {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ct: ct.toString('base64') };
}

function open(key: Buffer, sealed: SealedData, aad: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64')), decipher.final()]);
}

export function isSealedData(value: unknown): value is SealedData {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.v === 1 && typeof record.iv === 'string' && typeof record.tag === 'string' && typeof record.ct === 'string'
  );
}

export class PersonalDataVault {
  private readonly cache = new Map<string, Buffer>();
  private static readonly CACHE_LIMIT = 10_000;

  constructor(
    private readonly pool: pg.Pool,
    /** Key-encryption key, derived from the app secret for purpose 'personal-data-kek'. */
    private readonly kek: Buffer,
  ) {}

  async seal(ownerId: string, value: Readonly<Record<string, unknown>>): Promise<SealedData> {
    const key = await this.keyFor(ownerId, true);
    if (!key) throw new Error('Owner key could not be created');
    return seal(key, Buffer.from(JSON.stringify(value), 'utf8'), ownerId);
  }

  /** Null when the owner's key was destroyed (the person asked to be forgotten). */
  async open(ownerId: string, sealed: SealedData): Promise<Record<string, unknown> | null> {
    const key = await this.keyFor(ownerId, false);
    if (!key) return null;
    return JSON.parse(open(key, sealed, ownerId).toString('utf8')) as Record<string, unknown>;
  }

  async forget(ownerId: string): Promise<void> {
    await this.pool.query('DELETE FROM owner_keys WHERE owner_id = $1', [ownerId]);
    this.cache.delete(ownerId);
  }

  private async keyFor(ownerId: string, create: boolean): Promise<Buffer | null> {
    const cached = this.cache.get(ownerId);
    if (cached) return cached;
    // A new owner (each lead and registration is one) gets its key in one statement; the read is only for a key
    // that exists already, or one another process created a moment ago.
    const created = create
      ? await this.pool.query<{ wrapped_key: Buffer }>(
          `INSERT INTO owner_keys (owner_id, wrapped_key) VALUES ($1, $2) ON CONFLICT (owner_id) DO NOTHING
           RETURNING wrapped_key`,
          [ownerId, Buffer.from(JSON.stringify(seal(this.kek, randomBytes(32), `owner-key:${ownerId}`)), 'utf8')],
        )
      : null;
    const row =
      created?.rows[0] ??
      (
        await this.pool.query<{ wrapped_key: Buffer }>('SELECT wrapped_key FROM owner_keys WHERE owner_id = $1', [
          ownerId,
        ])
      ).rows[0];
    if (!row) return null;
    const wrapped = JSON.parse(row.wrapped_key.toString('utf8')) as SealedData;
    const key = open(this.kek, wrapped, `owner-key:${ownerId}`);
    if (this.cache.size >= PersonalDataVault.CACHE_LIMIT) this.cache.clear();
    this.cache.set(ownerId, key);
    return key;
  }
}
