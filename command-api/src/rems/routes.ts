import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  MESSAGES,
  RemoveRemsKeyResponse,
  SaveRemsKeyBody,
  SaveRemsKeyResponse,
  normaliseRemsApiKey,
  remsApiKeyProblem,
  remsKeyHint,
  remsStreamId,
  validationError,
} from '@kartvizit/schemas';
import type { CommandContext } from '../core/context.ts';
import { remsDecider } from './decider.ts';

const TAG = ['rems'];
const ERRORS = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};

/** How long the screen is asked to wait before trying again when REMS could not answer. */
export const REMS_RETRY_AFTER_SECONDS = 30;

function unavailable(reply: FastifyReply, message: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(503).send({ success: false, message });
}

/**
 * The owner's REMS key (SPEC §7 REMS, issue 14): saved only once it starts with rems_ and REMS
 * accepts it (`GET /api/v1/me`), removed on request. The key is sealed in the event by the codec
 * and never answered, logged or projected: answers carry its last 4 characters at most.
 */
export function remsRoutes(context: CommandContext) {
  const { commands, rems, authRateLimit } = context;

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/rems/save-api-key',
      {
        schema: {
          tags: TAG,
          summary: 'REMS API anahtarını kaydet',
          description: 'The key must start with rems_ and be accepted by REMS; answers only its last 4 characters.',
          security: [{ bearer: [] }],
          body: SaveRemsKeyBody,
          response: { 200: SaveRemsKeyResponse, ...ERRORS },
        },
        // Each save asks REMS: limited per client like sign-in, so the route cannot be used to try keys.
        config: { messages: { missingField: MESSAGES.remsApiKeyRequired }, rateLimit: authRateLimit },
      },
      async (request, reply) => {
        const ownerId = await context.requireUser(request);
        const problem = remsApiKeyProblem(request.body.apiKey);
        if (problem) throw validationError(problem, 'apiKey');
        const apiKey = normaliseRemsApiKey(request.body.apiKey);
        if (!rems) return unavailable(reply, MESSAGES.remsNotConfigured);

        const check = await rems.verifyKey(apiKey);
        switch (check.kind) {
          case 'valid':
            break;
          case 'refused':
            throw validationError(MESSAGES.remsApiKeyRefused, 'apiKey');
          case 'unavailable':
            // A short code of the adapter's own (timeout, ECONNREFUSED, http_503): never the key.
            request.log.warn({ rems: check.reason }, 'REMS could not check an API key');
            return unavailable(reply, MESSAGES.remsUnavailable, REMS_RETRY_AFTER_SECONDS);
          default: {
            const unknown: never = check;
            return unknown;
          }
        }

        const keyHint = remsKeyHint(apiKey);
        const result = await commands.handle(
          remsDecider,
          remsStreamId(ownerId),
          {
            type: 'SaveRemsKey',
            data: { ownerId, apiKey, keyHint, remsAccountName: check.account.name, now: new Date().toISOString() },
          },
          { metadata: { actor: ownerId } },
        );
        return {
          success: true as const,
          message: MESSAGES.remsApiKeySaved,
          keyHint,
          position: result.position ?? undefined,
        };
      },
    );

    api.delete(
      '/api/rems/remove-api-key',
      {
        schema: {
          tags: TAG,
          summary: 'REMS entegrasyonunu kaldır',
          security: [{ bearer: [] }],
          response: { 200: RemoveRemsKeyResponse, ...ERRORS },
        },
      },
      async (request) => {
        const ownerId = await context.requireUser(request);
        const result = await commands.handle(
          remsDecider,
          remsStreamId(ownerId),
          { type: 'RemoveRemsKey', data: { ownerId, now: new Date().toISOString() } },
          { metadata: { actor: ownerId } },
        );
        if (!result.position) throw new Error('A removed REMS key must have been recorded');
        return { success: true as const, message: MESSAGES.remsIntegrationRemoved, position: result.position };
      },
    );
  };
}
