import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from './logging.ts';

/**
 * Options every Fastify instance of the product shares. Validation is strict: no type coercion
 * (a number is not an e-mail address) and unknown fields are refused rather than silently dropped.
 * Query strings are declared as strings and parsed by the route.
 */
export function serverOptions(options: { readonly logLevel: string; readonly trustProxy?: boolean; readonly bodyLimit?: number }): FastifyServerOptions {
  return {
    logger: loggerOptions(options.logLevel),
    trustProxy: options.trustProxy ?? false,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  };
}
