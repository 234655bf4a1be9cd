import type pg from 'pg';
import { deriveKey } from '../config/secrets.ts';
import { openText, sealText } from '../vault/sealed-text.ts';

/**
 * Each webhook endpoint's signing secret (`whsec_…`, issue 35), sealed in `webhook_secrets` and never in an event, a
 * read model, a log or an answer but the one that adds the endpoint. The command routes write and delete it; the
 * delivery reactor reads it for each attempt, so a removed endpoint is never signed for again.
 */
export class WebhookSecretStore {
  private readonly key: Buffer;

  constructor(
    private readonly pool: pg.Pool,
    appSecret: Buffer,
  ) {
    this.key = deriveKey(appSecret, 'webhook-secrets');
  }

  async save(endpointId: string, ownerId: string, secret: string, now: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO webhook_secrets (endpoint_id, owner_id, secret, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint_id) DO NOTHING`,
      [endpointId, ownerId, sealText(this.key, endpointId, secret), now],
    );
  }

  /** The endpoint's secret; null once it is removed. */
  async find(endpointId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ secret: Buffer }>(
      'SELECT secret FROM webhook_secrets WHERE endpoint_id = $1',
      [endpointId],
    );
    const row = rows[0];
    return row ? openText(this.key, endpointId, row.secret) : null;
  }

  async remove(endpointId: string): Promise<void> {
    await this.pool.query('DELETE FROM webhook_secrets WHERE endpoint_id = $1', [endpointId]);
  }

  /** An erased account's secrets, all at once. */
  async removeOwner(ownerId: string): Promise<void> {
    await this.pool.query('DELETE FROM webhook_secrets WHERE owner_id = $1', [ownerId]);
  }
}
