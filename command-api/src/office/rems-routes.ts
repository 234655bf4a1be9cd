import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MESSAGES,
  OfficeIdParams,
  RemoveRemsKeyResponse,
  SaveRemsKeyBody,
  SaveRemsKeyResponse,
  errorAnswers,
  officeStreamId,
} from '@kartvizit/schemas';
import { ownOfficeId } from '@kartvizit/schemas/office/path';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { CommandContext } from '../core/context.ts';
import { checkRemsKey } from '../rems/key-check.ts';
import { unavailable } from '../rems/routes.ts';
import { administeredBy, officeDecider } from './decider.ts';

const TAG = ['office'];
const ERRORS = errorAnswers(400, 401, 403, 404, 413, 415, 429, 503);

/**
 * The office's REMS (issue 30, decision 61): one key for every office card, linked and removed by its admins.
 * `PUT /api/offices/{id}/rems {apiKey}` checks the key like a member's own (format, then REMS's yes) and saves it
 * sealed under the office's key; `DELETE` removes it, and the office's cards fall back to their holders' own keys.
 * A Danışman hears 403, anyone outside the office 404; the key is never answered, logged or projected.
 */
export function officeRemsRoutes(context: CommandContext) {
  const { commands, rems, authRateLimit } = context;

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.put(
      '/api/offices/:id/rems',
      {
        schema: {
          tags: TAG,
          summary: 'Ofisin REMS API anahtarını kaydet (tüm ofis kartları için)',
          security: [{ bearer: [] }],
          params: OfficeIdParams,
          body: SaveRemsKeyBody,
          response: { 200: SaveRemsKeyResponse, ...ERRORS },
        },
        // Each save asks REMS: limited per client like sign-in, so the route cannot be used to try keys.
        config: {
          owner: true,
          scope: false,
          messages: { missingField: MESSAGES.remsApiKeyRequired },
          rateLimit: authRateLimit,
        },
      },
      async (request, reply) => {
        const person = request.person;
        const streamId = officeStreamId(ownOfficeId(person, request.params.id));
        // Decided once before REMS is asked: a Danışman's attempt (403) costs REMS nothing.
        const before = await commands.load(officeDecider, streamId);
        administeredBy(before.state, person);
        const checked = await checkRemsKey(rems, request.body.apiKey, request.log);
        if (checked.kind === 'unavailable') return unavailable(reply, checked.message, checked.retryAfterSeconds);
        const { apiKey, keyHint, remsAccountName } = checked;
        const result = await commands.handle(
          officeDecider,
          streamId,
          {
            type: 'SaveOfficeRemsKey',
            data: { person, apiKey, keyHint, remsAccountName, now: new Date().toISOString() },
          },
          { metadata: { actor: person.id } },
        );
        return succeeded({ message: MESSAGES.remsApiKeySaved, keyHint, position: result.position ?? undefined });
      },
    );

    api.delete(
      '/api/offices/:id/rems',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: TAG,
          summary: 'Ofisin REMS bağlantısını kaldır',
          security: [{ bearer: [] }],
          params: OfficeIdParams,
          response: { 200: RemoveRemsKeyResponse, ...ERRORS },
        },
      },
      async (request) => {
        const person = request.person;
        const result = await commands.handle(
          officeDecider,
          officeStreamId(ownOfficeId(person, request.params.id)),
          { type: 'RemoveOfficeRemsKey', data: { person, now: new Date().toISOString() } },
          { metadata: { actor: person.id } },
        );
        if (!result.position) throw new Error('A removed office REMS key must have been recorded');
        return succeeded({ message: MESSAGES.remsIntegrationRemoved, position: result.position });
      },
    );
  };
}
