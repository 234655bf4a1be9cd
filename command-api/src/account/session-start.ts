import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  accountStreamId,
  MESSAGES,
  TOKEN_TTL_SECONDS,
  unauthenticatedError,
  type SignInMethod,
  type User,
} from '@kartvizit/schemas';
import { describeDevice } from '@kartvizit/infra/telemetry/user-agent';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';
import { accountDecider, type AccountState } from './decider.ts';
import type { AccountTools } from './tools.ts';

/** The account as a sign-in answer names it. */
export function toUser(state: AccountState): User {
  if (state.status !== 'registered') throw unauthenticatedError(MESSAGES.accountNotFound);
  return {
    id: state.userId,
    email: state.email,
    firstName: state.firstName,
    lastName: state.lastName,
    createdAt: state.registeredAt,
  };
}

export interface StartedSession {
  readonly token: string;
  readonly sessionId: string;
  readonly state: AccountState;
  readonly position: string | null;
}

export interface SessionRequest {
  readonly userId: string;
  readonly method: SignInMethod;
  /** The browser carried no device token of this account: the owner is told of the sign-in. */
  readonly newDevice: boolean;
  readonly passkeyId?: string | null;
}

/**
 * Every successful sign-in becomes a session (issue 34): its row first (what the token is checked against), then
 * SessionStarted with what the product keeps of a visit (device class, browser, OS, country, city; never the
 * address), then the token naming it. If the event cannot be written, the row goes and no token is given.
 */
export function sessionStarter(context: CommandContext, tools: AccountTools) {
  return async function startSession(request: FastifyRequest, session: SessionRequest): Promise<StartedSession> {
    const credential = await tools.credentials.find(session.userId);
    if (!credential) throw unauthenticatedError(MESSAGES.sessionExpired);
    // Real time, whatever a test clock says: the token's iat must be now.
    const now = new Date();
    const sessionId = randomUUID();
    const userAgent = request.headers['user-agent'] ?? '';
    const [place] = await Promise.all([
      tools.geo.locate(request.ip),
      tools.sessions.start(session.userId, sessionId, now, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000)),
    ]);
    const device = describeDevice(userAgent);
    let result: { state: AccountState; position: Checkpoint | null };
    try {
      result = await context.commands.handle(
        accountDecider,
        accountStreamId(session.userId),
        {
          type: 'StartSession',
          data: {
            sessionId,
            method: session.method,
            passkeyId: session.passkeyId ?? null,
            device: device.device,
            browser: device.browser,
            os: device.os,
            country: place.country,
            city: place.city,
            newDevice: session.newDevice,
            now: now.toISOString(),
          },
        },
        { metadata: { actor: session.userId } },
      );
    } catch (error) {
      await tools.sessions.discard(sessionId);
      throw error;
    }
    const token = await tools.tokens.issue(session.userId, sessionId, credential.tokensValidAfter, now);
    return { token, sessionId, state: result.state, position: result.position ?? null };
  };
}
