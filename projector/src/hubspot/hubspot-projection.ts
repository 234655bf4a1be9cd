import type { HubSpotEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';
import { HUBSPOT_PROJECTION } from '@kartvizit/infra/hubspot/read-model';

/**
 * Each owner's HubSpot connection as /integrations shows it (issue 35): connected or not, the HubSpot account, since
 * when, how many leads created or updated a contact, how many failed and the last failure. Counters add one per event,
 * guarded by the row's last stream position (the owner's `hubspot-{ownerId}` stream), so an event applied again
 * counts once. Never a token: the events hold none.
 */
async function applyOne(event: StoredEvent<HubSpotEvent>, { client, table }: ProjectionContext): Promise<void> {
  const t = table('hubspot');
  const position = event.streamPosition;
  const ownerId = event.data.ownerId;
  // The row exists (created unconnected) before any event changes it; then each change applies once.
  await client.query(
    `INSERT INTO ${t} (owner_id, connected, created, updated, failed, last_stream_position)
     VALUES ($1, false, 0, 0, 0, -1) ON CONFLICT (owner_id) DO NOTHING`,
    [ownerId],
  );
  const guard = `WHERE owner_id = $1 AND last_stream_position < $2`;
  switch (event.type) {
    case 'HubSpotConnected':
      await client.query(
        `UPDATE ${t} SET connected = true, portal_id = $3, connected_at = $4, last_stream_position = $2 ${guard}`,
        [ownerId, position, event.data.portalId, event.data.connectedAt],
      );
      return;
    case 'HubSpotDisconnected':
      await client.query(
        `UPDATE ${t} SET connected = false, portal_id = NULL, connected_at = NULL, last_stream_position = $2 ${guard}`,
        [ownerId, position],
      );
      return;
    case 'HubSpotContactSynced':
      await client.query(
        `UPDATE ${t} SET created = created + $3, updated = updated + $4, last_stream_position = $2 ${guard}`,
        [ownerId, position, event.data.created ? 1 : 0, event.data.created ? 0 : 1],
      );
      return;
    case 'HubSpotSyncFailed':
      await client.query(
        `UPDATE ${t} SET failed = failed + 1, last_failure_reason = $3, last_failure_message = $4,
                last_failure_at = $5, last_stream_position = $2 ${guard}`,
        [ownerId, position, event.data.reason, event.data.message, event.data.failedAt],
      );
      return;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const hubspotProjection: Projection<HubSpotEvent> = {
  name: HUBSPOT_PROJECTION,
  version: 1,
  tables: {
    hubspot: (table) => `CREATE TABLE ${table} (
      owner_id uuid PRIMARY KEY,
      connected boolean NOT NULL,
      portal_id text,
      connected_at timestamptz,
      created integer NOT NULL,
      updated integer NOT NULL,
      failed integer NOT NULL,
      last_failure_reason text,
      last_failure_message text,
      last_failure_at timestamptz,
      last_stream_position bigint NOT NULL
    )`,
  },
  handles: ['HubSpotConnected', 'HubSpotDisconnected', 'HubSpotContactSynced', 'HubSpotSyncFailed'],
  // Account deletion (decision 29): the owner's row goes, and nothing the log still brings of them comes back.
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('hubspot')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },
  async apply(events, context) {
    for (const event of events) await applyOne(event, context);
    return { touched: [...new Set(events.map((event) => event.data.ownerId))] };
  },
};
