import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse } from '@kartvizit/schemas';
import { isValidBlobKey } from '@kartvizit/infra/blob/types';
import { sendNotFound } from '@kartvizit/infra/http/error-handler';
import type { SecurityHeaderOverrides } from '@kartvizit/infra/http/security-headers';
import type { QueryContext } from '../core/context.ts';

// No length limit here: a key too long to be one is simply not found (isValidBlobKey).
const MediaParams = Type.Object({ '*': Type.String() });

const MEDIA_SECURITY_HEADERS: SecurityHeaderOverrides = {
  // Opened directly, the file is a sandboxed document that may run nothing.
  contentSecurityPolicy: { 'default-src': ["'none'"], sandbox: [], 'frame-ancestors': ["'none'"] },
  // Public images (the card's photo, its Open Graph image) may be shown by other sites and apps.
  crossOriginResourcePolicy: 'cross-origin',
};

/**
 * Uploaded files at /media/<key>. Keys are content-addressed (the hash is in the name), so an
 * answer never changes and is cached for a year. Registered inside queryApi, before the web app's
 * fallback, so a missing file is a real 404 and never the app shell.
 */
export function mediaQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const notFound = (reply: FastifyReply) => sendNotFound(reply.header('cache-control', 'no-store'));

    // Not typed through the TypeBox provider: the answer is a file stream, not a JSON schema.
    // GET and HEAD declared together: Fastify's generated HEAD route would answer content-length 0.
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/media/*',
      schema: {
        tags: ['media'],
        summary: 'Yüklenen dosya (profil resimleri)',
        params: MediaParams,
        response: { 404: ErrorResponse },
      },
      config: { securityHeaders: MEDIA_SECURITY_HEADERS },
      handler: async (request, reply) => {
        const key = request.params['*'];
        // The key is checked before it reaches the store: no '..', no '/', no escapes, lower case only.
        if (!context.blobs || !isValidBlobKey(key)) return notFound(reply);
        const object = await context.blobs.get(key);
        if (!object) return notFound(reply);
        reply
          .header('content-type', object.contentType)
          .header('content-length', object.size)
          .header('cache-control', 'public, max-age=31536000, immutable');
        if (request.method === 'HEAD') {
          object.body.destroy();
          return reply.send();
        }
        return reply.send(object.body);
      },
    });

    app.get('/media', { schema: { hide: true } }, async (_request, reply) => notFound(reply));
  };
}
