import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@kartvizit/schemas';
import { registerErrorHandling } from './error-handler.ts';
import { securityHeaderPolicies, type SecurityHeaderSettings } from './security-headers.ts';
import { registerTextGuard } from './text-guard.ts';

/**
 * What every Fastify instance of the product registers before its routes (command-api,
 * query-api and the all-in-one process alike): the one error handler, the security headers on
 * every answer, and the guard that keeps unusable text away from PostgreSQL.
 */
export function registerHttpPlumbing(app: FastifyInstance, settings: SecurityHeaderSettings): void {
  registerErrorHandling(app);
  const securityHeaders = securityHeaderPolicies(app, settings);
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // One callback hook for what every answer needs, the card page's revalidations too: each app-wide hook costs every
  // request a turn of Fastify's hook runner (docs/decisions/0020), so the security headers and the drain answer share it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders(request));
    if (!draining) {
      done();
      return;
    }
    // While the server drains (SIGTERM, a deploy), requests still arriving on kept-alive connections are refused before
    // any work: 503 with Retry-After, so the card page's beacon and the web app try again, and the connection closed so
    // the client's next try reaches a live instance.
    void reply
      .code(503)
      .header('retry-after', '5')
      .header('connection', 'close')
      .send({ success: false, message: MESSAGES.shuttingDown });
  });
  registerTextGuard(app);
}
