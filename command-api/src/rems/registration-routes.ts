import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CUSTOMER_FIELDS,
  CUSTOMER_FIELD_LABELS,
  customerFormProblems,
  type CustomerField,
  CreateRemsCustomerBody,
  CreateRemsCustomerResponse,
  ErrorResponse,
  LEAD_NOTICE_VERSION,
  MESSAGES,
  VALIDATION_MESSAGES,
  leadStreamId,
  remsRegistrationStreamId,
  validationError,
  type RemsRegistrationRequested,
} from '@kartvizit/schemas';
import type { CommandContext } from '../core/context.ts';
import { publicForm, type PublicFormSettings } from '../core/public-form/public-form.ts';
import { remsKeyFor } from './keys.ts';
import { leadOfRegistration, remsRegistrationDecider } from './registration-decider.ts';
import { succeeded } from '@kartvizit/infra/http/answers';
import { UUID_PATTERN_ANY_CASE as UUID } from '@kartvizit/schemas/ids';

export type RemsRegistrationRouteSettings = PublicFormSettings & {
  /** Whether `productId` is an active listing of `ownerId` now, from the owner's products stream (product/reader.ts). */
  readonly activeListing: (ownerId: string, productId: string) => Promise<boolean>;
};

/** The form is a few short fields; anything much bigger is not a person typing. */
const SUBMIT_BODY_LIMIT = 16 * 1024;

/** Turkish names of the body's fields beyond the form's own (CUSTOMER_FIELD_LABELS). */
const OTHER_LABELS: Readonly<Record<string, string>> = {
  cardOwnerId: 'Kart sahibi',
  cardId: 'Kart',
  provinceName: 'İl adı',
  districtName: 'İlçe adı',
  marketingConsent: 'Pazarlama izni',
  website: 'Web sitesi',
  formToken: 'Form anahtarı',
  productId: 'İlan',
};

function label(field: string): string {
  return (CUSTOMER_FIELD_LABELS as Readonly<Record<string, string>>)[field] ?? OTHER_LABELS[field] ?? field;
}

/**
 * A body of the wrong shape answered in the form's Turkish words ('Telefon alanı metin olmalıdır'),
 * not with the JSON key: the route validates with `attachValidation` and words the first problem here.
 */
function refuseInvalidBody(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const problems = (
    error as {
      validation?: readonly { keyword?: string; instancePath?: string; params?: Record<string, unknown> }[];
    }
  ).validation;
  const first = problems?.[0];
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body) || !first) {
    throw validationError(MESSAGES.invalidRequest);
  }
  const params = first.params ?? {};
  const field =
    typeof params.missingProperty === 'string'
      ? params.missingProperty
      : typeof params.additionalProperty === 'string'
        ? params.additionalProperty
        : ((first.instancePath ?? '').split('/').filter(Boolean)[0] ?? '');
  if (field === '') throw validationError(MESSAGES.invalidRequest);
  // A number, a list or a very long text is no listing's id either.
  if (field === 'productId' && first.keyword !== 'additionalProperties') {
    throw validationError(MESSAGES.remsListingNotFound, field);
  }
  if (first.keyword === 'additionalProperties') throw validationError(VALIDATION_MESSAGES.unknownField(field), field);
  if (first.keyword === 'required') throw validationError(`${label(field)} alanı zorunludur`, field);
  if (first.keyword === 'maxLength') {
    // Far beyond the form's own limit: the form's own words for it ('Ad en fazla 50 karakter olabilir').
    const body = request.body as Record<string, unknown>;
    const value = body[field];
    const own =
      (CUSTOMER_FIELDS as readonly string[]).includes(field) && typeof value === 'string'
        ? customerFormProblems({ province: typeof body.province === 'string' ? body.province : null, [field]: value })[
            field as CustomerField
          ]
        : undefined;
    throw validationError(own ?? `${label(field)} en fazla ${String(params.limit)} karakter olabilir`, field);
  }
  // A number, a list or an object where text (or a yes/no) belongs.
  throw validationError(
    field === 'marketingConsent' ? `${label(field)} alanı geçersiz` : `${label(field)} alanı metin olmalıdır`,
    field,
  );
}

/**
 * The visitor's side of REMS (SPEC §7 REMS `POST /api/rems/create-customer`, issue 14): public, no
 * credential, protected like the lead form (rate limit per client and card, the single-use form
 * token claimed in the same write, the `website` honeypot). A registration that passes is ONE
 * write: RemsRegistrationRequested, the token's claim, and a LeadSubmitted under the same id so the
 * owner sees the visitor in 'Bağlantılar' (and gets the lead e-mail). The thanks come at once;
 * REMS is called afterwards by the `rems-delivery` reactor, so REMS being down changes nothing here.
 */
export function remsRegistrationRoutes(context: CommandContext, settings: RemsRegistrationRouteSettings) {
  const { commands, codec } = context;
  // Its own counts: a visitor who sent the lead form may still plan a meeting, and the other way round.
  const form = publicForm(context, settings);

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/rems/create-customer',
      {
        bodyLimit: SUBMIT_BODY_LIMIT,
        attachValidation: true,
        schema: {
          tags: ['rems'],
          summary: "Kart sahibinin REMS'ine müşteri olarak kaydol ('Görüşme Planlayın')",
          body: CreateRemsCustomerBody,
          response: {
            200: CreateRemsCustomerResponse,
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
        refuseInvalidBody(request);
        const {
          cardOwnerId,
          cardId: rawCardId,
          website,
          formToken,
          marketingConsent,
          productId: rawProductId,
          ...input
        } = request.body;
        form.admit(request, reply, rawCardId, now);
        // A stored registration and a dropped one get the very same answer: a bot learns nothing.
        const thanks = succeeded({ message: MESSAGES.remsRegistrationThanks });
        if (form.isBot(website)) return thanks;
        const token = form.token(formToken, rawCardId, now);
        // The card's, the office's and the owner's own streams, not read models: a card deactivated or a key
        // removed a moment ago takes no more registrations, and a key saved a moment ago takes them.
        const { cardId, card } = await form.card(rawCardId);
        // Whose key: the office's, on an office card while it has one; else the holder's own (decision 61).
        const keyHolder =
          card.ownerId !== null && UUID.test(card.ownerId)
            ? await remsKeyFor(commands, { ownerId: card.ownerId, officeId: card.officeId ?? null })
            : null;
        // The listing the visitor came from ('?ilan=' on the card's address): looked up only when it can be one.
        const productId = rawProductId?.trim().toLowerCase() || null;
        const listingActive =
          productId !== null && UUID.test(productId) && card.ownerId !== null && UUID.test(card.ownerId)
            ? await settings.activeListing(card.ownerId, productId)
            : false;
        const registrationId = randomUUID();
        try {
          await commands.handle(
            remsRegistrationDecider,
            remsRegistrationStreamId(registrationId),
            {
              type: 'RequestRemsRegistration',
              data: {
                registrationId,
                cardId,
                cardOwnerId,
                card,
                ownerHasKey: keyHolder !== null,
                input,
                formToken: token.verdict,
                marketingConsent: marketingConsent ?? false,
                noticeVersion: LEAD_NOTICE_VERSION,
                productId,
                listingActive,
                now: now.toISOString(),
              },
            },
            {
              metadata: { actor: 'visitor' },
              // One token, one submission of either public form: the claim goes in the same write as
              // the registration and its lead, so of concurrent replays exactly one is stored.
              alsoAppend: async (events) => {
                const requested = events.find(
                  (event): event is RemsRegistrationRequested => event.type === 'RemsRegistrationRequested',
                );
                if (!requested) return [];
                return [
                  ...(await token.claim(registrationId)),
                  {
                    streamId: leadStreamId(registrationId),
                    expected: 'no_stream',
                    events: [await codec.encode(leadOfRegistration(requested), { actor: 'visitor' })],
                  },
                ];
              },
            },
          );
        } catch (error) {
          token.refuse(error);
        }
        return thanks;
      },
    );
  };
}
