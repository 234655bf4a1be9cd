import { Type, type Static } from 'typebox';
import { literalUnion, Position } from '../common/http.ts';
import { HUBSPOT_FAILURE_REASONS } from './model.ts';

/** `GET /api/integrations/hubspot/start` (owner): where the browser goes to sign in to HubSpot. */
export const HubSpotStartResponse = Type.Object({
  success: Type.Literal(true),
  authorizationUrl: Type.String(),
});
export type HubSpotStartResponse = Static<typeof HubSpotStartResponse>;

export const HubSpotLastFailure = Type.Object({
  reason: literalUnion(HUBSPOT_FAILURE_REASONS),
  /** The Turkish sentence the screen shows. */
  message: Type.String(),
  failedAt: Type.String(),
});
export type HubSpotLastFailure = Static<typeof HubSpotLastFailure>;

/** `GET /api/integrations/hubspot` (owner): the connection as the screen shows it. Never a token. */
export const HubSpotStatusResponse = Type.Object({
  success: Type.Literal(true),
  /** HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET are set on this server. */
  configured: Type.Boolean(),
  connected: Type.Boolean(),
  portalId: Type.Union([Type.String(), Type.Null()]),
  connectedAt: Type.Union([Type.String(), Type.Null()]),
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  lastFailure: Type.Union([HubSpotLastFailure, Type.Null()]),
});
export type HubSpotStatusResponse = Static<typeof HubSpotStatusResponse>;

/** `DELETE /api/integrations/hubspot` (owner): the tokens are gone, HubSpotDisconnected recorded. */
export const HubSpotDisconnectResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Position,
});
export type HubSpotDisconnectResponse = Static<typeof HubSpotDisconnectResponse>;
