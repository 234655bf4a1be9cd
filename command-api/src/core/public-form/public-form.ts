import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DomainError,
  LEAD_FORM_TOKEN_CLAIM,
  MESSAGES,
  conflictError,
  parseCardId,
  type LeadFormTokenUsed,
} from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { ConcurrencyError, type AppendRequest } from '@kartvizit/infra/event-store/types';
import { verifyFormToken } from '@kartvizit/infra/forms/form-token';
import type { CommandContext } from '../context.ts';
import type { PublicFormCard } from './rules.ts';
import { LeadSubmissionLimiter } from './submission-limiter.ts';

/** The card a form names, from the card's own stream (the card feature's `formCardReader`). */
export type FormCardReader = (cardId: string) => Promise<PublicFormCard>;

export interface PublicFormSettings {
  /** The form tokens the public page hands out are signed with a key derived from it. */
  readonly appSecret: Buffer;
  readonly readFormCard: FormCardReader;
}

/**
 * What the routes of the card's two public forms share ('Bilgilerini Paylaş' → POST /api/leads, 'Görüşme Planla' →
 * POST /api/rems/create-customer): a limit per client and card, the hidden field only a bot fills, the card read
 * from its own stream, and the card's single-use form token, claimed in the same write as what the form records so
 * that of concurrent replays exactly one is stored (docs/decisions/0014-leads-hardening.md). Each form has its own
 * counts: a visitor who sent one may still send the other.
 */
export function publicForm(context: CommandContext, settings: PublicFormSettings) {
  const { codec, claimStreamId } = context;
  const formTokenKey = deriveKey(settings.appSecret, 'form-tokens');
  const limiter = new LeadSubmissionLimiter();

  return {
    /** The Turkish 429, with Retry-After, when this client has sent this card too many. */
    admit(request: FastifyRequest, reply: FastifyReply, rawCardId: string, now: Date): void {
      const limit = limiter.check(request.ip, rawCardId.trim(), now.getTime());
      if (limit.allowed) return;
      reply.header('retry-after', String(limit.retryAfterSeconds));
      throw new DomainError('rate_limited', MESSAGES.tooManyRequests);
    },

    /** True when the hidden field is filled: a bot, answered like anyone and recorded nowhere. */
    isBot(website: string | undefined): boolean {
      return (website ?? '').trim() !== '';
    },

    /** The card named by the form, from its own stream: a card deactivated a moment ago takes no more forms. */
    async card(rawCardId: string): Promise<{ readonly cardId: string; readonly card: PublicFormCard }> {
      const parsed = parseCardId(rawCardId);
      return parsed.ok
        ? { cardId: parsed.cardId, card: await settings.readFormCard(parsed.cardId) }
        : { cardId: rawCardId, card: { active: false, ownerId: null } };
    },

    /**
     * The form's token: its verdict for the decider, the claim to append with what the form records (none for a
     * token that is not ours), and the answer to a write that lost the token to another: 'already sent' (409).
     */
    token(formToken: string | undefined, rawCardId: string, now: Date) {
      const checked = verifyFormToken(formTokenKey, formToken ?? '', rawCardId, now);
      const claimStream = checked.verdict === 'ok' ? claimStreamId(LEAD_FORM_TOKEN_CLAIM, checked.tokenId) : null;
      return {
        verdict: checked.verdict,
        async claim(leadId: string): Promise<AppendRequest[]> {
          if (claimStream === null) return [];
          const used: LeadFormTokenUsed = { type: 'LeadFormTokenUsed', data: { leadId, usedAt: now.toISOString() } };
          return [
            { streamId: claimStream, expected: 'no_stream', events: [await codec.encode(used, { actor: 'visitor' })] },
          ];
        },
        /** Rethrows `error`, as 'already sent' when it is the token's claim that was taken meanwhile. */
        refuse(error: unknown): never {
          if (error instanceof ConcurrencyError && claimStream !== null && error.streamId === claimStream) {
            throw conflictError(MESSAGES.leadFormAlreadySent, 'formToken');
          }
          throw error;
        },
      };
    },
  };
}
