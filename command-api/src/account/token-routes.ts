import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ApiTokenIdParams,
  CreateApiTokenBody,
  CreateApiTokenResponse,
  MESSAGES,
  RevokeApiTokenResponse,
  accountStreamId,
  errorAnswers,
  notFoundError,
} from '@kartvizit/schemas';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { CommandContext } from '../core/context.ts';
import { accountDecider, type AccountCommand } from './decider.ts';
import type { AccountTools } from './tools.ts';

const TAG = ['account'];
const ERRORS = errorAnswers(400, 401, 403, 404, 409, 413, 415);

/**
 * Personal API tokens (issue 35, decision 67). Like a session, a token's live side is a row the owner hook checks
 * (`api_tokens`, only its hash); the account's stream records that it was made and revoked. A row is written before its
 * event and revoked before its event, so a revocation takes effect at the token's next request even if the event were
 * never written. These routes are closed to tokens themselves (`scope: false`): a token never makes another.
 */
export function tokenRoutes(context: CommandContext, tools: AccountTools) {
  const { commands } = context;
  const { apiTokens } = tools;

  const decide = (userId: string, command: AccountCommand) =>
    commands.handle(accountDecider, accountStreamId(userId), command, { metadata: { actor: userId } });

  /** Decides without writing, so a refusal changes nothing outside the log either. */
  async function dryRun(userId: string, command: AccountCommand): Promise<void> {
    const { state } = await commands.load(accountDecider, accountStreamId(userId));
    accountDecider.decide(command, state);
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/tokens',
      {
        schema: {
          tags: TAG,
          summary: 'Kişisel API anahtarı oluştur (anahtar yalnızca bu yanıtta gösterilir)',
          body: CreateApiTokenBody,
          response: { 201: CreateApiTokenResponse, ...ERRORS },
        },
        config: { owner: true, scope: false, messages: { missingField: MESSAGES.fillAllFields } },
      },
      async (request, reply) => {
        const userId = request.person.id;
        const tokenId = randomUUID();
        const command = (now: Date): AccountCommand => ({
          type: 'CreateApiToken',
          data: { tokenId, ...request.body, now: now.toISOString() },
        });
        const now = tools.now();
        // Decided once without writing: a refusal makes no row, and the row takes the tidied scopes and expiry.
        const { state } = await commands.load(accountDecider, accountStreamId(userId));
        const event = accountDecider.decide(command(now), state)[0];
        if (event?.type !== 'ApiTokenCreated') throw notFoundError(MESSAGES.accountNotFound);
        const token = await apiTokens.issue(userId, tokenId, event.data.scopes, new Date(event.data.expiresAt), now);
        let result;
        try {
          result = await decide(userId, command(now));
        } catch (error) {
          await apiTokens.discard(tokenId);
          throw error;
        }
        reply.code(201);
        return succeeded({
          message: MESSAGES.apiTokenCreated,
          data: { id: tokenId, token },
          position: result.position ?? '',
        });
      },
    );

    api.delete(
      '/api/tokens/:id',
      {
        schema: {
          tags: TAG,
          summary: 'Kişisel API anahtarını iptal et',
          params: ApiTokenIdParams,
          response: { 200: RevokeApiTokenResponse, ...ERRORS },
        },
        config: { owner: true, scope: false },
      },
      async (request) => {
        const userId = request.person.id;
        const tokenId = request.params.id;
        if (!UUID_PATTERN.test(tokenId)) throw notFoundError(MESSAGES.apiTokenNotFound);
        const command = (now: Date): AccountCommand => ({
          type: 'RevokeApiToken',
          data: { tokenId, now: now.toISOString() },
        });
        await dryRun(userId, command(tools.now()));
        await apiTokens.revoke(userId, tokenId, tools.now());
        const result = await decide(userId, command(tools.now()));
        return succeeded({ message: MESSAGES.apiTokenRevoked, position: result.position ?? undefined });
      },
    );
  };
}
