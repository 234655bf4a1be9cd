import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@kartvizit/schemas';
import { registerErrorHandling } from './error-handler.ts';
import { registerSecurityHeaders, type SecurityHeaderSettings } from './security-headers.ts';
import { registerTextGuard } from './text-guard.ts';

/**
 * What every Fastify instance of the product registers before its routes (command-api,
 * query-api and the all-in-one process alike): the one error handler, the security headers on
 * every answer, and the guard that keeps unusable text away from PostgreSQL.
 */
export function registerHttpPlumbing(app: FastifyInstance, settings: SecurityHeaderSettings): void {
  registerErrorHandling(app);
  registerSecurityHeaders(app, settings);
  registerDrainAnswer(app);
  registerTextGuard(app);
}

/**
 * While the server drains (SIGTERM, a deploy), requests still arriving on kept-alive connections
 * are refused before any work: 503 with Retry-After, so the card page's beacon and the web app
 * try again, and the connection closed so the client's next try reaches a live instance.
 */
function registerDrainAnswer(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // A callback hook: on every request of the hot paths it must cost nothing, not a promise.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) {
      done();
      return;
    }
    void reply
      .code(503)
      .header('retry-after', '5')
      .header('connection', 'close')
      .send({ success: false, message: MESSAGES.shuttingDown });
  });
}
