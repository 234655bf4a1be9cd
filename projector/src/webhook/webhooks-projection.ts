import type { WebhookEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';
import { WEBHOOKS_PROJECTION } from '@kartvizit/infra/read-models/contract';

type Stored = StoredEvent<WebhookEvent>;

/**
 * /integrations' webhooks (issue 35, decision 66): each owner's endpoints (address, events, personal data, whether
 * paused, failing since when, the last delivery) and each endpoint's delivery log (status, attempts, the last answer's
 * status and first bytes). No secret is in the log, so none is here. A removed endpoint's rows go with it. Every
 * statement is safe to apply twice; a delivery's row moves only forward in its own stream (`last_stream_position`).
 */
async function applyOne(event: Stored, { client, table }: ProjectionContext): Promise<void> {
  const endpoints = table('webhook_endpoints');
  const deliveries = table('webhook_deliveries');
  const d = event.data;
  /**
   * The endpoint's row, as a placeholder (not listed) when one of its deliveries' events comes before the endpoint's own:
   * on Kafka, streams keep no order among themselves. WebhookEndpointAdded fills it in.
   */
  const placeholder = () =>
    client.query(
      `INSERT INTO ${endpoints} (endpoint_id, owner_id, url, events, personal_data, created_at, placeholder)
       VALUES ($1, $2, '', '{}', false, $3, true) ON CONFLICT (endpoint_id) DO NOTHING`,
      [d.endpointId, d.ownerId, event.createdAt],
    );
  /** The delivery's row, if this event is newer than what it shows. */
  const forward = `last_stream_position < ${Number(event.streamPosition)}`;
  switch (event.type) {
    case 'WebhookEndpointAdded':
      await client.query(
        `INSERT INTO ${endpoints} (endpoint_id, owner_id, office, url, events, personal_data, created_at)
         VALUES ($1, $2, $7, $3, $4, $5, $6)
         ON CONFLICT (endpoint_id) DO UPDATE SET url = EXCLUDED.url, events = EXCLUDED.events,
           personal_data = EXCLUDED.personal_data, office = EXCLUDED.office, created_at = EXCLUDED.created_at,
           placeholder = false
         WHERE ${endpoints}.placeholder AND ${endpoints}.removed_at IS NULL`,
        [
          d.endpointId,
          d.ownerId,
          event.forgotten ? '' : event.data.url,
          event.data.events,
          event.data.personalData,
          event.data.addedAt,
          event.data.office === true,
        ],
      );
      return;
    case 'WebhookEndpointChanged':
      await client.query(`UPDATE ${endpoints} SET events = $2, personal_data = $3 WHERE endpoint_id = $1`, [
        d.endpointId,
        event.data.events,
        event.data.personalData,
      ]);
      return;
    case 'WebhookEndpointRemoved':
      // Kept as removed (not listed), its log gone: a delivery of it arriving later on Kafka, where streams keep no
      // order among themselves, then finds the tombstone and adds nothing, as a rebuild from the store would.
      await client.query(
        `INSERT INTO ${endpoints} (endpoint_id, owner_id, url, events, personal_data, created_at, removed_at)
         VALUES ($1, $2, '', '{}', false, $3, $3)
         ON CONFLICT (endpoint_id) DO UPDATE SET removed_at = coalesce(${endpoints}.removed_at, EXCLUDED.removed_at), url = ''`,
        [d.endpointId, d.ownerId, event.data.at],
      );
      await client.query(`DELETE FROM ${deliveries} WHERE endpoint_id = $1`, [d.endpointId]);
      return;
    case 'WebhookEndpointPaused':
      await client.query(`UPDATE ${endpoints} SET paused_at = $2, paused_automatically = $3 WHERE endpoint_id = $1`, [
        d.endpointId,
        event.data.at,
        event.data.automatic,
      ]);
      return;
    case 'WebhookEndpointResumed':
      // A fresh start: three more days before it is paused again.
      await client.query(`UPDATE ${endpoints} SET paused_at = NULL, failing_since = NULL WHERE endpoint_id = $1`, [
        d.endpointId,
      ]);
      return;
    case 'WebhookDeliveryRequested':
      await client.query(
        `INSERT INTO ${deliveries} (delivery_id, endpoint_id, owner_id, event_name, status, created_at, last_stream_position)
         SELECT $1, $2, $3, $4, 'pending', $5, $6
          WHERE NOT EXISTS (SELECT 1 FROM ${endpoints} WHERE endpoint_id = $2 AND removed_at IS NOT NULL)
         ON CONFLICT (delivery_id) DO NOTHING`,
        [
          event.data.deliveryId,
          d.endpointId,
          d.ownerId,
          event.data.eventName,
          event.data.requestedAt,
          event.streamPosition,
        ],
      );
      return;
    case 'WebhookDeliveryRetried':
      await client.query(
        `UPDATE ${deliveries} SET status = 'pending', skip_reason = NULL, last_stream_position = $2
          WHERE delivery_id = $1 AND ${forward}`,
        [event.data.deliveryId, event.streamPosition],
      );
      return;
    case 'WebhookDeliveryAttemptFailed':
      await client.query(
        `UPDATE ${deliveries} SET status = 'retrying', attempts = attempts + 1, last_attempt_at = $2,
                response_status = $3, response_excerpt = $4, failure_reason = $5, last_stream_position = $6
          WHERE delivery_id = $1 AND ${forward}`,
        [
          event.data.deliveryId,
          event.data.at,
          event.data.status,
          event.forgotten ? '' : event.data.excerpt,
          event.data.reason,
          event.streamPosition,
        ],
      );
      await placeholder();
      await client.query(
        `UPDATE ${endpoints} SET failing_since = coalesce(failing_since, $2),
                last_delivery_at = GREATEST(coalesce(last_delivery_at, $2), $2), last_delivery_status = 'retrying'
          WHERE endpoint_id = $1`,
        [d.endpointId, event.data.at],
      );
      return;
    case 'WebhookDelivered':
      await client.query(
        `UPDATE ${deliveries} SET status = 'delivered', attempts = attempts + 1, last_attempt_at = $2,
                response_status = $3, response_excerpt = $4, failure_reason = NULL, last_stream_position = $5
          WHERE delivery_id = $1 AND ${forward}`,
        [
          event.data.deliveryId,
          event.data.at,
          event.data.status,
          event.forgotten ? '' : event.data.excerpt,
          event.streamPosition,
        ],
      );
      await placeholder();
      await client.query(
        `UPDATE ${endpoints} SET failing_since = NULL,
                last_delivery_at = GREATEST(coalesce(last_delivery_at, $2), $2), last_delivery_status = 'delivered'
          WHERE endpoint_id = $1`,
        [d.endpointId, event.data.at],
      );
      return;
    case 'WebhookDeliveryFailed':
      await client.query(
        `UPDATE ${deliveries} SET status = 'failed', last_stream_position = $2 WHERE delivery_id = $1 AND ${forward}`,
        [event.data.deliveryId, event.streamPosition],
      );
      await placeholder();
      await client.query(`UPDATE ${endpoints} SET last_delivery_status = 'failed' WHERE endpoint_id = $1`, [
        d.endpointId,
      ]);
      return;
    case 'WebhookDeliverySkipped':
      await client.query(
        `UPDATE ${deliveries} SET status = 'skipped', skip_reason = $2, last_stream_position = $3
          WHERE delivery_id = $1 AND ${forward}`,
        [event.data.deliveryId, event.data.reason, event.streamPosition],
      );
      return;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const webhooksProjection: Projection<WebhookEvent> = {
  name: WEBHOOKS_PROJECTION,
  version: 1,
  tables: {
    webhook_endpoints: (table) => `CREATE TABLE ${table} (
      endpoint_id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      -- An office's endpoint: owner_id is the office's id.
      office boolean NOT NULL DEFAULT false,
      url text NOT NULL,
      events text[] NOT NULL,
      personal_data boolean NOT NULL,
      created_at timestamptz NOT NULL,
      paused_at timestamptz,
      paused_automatically boolean NOT NULL DEFAULT false,
      failing_since timestamptz,
      last_delivery_at timestamptz,
      last_delivery_status text,
      -- Removed: no longer listed, kept so that nothing of it comes back out of order.
      removed_at timestamptz,
      -- Made by a delivery's event that came before the endpoint's own (Kafka); not listed until it is added.
      placeholder boolean NOT NULL DEFAULT false
    );
    CREATE INDEX ${table}_owner ON ${table} (owner_id)`,
    webhook_deliveries: (table) => `CREATE TABLE ${table} (
      delivery_id text PRIMARY KEY,
      endpoint_id uuid NOT NULL,
      owner_id uuid NOT NULL,
      event_name text NOT NULL,
      status text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      last_attempt_at timestamptz,
      response_status integer,
      response_excerpt text NOT NULL DEFAULT '',
      failure_reason text,
      skip_reason text,
      last_stream_position bigint NOT NULL
    );
    CREATE INDEX ${table}_endpoint ON ${table} (endpoint_id, created_at DESC)`,
  },
  handles: [
    'WebhookEndpointAdded',
    'WebhookEndpointChanged',
    'WebhookEndpointRemoved',
    'WebhookEndpointPaused',
    'WebhookEndpointResumed',
    'WebhookDeliveryRequested',
    'WebhookDeliveryRetried',
    'WebhookDeliveryAttemptFailed',
    'WebhookDelivered',
    'WebhookDeliveryFailed',
    'WebhookDeliverySkipped',
  ],
  // Account deletion (decision 29): the owner's endpoints and their logs go.
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      for (const name of ['webhook_endpoints', 'webhook_deliveries']) {
        await client.query(`DELETE FROM ${table(name)} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
      }
    },
  },

  async apply(events, context) {
    for (const event of events) await applyOne(event, context);
    return { touched: [...new Set(events.map((event) => event.data.ownerId))] };
  },
};
