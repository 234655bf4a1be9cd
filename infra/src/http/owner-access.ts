import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Person } from '@kartvizit/schemas/access';
import { mustSetUpSecondStep } from '@kartvizit/schemas/access';
import { DomainError, MESSAGES, SECOND_STEP_SETUP_FIELD, unauthenticatedError } from '@kartvizit/schemas';
import { prependRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An owner route: only a signed-in person reaches its handler, as `request.person`. */
    readonly owner?: boolean;
    /**
     * An owner route a member must reach before their office's required second step is set up (issue 34): the
     * account's security, its sessions, signing out, the KVKK rights. Every other owner route answers 403 until then.
     */
    readonly beforeSecondStep?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in person on an owner route (`config.owner`); never read on a public route. */
    person: Person;
  }
}

/**
 * Who a session's Authorization header names, with the office they are in now, or null (absent, malformed, expired,
 * signed out).
 */
export type Authenticate = (authorization: string | undefined) => Promise<Person | null>;

/**
 * The owner hook (decision 59), registered once per service: every route declaring `config: { owner: true }` first
 * authenticates the session and puts the person on the request, or answers the 401 that makes the web sign out.
 * Handlers never authenticate themselves. It runs as the route's first preHandler, where each handler's own check
 * ran before: after the content type, body limit, rate limit and schema (415/413/429/400 keep coming first) and
 * before read-your-writes waits, so every answer keeps its precedence.
 */
export function registerOwnerAccess(app: FastifyInstance, authenticate: Authenticate): void {
  const hook: preHandlerHookHandler = (request, _reply, done) => {
    authenticate(request.headers.authorization).then(
      (person) => {
        if (!person) {
          done(unauthenticatedError(MESSAGES.sessionExpired));
          return;
        }
        request.person = person;
        // One policy (access.ts): a member whose office requires a second step sets one up before anything else.
        if (mustSetUpSecondStep(person) && !request.routeOptions.config.beforeSecondStep) {
          done(new DomainError('forbidden', MESSAGES.secondStepSetupRequired, SECOND_STEP_SETUP_FIELD));
          return;
        }
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
  // Declared up front (undefined until the hook runs) so every request object keeps one shape.
  app.decorateRequest('person');
  app.addHook('onRoute', (route) => {
    if (route.config?.owner) prependRouteHook(route, 'preHandler', hook);
  });
}
