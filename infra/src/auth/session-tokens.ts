import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { TOKEN_TTL_SECONDS, type SessionClaims } from '@kartvizit/schemas';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import type { AccountSessions } from './account-sessions.ts';

/**
 * How far a token's `iat` may lie ahead of this process's clock. The scaled shape issues tokens in
 * command-api and checks them in query-api too, so a second or two of drift between machines must not
 * sign a user out the moment they signed in; anything further ahead was not issued by us as we run now
 * (a forged or mis-clocked token) and is refused. The same tolerance as the lead form tokens.
 */
export const SESSION_CLOCK_TOLERANCE_SECONDS = 60;

/** Who a valid session token names. */
export interface AuthenticatedSession {
  readonly userId: string;
  /** The session (account_sessions) this token belongs to. */
  readonly sessionId: string;
  /** The account has two-step sign-in on or a passkey. */
  readonly secondStep: boolean;
}

/**
 * Signed session tokens (HS256, exp/iat in seconds). Every token names its session (`sid`, issue 34) and carries the
 * credential's session version (`sv`). A token is accepted only while its session is live and its account's
 * credential still has that version, so ending a session, a password change or an account deletion signs the token
 * out at its next request, and never when it claims to have been issued in the future. A token without a session
 * (issued before sessions existed) is refused: its holder signs in once more.
 */
export class SessionTokens {
  constructor(
    private readonly key: Buffer,
    private readonly sessions: AccountSessions,
    private readonly ttlSeconds: number = TOKEN_TTL_SECONDS,
  ) {}

  /** `sessionVersion` is the credential's tokensValidAfter at the time of issue. */
  async issue(userId: string, sessionId: string, sessionVersion: Date, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sv: sessionVersion.getTime(), sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The signed-in session, or null for a missing, forged, expired, ended or revoked token. */
  async authenticate(authorization: string | undefined, now: Date = new Date()): Promise<AuthenticatedSession | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const claims = await this.verify(token, now);
    if (!claims) return null;
    const check = await this.sessions.check(claims.sub, claims.sid);
    if (check.sessionVersion === null || !check.live || claims.sv !== check.sessionVersion) return null;
    await this.sessions.touch(claims.sid, check.lastUsedAt, now);
    return { userId: claims.sub, sessionId: claims.sid, secondStep: check.secondStep };
  }

  private async verify(
    token: string,
    now: Date,
  ): Promise<(SessionClaims & { readonly sv: number; readonly sid: string }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
      });
      const { sub, iat, exp, sv, sid } = payload;
      if (
        typeof sub !== 'string' ||
        typeof iat !== 'number' ||
        typeof exp !== 'number' ||
        typeof sv !== 'number' ||
        typeof sid !== 'string'
      ) {
        return null;
      }
      if (!UUID_PATTERN.test(sub) || !UUID_PATTERN.test(sid)) return null;
      if (iat > Math.floor(now.getTime() / 1000) + SESSION_CLOCK_TOLERANCE_SECONDS) return null;
      return { sub, iat, exp, sv, sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
