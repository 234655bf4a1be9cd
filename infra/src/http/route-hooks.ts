import type { onRequestHookHandler, preHandlerHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';

/** The hooks a route is given this way, each with Fastify's handler type. */
interface RouteHooks {
  readonly onRequest: onRequestHookHandler;
  readonly preValidation: preValidationHookHandler;
  readonly preHandler: preHandlerHookHandler;
}
type HookName = keyof RouteHooks;

/**
 * Gives one route a hook of its own, ahead of the hooks the route declares (where an app-wide hook would have run), from
 * an `onRoute` hook. For what only some routes need (the text guard on /api/, read-your-writes where a route reads
 * projections): an app-wide hook runs on every request of every route, the card page's revalidations too, and each one
 * costs a 304 a measurable share of its CPU (docs/decisions/0020).
 */
export function prependRouteHook<Name extends HookName>(route: RouteOptions, name: Name, hook: RouteHooks[Name]): void {
  const own: unknown = route[name];
  const list: unknown[] = own === undefined ? [] : Array.isArray(own) ? own : [own];
  (route as Record<HookName, unknown>)[name] = [hook, ...list];
}
