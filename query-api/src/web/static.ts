import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from '@kartvizit/infra/http/error-handler';
import { prependRouteHook } from '@kartvizit/infra/http/route-hooks';
import { WEB_APP_PATHS } from '@kartvizit/schemas/web-routes';

/** Longest file name the file systems we run on allow (NAME_MAX); a longer path segment names no file. */
const NAME_MAX = 255;

function namesNoFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.split('/').some((segment) => segment.length > NAME_MAX);
}

/**
 * Serves the built React app. Hashed assets are cached for a year; every other file (index.html, the service worker
 * sw.js and the web app manifest of issue 17) is revalidated on each use ('no-cache'), so a new build is found on the
 * next visit. The web app's own addresses (WEB_APP_PATHS, the router's list, matched by Fastify's router) get
 * index.html with 200; every other path that is not an API call or a file gets it with 404, so the client router shows
 * its 404 page and the status says the same (crawlers, link checkers, monitoring).
 */
export async function serveWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  // @fastify/static cannot tell whether such a name exists (the file system says ENAMETOOLONG) and
  // answers 403; it is simply not a file: the same answer as any other path that is not one. Its wildcard route's own
  // hook, added before @fastify/static adds the route, so no other route passes through it.
  app.addHook('onRoute', (route) => {
    if (route.url !== '/*') return;
    prependRouteHook(route, 'onRequest', (request, reply, done) => {
      if (namesNoFile(request.url)) {
        reply.callNotFound();
        return;
      }
      done();
    });
  });
  await app.register(fastifyStatic, {
    root: distDir,
    // Looked up per request, so a fresh `vite build` is served without a restart.
    wildcard: true,
    // '/' is the app shell too (a directory request would otherwise be a 403).
    index: ['index.html'],
    // The build stores each text file compressed beside it (.br, .gz; web/vite.config.ts): sent as stored.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  for (const path of WEB_APP_PATHS) {
    // An address the server answers itself ('/demo' goes straight to the sample card) keeps its own answer.
    if (app.hasRoute({ method: 'GET', url: path })) continue;
    app.get(path, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // API calls, missing assets and anything that looks like a file get a real 404, not the app shell.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      isFile ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendNotFound(reply);
    }
    return reply.code(404).header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
