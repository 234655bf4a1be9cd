import { TOKEN_STORAGE_KEY } from '@kartvizit/schemas/constants';

/**
 * The session token lives in localStorage under `token` (SPEC §9) so every tab shares it.
 * Storage can throw (private mode, disabled storage); a session we cannot store is no session.
 */
export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Nothing to fall back to: the session lasts until the page is reloaded.
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Already unreadable, so already gone for our purposes.
  }
}

interface TokenClaims {
  readonly exp: number;
}

/** The JWT payload as an object, unverified; null for anything that is not one. */
function payloadOf(token: string): object | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/** Reads the JWT payload without verifying it: the server verifies, we only skip a doomed request. */
export function decodeClaims(token: string): TokenClaims | null {
  const claims = payloadOf(token);
  if (!claims || !('exp' in claims)) return null;
  const { exp } = claims;
  return typeof exp === 'number' && Number.isFinite(exp) ? { exp } : null;
}

/**
 * Whose token it is (`sub`, the user id), unverified: enough to keep one person's offline copies apart from
 * another's on this device (features/offline), never to decide what the server lets anyone do.
 */
export function tokenSubject(token: string): string | null {
  const claims = payloadOf(token);
  if (!claims || !('sub' in claims)) return null;
  const { sub } = claims;
  return typeof sub === 'string' && /^[0-9a-f-]{1,64}$/i.test(sub) ? sub.toLowerCase() : null;
}

/** `exp` is in seconds (SPEC §9). */
export function isExpired(claims: TokenClaims, nowMs: number = Date.now()): boolean {
  return claims.exp < Math.floor(nowMs / 1000);
}
