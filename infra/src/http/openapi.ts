import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { API_TOKEN_SCOPES } from '@kartvizit/schemas';

/**
 * OpenAPI description built from the routes' own schemas, served at /api/openapi.json by the
 * process that registers it. Route schemas carry a tag named after their feature.
 */
export async function registerOpenApi(app: FastifyInstance, title: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title, version: '0.1.0', description: 'Dijital Kartvizit API' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Oturum anahtarı (giriş yapınca).',
          },
          // Issue 35: the scope an operation needs is named in its requirement (`apiToken: ['leads:read']`).
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'kv_pat_…',
            description: `Kişisel API anahtarı (Entegrasyonlar → Kişisel API Anahtarları). Yetkiler: ${API_TOKEN_SCOPES.join(', ')}.`,
          },
        },
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
