import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { TOKEN_TTL_SECONDS, type SessionClaims } from '@kartvizit/schemas';
import type { CredentialStore } from './credential-store.ts';

/**
 * How far a token's `iat` may lie ahead of this process's clock. The scaled shape issues tokens in
 * command-api and checks them in query-api too, so a second or two of drift between machines must not
 * sign a user out the moment they signed in; anything further ahead was not issued by us as we run now
 * (a forged or mis-clocked token) and is refused. The same tolerance as the lead form tokens.
 */
export const SESSION_CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Signed session tokens (HS256, exp/iat in seconds). A token is accepted only while its account's
 * credential exists and still has the session version the token was issued with, so a password
 * change or an account deletion signs out every other device at once, and never when it claims to
 * have been issued in the future.
 */
export class SessionTokens {
  constructor(
    private readonly key: Buffer,
    private readonly credentials: CredentialStore,
    private readonly ttlSeconds: number = TOKEN_TTL_SECONDS,
  ) {}

  /** `sessionVersion` is the credential's tokensValidAfter at the time of issue. */
  async issue(userId: string, sessionVersion: Date, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sv: sessionVersion.getTime() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The signed-in user's id, or null for a missing, forged, expired or revoked token. */
  async authenticate(authorization: string | undefined, now: Date = new Date()): Promise<string | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const claims = await this.verify(token, now);
    if (!claims) return null;
    const credential = await this.credentials.find(claims.sub);
    if (!credential) return null;
    if (claims.sv !== credential.tokensValidAfter.getTime()) return null;
    return claims.sub;
  }

  private async verify(token: string, now: Date): Promise<(SessionClaims & { readonly sv: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
      });
      const { sub, iat, exp, sv } = payload;
      if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number' || typeof sv !== 'number') {
        return null;
      }
      if (!/^[0-9a-f-]{36}$/.test(sub)) return null;
      if (iat > Math.floor(now.getTime() / 1000) + SESSION_CLOCK_TOLERANCE_SECONDS) return null;
      return { sub, iat, exp, sv };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
