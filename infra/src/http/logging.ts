import type { FastifyServerOptions } from 'fastify';

/**
 * Request logs name the method and path only: never the client's address, query strings (they may
 * carry tokens) or headers. pino's default request serializer would log remoteAddress.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    serializers: {
      req(request: { method?: string; url?: string; id?: string }) {
        return { id: request.id, method: request.method, path: (request.url ?? '').split('?')[0] };
      },
      res(reply: { statusCode?: number }) {
        return { statusCode: reply.statusCode };
      },
    },
    redact: { paths: ['req.headers', 'req.remoteAddress', 'req.ip', 'ip', 'hostname'], remove: true },
  };
}
