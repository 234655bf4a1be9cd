import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

/**
 * OpenAPI description built from the routes' own schemas, served at /api/openapi.json by the
 * process that registers it. Route schemas carry a tag named after their feature.
 */
export async function registerOpenApi(app: FastifyInstance, title: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title, version: '0.1.0', description: 'Dijital Kartvizit API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
