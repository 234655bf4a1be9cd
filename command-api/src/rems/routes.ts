import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type pg from 'pg';
import {
  errorAnswers,
  MESSAGES,
  REMS_KEY_FAILURE_REASONS,
  RemoveRemsKeyResponse,
  RemsRegistrationParams,
  RetryRemsKeyFailuresResponse,
  RetryRemsRegistrationResponse,
  notFoundError,
  remsRegistrationStreamId,
  remsRetryAllStartedMessage,
  SaveRemsKeyBody,
  SaveRemsKeyResponse,
  remsStreamId,
  conflictError,
  DomainError,
} from '@kartvizit/schemas';
import { RM_REMS_REGISTRATIONS } from '@kartvizit/infra/read-models/contract';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';
import { remsDecider } from './decider.ts';
import { checkRemsKey } from './key-check.ts';
import { remsKeyFor } from './keys.ts';
import type { Person } from '@kartvizit/schemas/access';
import { remsRegistrationDecider } from './registration-decider.ts';
import { succeeded } from '@kartvizit/infra/http/answers';
import { UUID_PATTERN as UUID } from '@kartvizit/schemas/ids';

const TAG = ['rems'];
const ERRORS = errorAnswers(400, 401, 404, 409, 413, 415, 429, 503);

/** At most this many registrations are sent again by one 'retry-key-failures' (the screen offers the rest after). */
const RETRY_ALL_LIMIT = 500;

export interface RemsRouteSettings {
  /** The registrations' read model, to find which of an owner's registrations failed for want of a key. */
  readonly pool: pg.Pool;
  /** Whether the lead of a registration (same id) was deleted, its visitor erased (lead/reader.ts). */
  readonly leadErased: (leadId: string) => Promise<boolean>;
}

/** The owner's registrations that failed for want of a working key, oldest first, as the read model has them. */
async function keyFailures(pool: pg.Pool, ownerId: string): Promise<{ registration_id: string }[]> {
  try {
    const result = await pool.query<{ registration_id: string }>(
      `SELECT registration_id FROM ${RM_REMS_REGISTRATIONS}
        WHERE owner_id = $1 AND status = 'failed' AND failure_reason = ANY($2::text[])
        ORDER BY created_at, registration_id LIMIT $3`,
      [ownerId, REMS_KEY_FAILURE_REASONS, RETRY_ALL_LIMIT],
    );
    return result.rows;
  } catch (error) {
    // The read model's first generation is not built yet: nothing of the owner's is known to have failed.
    if ((error as { code?: unknown }).code === '42P01') return [];
    throw error;
  }
}

/** 503: the server has no REMS set up, or REMS could not answer (then with the wait before trying again). */
export function unavailable(reply: FastifyReply, message: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(503).send({ success: false, message });
}

/**
 * The owner's REMS key (SPEC §7 REMS, issue 14): saved only once it starts with rems_ and REMS
 * accepts it (`GET /api/v1/me`), removed on request. The key is sealed in the event by the codec
 * and never answered, logged or projected: answers carry its last 4 characters at most.
 */
export function remsRoutes(context: CommandContext, settings: RemsRouteSettings) {
  const { commands, rems, authRateLimit } = context;

  /**
   * One registration sent again, decided on its own stream: the key that would take it (its office's or its owner's,
   * remsKeyFor) is asked for the registration's own owner and office; the lead's stream says whether its visitor was
   * erased. Someone else's answers as unknown (404).
   */
  const retry = async (
    person: Person,
    registrationId: string,
    onlyReasons?: readonly (typeof REMS_KEY_FAILURE_REASONS)[number][],
  ): Promise<Checkpoint | null> => {
    const streamId = remsRegistrationStreamId(registrationId);
    const { state } = await commands.load(remsRegistrationDecider, streamId);
    const keyInForce = state.status !== 'none' && (await remsKeyFor(commands, state)) !== null;
    const visitorErased = await settings.leadErased(registrationId);
    const result = await commands.handle(
      remsRegistrationDecider,
      streamId,
      {
        type: 'RetryRemsRegistration',
        data: {
          registrationId,
          person,
          keyInForce,
          visitorErased,
          ...(onlyReasons ? { onlyReasons } : {}),
          now: new Date().toISOString(),
        },
      },
      { metadata: { actor: person.id } },
    );
    return result.position;
  };

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
        config: {
          owner: true,
          scope: false,
          messages: { missingField: MESSAGES.remsApiKeyRequired },
          rateLimit: authRateLimit,
        },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const checked = await checkRemsKey(rems, request.body.apiKey, request.log);
        if (checked.kind === 'unavailable') return unavailable(reply, checked.message, checked.retryAfterSeconds);
        const { apiKey, keyHint, remsAccountName } = checked;
        const result = await commands.handle(
          remsDecider,
          remsStreamId(ownerId),
          {
            type: 'SaveRemsKey',
            data: { ownerId, apiKey, keyHint, remsAccountName, now: new Date().toISOString() },
          },
          { metadata: { actor: ownerId } },
        );
        return succeeded({
          message: MESSAGES.remsApiKeySaved,
          keyHint,
          position: result.position ?? undefined,
        });
      },
    );

    api.delete(
      '/api/rems/remove-api-key',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: TAG,
          summary: 'REMS entegrasyonunu kaldır',
          security: [{ bearer: [] }],
          response: { 200: RemoveRemsKeyResponse, ...ERRORS },
        },
      },
      async (request) => {
        const ownerId = request.person.id;
        const result = await commands.handle(
          remsDecider,
          remsStreamId(ownerId),
          { type: 'RemoveRemsKey', data: { ownerId, now: new Date().toISOString() } },
          { metadata: { actor: ownerId } },
        );
        if (!result.position) throw new Error('A removed REMS key must have been recorded');
        return succeeded({ message: MESSAGES.remsIntegrationRemoved, position: result.position });
      },
    );

    // 'Tekrar Dene' on a failed registration of 'Son Kayıtlar': the delivery reactor sends it again, under the same
    // Idempotency-Key. Someone else's, or an unknown id, answers 404; one that is not failed, or no key in force, 409.
    api.post(
      '/api/rems/registrations/:registrationId/retry',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: TAG,
          summary: "Başarısız bir REMS kaydını yeniden gönder ('Tekrar Dene')",
          security: [{ bearer: [] }],
          params: RemsRegistrationParams,
          response: { 200: RetryRemsRegistrationResponse, ...ERRORS },
        },
      },
      async (request, reply) => {
        const registrationId = request.params.registrationId.toLowerCase();
        if (!UUID.test(registrationId)) throw notFoundError(MESSAGES.remsRegistrationNotFound);
        if (!rems) return unavailable(reply, MESSAGES.remsNotConfigured);
        const position = await retry(request.person, registrationId);
        if (!position) throw new Error('A retried REMS registration must have been recorded');
        return succeeded({ message: MESSAGES.remsRetryStarted, position });
      },
    );

    // After a key is saved again: every registration that failed for want of a working key, sent again at once. The
    // read model says which to look at; each one's own stream decides (one retried meanwhile is left alone).
    api.post(
      '/api/rems/registrations/retry-key-failures',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: TAG,
          summary: 'Anahtar yüzünden başarısız olan REMS kayıtlarının hepsini yeniden gönder',
          security: [{ bearer: [] }],
          response: { 200: RetryRemsKeyFailuresResponse, ...ERRORS },
        },
      },
      async (request, reply) => {
        const person = request.person;
        if (!rems) return unavailable(reply, MESSAGES.remsNotConfigured);
        // The owner's own key: what 'saving a key again' mends (an office's cards with the office's key are retried
        // one by one, each against the key that takes it).
        if ((await remsKeyFor(commands, { ownerId: person.id })) === null)
          throw conflictError(MESSAGES.remsRetryNeedsKey);
        const rows = await keyFailures(settings.pool, person.id);
        let retried = 0;
        let position: Checkpoint | null = null;
        for (const row of rows) {
          try {
            const at = await retry(person, row.registration_id, REMS_KEY_FAILURE_REASONS);
            if (at) {
              retried += 1;
              position = at;
            }
          } catch (error) {
            // Retried, delivered or erased since the read model was written: nothing to send for this one.
            if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not_found')) continue;
            throw error;
          }
        }
        return succeeded({
          message: retried > 0 ? remsRetryAllStartedMessage(retried) : MESSAGES.remsRetryNothingToRetry,
          retried,
          ...(position ? { position } : {}),
        });
      },
    );
  };
}
