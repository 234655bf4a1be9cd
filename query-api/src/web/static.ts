import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from '@kartvizit/infra/http/error-handler';

/**
 * Serves the built React app. Hashed assets are cached for a year; every other path that is not
 * an API call gets index.html, so the client router can answer (including its 404 page).
 */
export async function serveWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return sendNotFound(reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
