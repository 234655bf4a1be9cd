import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config/env.ts';
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
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's hop test, as Express reads a number: Fastify 5
 * treats a number as 'trust nothing', since a count cannot tell the proxy from a client that reached the service
 * directly; decision 50 says where a count is right (services that only the proxy reaches) and where a list is.
 */
function fastifyTrustProxy(trust: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return [...trust];
}

/**
 * Options every Fastify instance of the product shares. Validation is strict: no type coercion
 * (a number is not an e-mail address) and unknown fields are refused rather than silently dropped.
 * Query strings are declared as strings and parsed by the route. Errors raised before routing
 * (malformed URL) and by Node's parser (oversized head) are answered in the one error shape,
 * with the security headers every other answer carries.
 */
export function serverOptions(options: {
  readonly logLevel: string;
  /** TRUST_PROXY (decision 50): the proxies whose X-Forwarded-For entries name the client; unset: none. */
  readonly trustProxy?: TrustProxy;
  readonly bodyLimit?: number;
  /** PUBLIC_BASE_URL: decides HSTS on the answers written outside routes. */
  readonly publicBaseUrl: string;
}): FastifyServerOptions {
  const headers = securityHeadersOutsideRoutes({ publicBaseUrl: options.publicBaseUrl });
  return {
    logger: loggerOptions(options.logLevel),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
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
