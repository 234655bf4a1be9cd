import type pg from 'pg';
import { deriveKey } from '../config/secrets.ts';
import { openText, sealText } from '../vault/sealed-text.ts';
import { HubSpotError, type HubSpotClient, type HubSpotTokens } from './client.ts';

/**
 * Owners' HubSpot tokens (issue 35), outside the event log like the two-step secrets (TwoFactorStore): both tokens
 * sealed (sealText: AES-256-GCM) under a key derived from the application secret for 'hubspot-tokens', bound to the owner by
 * the additional data, in `hubspot_connections` (migration 0015). Nothing here is ever in an event, a read model, a
 * log or an answer. A row exists while the owner is connected: disconnecting and account erasure delete it.
 */
export interface HubSpotConnection {
  readonly ownerId: string;
  readonly portalId: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresAt: Date;
  readonly connectedAt: Date;
}

/** An access token this close to its end is refreshed before use rather than sent to fail. */
export const REFRESH_MARGIN_MS = 60_000;

export class HubSpotConnectionStore {
  readonly #pool: pg.Pool;
  readonly #key: Buffer;

  constructor(pool: pg.Pool, appSecret: Buffer) {
    this.#pool = pool;
    this.#key = deriveKey(appSecret, 'hubspot-tokens');
  }

  async find(ownerId: string): Promise<HubSpotConnection | null> {
    const { rows } = await this.#pool.query<{
      portal_id: string;
      access_token: Buffer;
      refresh_token: Buffer;
      expires_at: Date;
      connected_at: Date;
    }>(
      'SELECT portal_id, access_token, refresh_token, expires_at, connected_at FROM hubspot_connections WHERE user_id = $1',
      [ownerId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      ownerId,
      portalId: row.portal_id,
      accessToken: this.#open(ownerId, row.access_token),
      refreshToken: this.#open(ownerId, row.refresh_token),
      expiresAt: row.expires_at,
      connectedAt: row.connected_at,
    };
  }

  /** A new connection (or a reconnection, to the same or another HubSpot account): replaces what was there. */
  async save(ownerId: string, portalId: string, tokens: HubSpotTokens, now: Date): Promise<void> {
    await this.#pool.query(
      `INSERT INTO hubspot_connections (user_id, portal_id, access_token, refresh_token, expires_at, connected_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET portal_id = EXCLUDED.portal_id, access_token = EXCLUDED.access_token,
         refresh_token = EXCLUDED.refresh_token, expires_at = EXCLUDED.expires_at,
         connected_at = EXCLUDED.connected_at, updated_at = now()`,
      [
        ownerId,
        portalId,
        this.#seal(ownerId, tokens.accessToken),
        this.#seal(ownerId, tokens.refreshToken),
        expiry(tokens, now),
        now,
      ],
    );
  }

  /**
   * Refreshed tokens, only onto the connection they were refreshed from (`previousRefreshToken`): a reconnection or a
   * disconnection meanwhile is not overwritten. False when it was.
   */
  async replaceTokens(connection: HubSpotConnection, tokens: HubSpotTokens, now: Date): Promise<boolean> {
    const result = await this.#pool.query(
      `UPDATE hubspot_connections SET access_token = $2, refresh_token = $3, expires_at = $4, updated_at = now()
        WHERE user_id = $1 AND connected_at = $5`,
      [
        connection.ownerId,
        this.#seal(connection.ownerId, tokens.accessToken),
        this.#seal(connection.ownerId, tokens.refreshToken),
        expiry(tokens, now),
        connection.connectedAt,
      ],
    );
    return result.rowCount === 1;
  }

  /** Whether there was a connection to remove. */
  async remove(ownerId: string): Promise<boolean> {
    const result = await this.#pool.query('DELETE FROM hubspot_connections WHERE user_id = $1', [ownerId]);
    return (result.rowCount ?? 0) > 0;
  }

  #seal(ownerId: string, token: string): Buffer {
    return sealText(this.#key, ownerId, token);
  }

  #open(ownerId: string, sealed: Buffer): string {
    return openText(this.#key, ownerId, sealed);
  }
}

function expiry(tokens: HubSpotTokens, now: Date): Date {
  return new Date(now.getTime() + Math.max(0, tokens.expiresIn) * 1000);
}

/**
 * Runs `call` with the owner's access token: refreshed first when it is (nearly) expired, and once more when HubSpot
 * answers 401 anyway (revoked early, clocks apart), then `call` is tried again. A refresh HubSpot refuses, or a second
 * 401, is HubSpotError 'refused'. Null when the owner is not connected.
 */
export async function withHubSpotAccess<T>(
  store: HubSpotConnectionStore,
  client: HubSpotClient,
  ownerId: string,
  call: (accessToken: string) => Promise<T>,
  now: () => Date = () => new Date(),
): Promise<{ readonly value: T } | null> {
  let connection = await store.find(ownerId);
  if (connection === null) return null;
  let refreshed = false;
  const refresh = async (current: HubSpotConnection): Promise<HubSpotConnection> => {
    refreshed = true;
    const tokens = await client.refresh(current.refreshToken);
    const at = now();
    await store.replaceTokens(current, tokens, at);
    return {
      ...current,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: new Date(at.getTime() + tokens.expiresIn * 1000),
    };
  };
  if (connection.expiresAt.getTime() - REFRESH_MARGIN_MS <= now().getTime()) connection = await refresh(connection);
  try {
    return { value: await call(connection.accessToken) };
  } catch (error) {
    if (!(error instanceof HubSpotError) || error.kind !== 'unauthorized') throw error;
    if (refreshed) throw new HubSpotError('refused', 'access', error.status, null);
    connection = await refresh(connection);
    try {
      return { value: await call(connection.accessToken) };
    } catch (again) {
      if (again instanceof HubSpotError && again.kind === 'unauthorized') {
        throw new HubSpotError('refused', 'access', again.status, null);
      }
      throw again;
    }
  }
}
