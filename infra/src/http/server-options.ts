import type { FastifyServerOptions } from 'fastify';
import { lazyRequestLogger, loggerOptions } from './logging.ts';
import { handleError } from './error-handler.ts';
import { answerClientError } from './client-errors.ts';
import { securityHeadersOutsideRoutes } from './security-headers.ts';

/**
 * Longer than Node's whole request head may be (16 KB), so the router never cuts a parameter
 * short: every path parameter reaches its route, whose schema or parser answers 400 or 404 in
 * Turkish (a 10 KB card id is an unknown card, not a '414'). Too long a URL is refused by Node's
 * parser first and answered in client-errors.ts.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Options every Fastify instance of the product shares. Validation is strict: no type coercion
 * (a number is not an e-mail address) and unknown fields are refused rather than silently dropped.
 * Query strings are declared as strings and parsed by the route. Errors raised before routing
 * (malformed URL) and by Node's parser (oversized head) are answered in the one error shape,
 * with the security headers every other answer carries.
 */
export function serverOptions(options: {
  readonly logLevel: string;
  readonly trustProxy?: boolean;
  readonly bodyLimit?: number;
  /** PUBLIC_BASE_URL: decides HSTS on the answers written outside routes. */
  readonly publicBaseUrl: string;
}): FastifyServerOptions {
  const headers = securityHeadersOutsideRoutes({ publicBaseUrl: options.publicBaseUrl });
  return {
    logger: loggerOptions(options.logLevel),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: options.trustProxy ?? false,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Requests arriving while the server drains are answered by plumbing.ts in our shape, not by
    // Fastify's English 503.
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => {
      handleError(error, request, reply.headers(headers));
    },
    clientErrorHandler: answerClientError(headers),
  };
}
