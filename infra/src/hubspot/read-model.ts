/**
 * The HubSpot read model (issue 35): written by projector's hubspot projection, read by query-api's
 * `GET /api/integrations/hubspot`. One row per owner who ever connected; never a token.
 */
export const HUBSPOT_PROJECTION = 'hubspot';
export const RM_HUBSPOT = 'rm_hubspot';

export interface HubSpotRow {
  readonly owner_id: string;
  readonly connected: boolean;
  readonly portal_id: string | null;
  readonly connected_at: Date | null;
  /** Leads that became a new contact, and leads that updated one, since the row began. */
  readonly created: number;
  readonly updated: number;
  readonly failed: number;
  readonly last_failure_reason: string | null;
  readonly last_failure_message: string | null;
  readonly last_failure_at: Date | null;
  readonly last_stream_position: string;
}
