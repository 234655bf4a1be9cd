import { Type, type Static } from 'typebox';
import { Position, literalUnion } from '../common/http.ts';
import { API_TOKEN_SCOPES } from './token-rules.ts';

/** Personal API tokens (issue 35, decision 67): `POST /api/tokens`, `GET /api/tokens`, `DELETE /api/tokens/{id}`. */

export const ApiTokenScopeSchema = literalUnion(API_TOKEN_SCOPES);

/** The shapes are loose (any string, any list): the shared rules answer in Turkish, field by field. */
export const CreateApiTokenBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    scopes: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 40 }),
    /** ISO date-time, at least a day and at most a year on. */
    expiresAt: Type.String({ maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

export const CreateApiTokenResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    id: Type.String(),
    /** `kv_pat_…`: shown this once, kept only as a keyed hash. */
    token: Type.String(),
  }),
  position: Position,
});
export type CreateApiTokenResponse = Static<typeof CreateApiTokenResponse>;

export const RevokeApiTokenResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** Absent when the token was already revoked. */
  position: Type.Optional(Position),
});
export type RevokeApiTokenResponse = Static<typeof RevokeApiTokenResponse>;

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];

export const ApiTokenView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(ApiTokenScopeSchema),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  /** Null: never used. Written at most once a minute. */
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  state: literalUnion(API_TOKEN_STATES),
});
export type ApiTokenView = Static<typeof ApiTokenView>;

/** The account's tokens, live ones first, newest first within each. */
export const ApiTokensResponse = Type.Object({ success: Type.Literal(true), data: Type.Array(ApiTokenView) });
export type ApiTokensResponse = Static<typeof ApiTokensResponse>;

export const ApiTokenIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
