import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
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

/**
 * A body's bytes as text; bytes that are not UTF-8 get the refusal NUL gets (decision 52). A decoder would turn each
 * into U+FFFD and the request would store '����' where the person typed something else: refused before parsing, so
 * nothing is stored. JSON is UTF-8 by definition (RFC 8259), and so is every text body the product takes.
 */
export function utf8Body(bytes: Buffer): string {
  if (!isUtf8(bytes)) throw unsafeTextError('');
  return bytes.toString('utf8');
}

/**
 * U+FFFD in a multipart field: busboy has already decoded the field (a part may name its own charset, so its bytes
 * cannot be checked here), and U+FFFD is what it wrote for bytes that were not text. No keyboard types it either.
 */
export function refuseReplacementCharacter(value: Record<string, string>): void {
  for (const [field, text] of Object.entries(value)) if (text.includes('\uFFFD')) throw unsafeTextError(field);
}

type BodyDone = (error: Error | null, body?: unknown) => void;

/**
 * A JSON body parser that reads bytes, refuses what is not UTF-8, then parses as Fastify's own parser does (prototype
 * poisoning refused). `emptyBody` answers an empty body (Fastify's parser: a 400; the beacons: no body).
 */
export function utf8JsonParser(
  app: FastifyInstance,
  options: { readonly emptyBody?: 'refuse' | 'undefined'; readonly constructorPoisoning?: 'error' | 'ignore' } = {},
): (request: FastifyRequest, body: Buffer, done: BodyDone) => void {
  // Fastify's defaults for application/json: `__proto__` refused, `constructor` left alone.
  const parseJson = app.getDefaultJsonParser('error', options.constructorPoisoning ?? 'ignore');
  return (request, body, done) => {
    if (body.length === 0 && options.emptyBody === 'undefined') {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8Body(body);
    } catch (error) {
      done(error as Error);
      return;
    }
    void parseJson(request, text, done);
  };
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
  // Every JSON and text body is read as bytes and refused unless it is UTF-8 (decision 52); Fastify's own parsers would
  // decode it first and turn what is not text into U+FFFD. Multipart fields are checked where they are read.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, utf8JsonParser(app));
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body: Buffer, done: BodyDone) => {
    try {
      done(null, utf8Body(body));
    } catch (error) {
      done(error as Error);
    }
  });
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
