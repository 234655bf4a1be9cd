import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { decodeJwt } from 'jose';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { UUID_PATTERN as UUID } from '@kartvizit/schemas/ids';

/**
 * Stream tickets: EventSource cannot send an Authorization header, and a session token in a URL
 * would end up in proxy logs where it opens everything. A ticket opens only the owner's statistics
 * stream, only for a minute, and only while the session it came from is valid (the session
 * version is in the ticket and checked against the credential, as session tokens are).
 *
 * Format: `v1.<ownerId>.<sessionVersion>.<expiresAt seconds>.<HMAC-SHA256, base64url>`, signed
 * with a key derived from the session key, so any query-api instance verifies it. An office's team stream (issue 30)
 * is opened with `o1.<ownerId>.<officeId>.<sessionVersion>.<expiresAt>.<HMAC>`: it opens only that office's stream,
 * and the route checks that its holder still administers the office.
 */
export interface TicketHolder {
  readonly ownerId: string;
  /** The credential's tokensValidAfter (ms) the session was issued under. */
  readonly sessionVersion: number;
  /** The office whose team stream this opens; absent: the owner's own stream. */
  readonly officeId?: string;
}

const VERSION = 'v1';
const OFFICE_VERSION = 'o1';

export class StreamTickets {
  private readonly key: Buffer;

  constructor(
    appSecret: Buffer,
    private readonly pool: pg.Pool,
    private readonly ttlSeconds: number,
  ) {
    this.key = Buffer.from(
      hkdfSync(
        'sha256',
        deriveKey(appSecret, 'session-tokens'),
        Buffer.alloc(0),
        'kartvizit:statistics-stream-ticket',
        32,
      ),
    );
  }

  /**
   * A ticket for the holder of `authorization`, which the caller has just authenticated as
   * `ownerId`: the session version is read from that very token, so a ticket never outlives it.
   */
  issue(
    ownerId: string,
    authorization: string,
    now: Date = new Date(),
    officeId?: string,
  ): { ticket: string; expiresAt: Date } {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? '';
    const version = decodeJwt(token).sv;
    if (typeof version !== 'number' || !Number.isSafeInteger(version))
      throw new Error('session token without a version');
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    const body = officeId
      ? `${OFFICE_VERSION}.${ownerId.toLowerCase()}.${officeId.toLowerCase()}.${version}.${expires}`
      : `${VERSION}.${ownerId.toLowerCase()}.${version}.${expires}`;
    return { ticket: `${body}.${this.sign(body)}`, expiresAt: new Date(expires * 1000) };
  }

  /** The holder of a genuine, unexpired ticket whose session is still valid; otherwise null. */
  async verify(ticket: string, now: Date = new Date()): Promise<TicketHolder | null> {
    const parts = ticket.split('.');
    const office = parts[0] === OFFICE_VERSION;
    if (parts.length !== (office ? 6 : 5)) return null;
    const officeId = office ? (parts[2] ?? '') : undefined;
    const [version, ownerId, session, expires, signature] = (
      office ? [parts[0], parts[1], parts[3], parts[4], parts[5]] : parts
    ) as [string, string, string, string, string];
    if (version !== (office ? OFFICE_VERSION : VERSION) || !UUID.test(ownerId) || !/^\d{1,16}$/.test(session))
      return null;
    if (!/^\d{1,12}$/.test(expires) || (officeId !== undefined && !UUID.test(officeId))) return null;
    const expected = Buffer.from(this.sign(parts.slice(0, -1).join('.')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(expires) * 1000 <= now.getTime()) return null;
    const current = await this.sessionVersions([ownerId]);
    if (current.get(ownerId) !== Number(session)) return null;
    return officeId
      ? { ownerId, sessionVersion: Number(session), officeId }
      : { ownerId, sessionVersion: Number(session) };
  }

  /** The current session version of each owner that still has a credential (one query for all). */
  async sessionVersions(ownerIds: readonly string[]): Promise<Map<string, number>> {
    if (ownerIds.length === 0) return new Map();
    const { rows } = await this.pool.query<{ user_id: string; version: string }>(
      `SELECT user_id, floor(extract(epoch FROM tokens_valid_after) * 1000)::bigint::text AS version
         FROM account_credentials WHERE user_id = ANY($1::uuid[])`,
      [[...new Set(ownerIds)]],
    );
    return new Map(rows.map((row) => [row.user_id, Number(row.version)]));
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
