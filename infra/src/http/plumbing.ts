import type { FastifyInstance } from 'fastify';
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
  registerTextGuard(app);
}
