import type { FastifyInstance, FastifySchema, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Person } from '@kartvizit/schemas/access';
import { mayReachRoute, mustSetUpSecondStep } from '@kartvizit/schemas/access';
import {
  DomainError,
  MESSAGES,
  SECOND_STEP_SETUP_FIELD,
  apiTokenScopeMissingMessage,
  forbiddenError,
  unauthenticatedError,
  type ApiTokenScope,
} from '@kartvizit/schemas';
import { presentedApiToken } from '../auth/api-tokens.ts';
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
    /**
     * The personal API token scope an owner route needs (issue 35, decision 67), or `false`: no token may reach it (the
     * account's security, its password, sessions, the tokens themselves, offices' administration…). A session reaches
     * every owner route whatever this says; a token only the routes whose scope it holds. Every owner route says which
     * (tests/http/api-token-scopes.int.spec.ts walks them); one that says nothing is closed to tokens.
     */
    readonly scope?: ApiTokenScope | false;
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
          const token = presentedApiToken(request.headers.authorization) !== null;
          done(unauthenticatedError(token ? MESSAGES.apiTokenInvalid : MESSAGES.sessionExpired));
          return;
        }
        // One policy (access.ts): a personal API token reaches only the routes whose scope it holds.
        const { scope } = request.routeOptions.config;
        if (!mayReachRoute(person, scope)) {
          done(forbiddenError(scope ? apiTokenScopeMissingMessage(scope) : MESSAGES.apiTokenRouteClosed));
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
    if (!route.config?.owner) return;
    prependRouteHook(route, 'preHandler', hook);
    describeScope(route);
  });
}

/**
 * What the OpenAPI document says of an owner route (issue 35): a session's bearer token, or a personal API token with
 * the scope the route needs (`apiToken: [scope]`), a line of its description, and `x-api-token-scope` (the scope,
 * `false`: closed to tokens, `null`: the route does not say, so it is closed too).
 */
function describeScope(route: RouteOptions): void {
  const scope = route.config?.scope;
  const line =
    typeof scope === 'string'
      ? `Kişisel API anahtarıyla kullanılabilir; gereken yetki: \`${scope}\`.`
      : 'Kişisel API anahtarıyla kullanılamaz; yalnızca oturumla.';
  const schema = route.schema ?? {};
  const description = typeof schema.description === 'string' ? `${schema.description}\n\n${line}` : line;
  const described: FastifySchema & Record<`x-${string}`, unknown> = {
    ...schema,
    description,
    security: typeof scope === 'string' ? [{ bearer: [] }, { apiToken: [scope] }] : [{ bearer: [] }],
    'x-api-token-scope': scope ?? null,
  };
  route.schema = described;
}
