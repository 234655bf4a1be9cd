import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { prependRouteHook } from './route-hooks.ts';
import { MESSAGES, validationError, type DomainError } from '@kartvizit/schemas';

// With the u flag a surrogate pair is one code point: only an unpaired half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * NUL and unpaired surrogates: PostgreSQL refuses both in text and jsonb (the query fails, the
 * request would answer 500), no keyboard produces them, and a surrogate half is no character.
 */
export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * Whether a parsed value holds an unsafe string or key anywhere: null when everything is safe,
 * else the top-level field it sits under ('' for the value itself or a list), as schema errors
 * name their field. Walked without recursion, so deeply nested JSON cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const pending: Array<readonly [unknown, string]> = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, field] = next;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return field;
      continue;
    }
    // Bytes (a Buffer body) are not text; only what a parser turned into strings is.
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (Array.isArray(current)) {
      for (const item of current as unknown[]) pending.push([item, field]);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (!isSafeText(key)) return field;
      pending.push([item, current === value ? key : field]);
    }
  }
  return null;
}

function unsafeTextError(field: string): DomainError {
  return validationError(MESSAGES.unsafeCharacters, field || undefined);
}

/** For text a route reads itself (multipart fields, as `{ name: value }`): the hook's refusal. */
export function refuseUnsafeText(value: unknown): void {
  const path = findUnsafeText(value);
  if (path !== null) throw unsafeTextError(path);
}

/**
 * The one place where user text is checked before anything can hand it to PostgreSQL: path
 * parameters, the query string and the parsed body of every API route, before schema validation
 * (so nothing is appended or looked up). A refusal is a 400 naming the field. Pages and files
 * (/p/{cardId}, /media/{key}, the web app) take only an id or a key, which their routes match
 * against a strict pattern before any lookup, and answer an address that is none with their 404; so do API
 * addresses no route matches. The guard is each API route's own first preValidation hook (added as the route is), so
 * the card page's hot path does not pass through it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  const guard: preValidationHookHandler = (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnsafeText(part);
      if (path !== null) {
        done(unsafeTextError(path));
        return;
      }
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) prependRouteHook(route, 'preValidation', guard);
  });
}
