import type { ApiTokenScope } from './token-rules.ts';

/**
 * Personal API tokens on the account's stream (issue 35, decision 67): that a token was made and revoked, never the
 * token nor its hash (those live in `api_tokens`, infra/migrations/0014). The name is the owner's words: sealed.
 */
export interface ApiTokenCreated {
  readonly type: 'ApiTokenCreated';
  readonly data: {
    readonly userId: string;
    readonly tokenId: string;
    readonly name: string;
    readonly scopes: readonly ApiTokenScope[];
    readonly expiresAt: string;
    readonly createdAt: string;
  };
}

export interface ApiTokenRevoked {
  readonly type: 'ApiTokenRevoked';
  readonly data: { readonly userId: string; readonly tokenId: string; readonly revokedAt: string };
}

export type ApiTokenEvent = ApiTokenCreated | ApiTokenRevoked;
