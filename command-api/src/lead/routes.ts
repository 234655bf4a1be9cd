import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ChangeLeadNoteBody,
  ChangeLeadStatusBody,
  DeleteLeadResponse,
  DomainError,
  ErrorResponse,
  LEAD_NOTICE_VERSION,
  LeadFollowUpResponse,
  LeadParams,
  MESSAGES,
  SubmitLeadBody,
  SubmitLeadResponse,
  VALIDATION_MESSAGES,
  leadStreamId,
  notFoundError,
  validationError,
} from '@kartvizit/schemas';
import type { Person } from '@kartvizit/schemas/access';
import type { CommandContext } from '../core/context.ts';
import { leadDecider, mayChangeLead, type ChangeLeadNote, type ChangeLeadStatus, type DeleteLead } from './decider.ts';
import { publicForm, type PublicFormSettings } from '../core/public-form/public-form.ts';
import { succeeded } from '@kartvizit/infra/http/answers';
import { UUID_PATTERN_ANY_CASE as UUID } from '@kartvizit/schemas/ids';

export type LeadRouteSettings = PublicFormSettings;

const TAG = ['lead'];
/** The form is a few short fields; anything much bigger is not a person typing. */
const SUBMIT_BODY_LIMIT = 16 * 1024;

/**
 * The follow-up routes validate with `attachValidation` so that a wrong shape is answered in the
 * route's own Turkish words ('Geçerli bir durum seçin', 'Not metin olarak gönderilmelidir') rather
 * than a message naming the JSON key; a malformed lead id is just an unknown lead (404).
 */
function refuseInvalidFollowUp(request: FastifyRequest, field: 'status' | 'note', message: string): void {
  const error = request.validationError;
  if (!error) return;
  if (error.validationContext === 'params') throw notFoundError(MESSAGES.leadNotFound);
  const problems = (error as { validation?: readonly { keyword?: string; params?: Record<string, unknown> }[] })
    .validation;
  const first = problems?.[0];
  const extra = first?.keyword === 'additionalProperties' ? first.params?.additionalProperty : undefined;
  if (typeof extra === 'string') throw validationError(VALIDATION_MESSAGES.unknownField(extra), extra);
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
    throw validationError(MESSAGES.invalidRequest);
  }
  throw validationError(message, field);
}

export function leadRoutes(context: CommandContext, settings: LeadRouteSettings) {
  const { commands, codec } = context;
  const form = publicForm(context, settings);

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    // Public: a visitor of /p/{cardId} sends their details to the card's owner.
    api.post(
      '/api/leads',
      {
        bodyLimit: SUBMIT_BODY_LIMIT,
        schema: {
          tags: TAG,
          summary: "Kart sahibine bilgi gönder ('Bilgilerini Paylaş')",
          body: SubmitLeadBody,
          response: {
            200: SubmitLeadResponse,
            400: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
            409: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const now = new Date();
        const { cardId: rawCardId, website, formToken, marketingConsent, ...input } = request.body;
        form.admit(request, reply, rawCardId, now);
        // A stored lead and a dropped one get the very same answer: a bot learns nothing.
        const accepted = succeeded({ message: MESSAGES.leadSubmitted });
        if (form.isBot(website)) return accepted;
        const token = form.token(formToken, rawCardId, now);
        const { cardId, card } = await form.card(rawCardId);
        const leadId = randomUUID();
        try {
          await commands.handle(
            leadDecider,
            leadStreamId(leadId),
            {
              type: 'SubmitLead',
              data: {
                leadId,
                cardId,
                card,
                input,
                formToken: token.verdict,
                marketingConsent: marketingConsent ?? false,
                noticeVersion: LEAD_NOTICE_VERSION,
                now: now.toISOString(),
              },
            },
            // One token, one lead: a write that fails leaves the token unused.
            { metadata: { actor: 'visitor' }, alsoAppend: () => token.claim(leadId) },
          );
        } catch (error) {
          token.refuse(error);
        }
        return accepted;
      },
    );

    /**
     * Who acts on the lead: the person, and its card's holder now (from the card's own stream), which decides an
     * office's lead (issue 30). An unknown lead has no card to read.
     */
    const actorOn = async (leadId: string, person: Person) => {
      const { state } = await commands.load(leadDecider, leadStreamId(leadId));
      const cardHolder = state.status === 'none' ? null : (await settings.readFormCard(state.cardId)).ownerId;
      return { leadId, person, cardHolder, now: new Date().toISOString() };
    };

    /**
     * The owner's follow-up (issue 13): status and private note. Another owner's, an unknown or a
     * deleted lead answer 404; bad input 400 in Turkish; the same value again appends nothing and
     * answers `position: ''`.
     */
    const followUp = async (
      person: Person,
      rawLeadId: string,
      command: (actor: DeleteLead['data']) => ChangeLeadStatus | ChangeLeadNote,
      messages: { readonly changed: string; readonly unchanged: string },
    ) => {
      const leadId = rawLeadId.toLowerCase();
      if (!UUID.test(leadId)) throw notFoundError(MESSAGES.leadNotFound);
      const result = await commands.handle(leadDecider, leadStreamId(leadId), command(await actorOn(leadId, person)), {
        metadata: { actor: person.id },
      });
      return succeeded({
        message: result.events.length > 0 ? messages.changed : messages.unchanged,
        position: result.position ?? '',
      });
    };
    const followUpResponse = {
      200: LeadFollowUpResponse,
      400: ErrorResponse,
      401: ErrorResponse,
      404: ErrorResponse,
      413: ErrorResponse,
      415: ErrorResponse,
    };

    api.put(
      '/api/leads/:leadId/status',
      {
        config: { owner: true, scope: 'leads:write' },
        attachValidation: true,
        schema: {
          tags: TAG,
          summary: 'Bağlantının durumunu değiştir (Yeni, Arandı, Görüşüldü, Olumsuz)',
          security: [{ bearer: [] }],
          params: LeadParams,
          body: ChangeLeadStatusBody,
          response: followUpResponse,
        },
      },
      async (request) => {
        refuseInvalidFollowUp(request, 'status', MESSAGES.leadStatusInvalid);
        const { status } = request.body;
        return followUp(
          request.person,
          request.params.leadId,
          (actor) => ({ type: 'ChangeLeadStatus', data: { ...actor, status } }),
          { changed: MESSAGES.leadStatusChanged, unchanged: MESSAGES.leadStatusUnchanged },
        );
      },
    );

    api.put(
      '/api/leads/:leadId/note',
      {
        config: { owner: true, scope: 'leads:write' },
        attachValidation: true,
        schema: {
          tags: TAG,
          summary: 'Bağlantıya özel not yaz (boş bırakılırsa not silinir)',
          security: [{ bearer: [] }],
          params: LeadParams,
          body: ChangeLeadNoteBody,
          response: followUpResponse,
        },
      },
      async (request) => {
        refuseInvalidFollowUp(request, 'note', MESSAGES.leadNoteMustBeText);
        const { note } = request.body;
        const cleared = note.trim() === '';
        return followUp(
          request.person,
          request.params.leadId,
          (actor) => ({ type: 'ChangeLeadNote', data: { ...actor, note } }),
          {
            changed: cleared ? MESSAGES.leadNoteCleared : MESSAGES.leadNoteSaved,
            unchanged: MESSAGES.leadNoteUnchanged,
          },
        );
      },
    );

    api.delete(
      '/api/leads/:leadId',
      {
        config: { owner: true, scope: 'leads:write' },
        schema: {
          tags: TAG,
          summary: 'Bağlantıyı sil (ziyaretçinin bilgileri kalıcı olarak silinir)',
          security: [{ bearer: [] }],
          params: LeadParams,
          response: { 200: DeleteLeadResponse, 401: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (request) => {
        const { person } = request;
        const leadId = request.params.leadId.toLowerCase();
        if (!UUID.test(leadId)) throw notFoundError(MESSAGES.leadNotFound);
        const actor = await actorOn(leadId, person);
        const outcome = await commands.attempt(
          leadDecider,
          leadStreamId(leadId),
          { type: 'DeleteLead', data: actor },
          { metadata: { actor: person.id } },
        );
        if (outcome.ok) {
          // The lead's own key goes: its sealed name, phone, e-mail and message are unreadable everywhere.
          await codec.forget(leadId);
          return succeeded({ message: MESSAGES.leadDeleted, position: outcome.position ?? '' });
        }
        // A deletion whose key destruction did not happen (the process stopped in between) is finished now.
        const { error, state } = outcome;
        if (
          error instanceof DomainError &&
          error.kind === 'not_found' &&
          state?.status === 'deleted' &&
          mayChangeLead(state, person, actor.cardHolder)
        )
          await codec.forget(leadId);
        throw error;
      },
    );
  };
}
