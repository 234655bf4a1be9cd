import { EncryptJWT, jwtDecrypt } from 'jose';
import { MEETING_PROVIDERS, type MeetingProvider } from './settings.ts';

/**
 * What the OAuth popup's start leaves with the browser and its exchange needs back
 * (docs/decisions/0039-meeting-providers.md, "OAuth"): the provider, the state sent to it and the PKCE code verifier.
 * Kept in a cookie, not on the server, so any instance can finish the flow; sealed (JWE, dir + A256GCM under a key
 * derived from the app secret for 'oauth-state') so the browser can neither read the verifier nor forge a state, and
 * good for ten minutes: a sign-in left open longer starts again.
 */
export interface PendingAuthorization<P extends OAuthStateProvider = MeetingProvider> {
  readonly provider: P;
  readonly state: string;
  /** The PKCE code verifier; '' for a flow without PKCE (HubSpot's, which takes the client secret). */
  readonly codeVerifier: string;
  /** Who began the flow, when its return has no session to say it (HubSpot's callback, decision 68). */
  readonly ownerId?: string;
}

/** The flows whose state this cookie carries: the meeting providers' popups and HubSpot's connection (issue 35). */
export const OAUTH_STATE_PROVIDERS = [...MEETING_PROVIDERS, 'hubspot'] as const;
export type OAuthStateProvider = (typeof OAUTH_STATE_PROVIDERS)[number];

export const OAUTH_STATE_LIFETIME_SECONDS = 10 * 60;

const ALGORITHM = 'dir';
const ENCRYPTION = 'A256GCM';
/** Names what the sealed value is for, so a JWE sealed for another purpose under the same key is refused. */
const SUBJECT = 'meeting-oauth-state';

/** The sealed cookie value (compact JWE: base64url parts and dots, safe in a cookie as is). */
export async function sealPendingAuthorization(
  key: Uint8Array,
  pending: PendingAuthorization<OAuthStateProvider>,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({
    provider: pending.provider,
    state: pending.state,
    verifier: pending.codeVerifier,
    ...(pending.ownerId === undefined ? {} : { owner: pending.ownerId }),
  })
    .setProtectedHeader({ alg: ALGORITHM, enc: ENCRYPTION })
    .setSubject(SUBJECT)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + OAUTH_STATE_LIFETIME_SECONDS)
    .encrypt(key);
}

/**
 * The pending authorization for `provider`, or null when the value is missing, not ours (tampered, another key),
 * expired at `now`, or sealed for another provider.
 */
export async function openPendingAuthorization<P extends OAuthStateProvider>(
  key: Uint8Array,
  sealed: string | undefined,
  provider: P,
  now: Date = new Date(),
): Promise<PendingAuthorization<P> | null> {
  if (sealed === undefined || sealed === '') return null;
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: [ALGORITHM],
      contentEncryptionAlgorithms: [ENCRYPTION],
      subject: SUBJECT,
      requiredClaims: ['exp', 'iat'],
      currentDate: now,
      clockTolerance: 0,
    }));
  } catch {
    return null;
  }
  const { provider: sealedProvider, state, verifier, owner } = payload;
  if (sealedProvider !== provider || !(OAUTH_STATE_PROVIDERS as readonly unknown[]).includes(sealedProvider)) return null;
  if (typeof state !== 'string' || state === '' || typeof verifier !== 'string') return null;
  // Every meeting provider's flow has PKCE; only HubSpot's goes without.
  if (verifier === '' && provider !== 'hubspot') return null;
  if (owner !== undefined && typeof owner !== 'string') return null;
  return { provider, state, codeVerifier: verifier, ...(typeof owner === 'string' ? { ownerId: owner } : {}) };
}
