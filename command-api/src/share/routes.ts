import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MESSAGES,
  PERSONAL_ADDRESS_CLAIM,
  PersonalAddressBody,
  PersonalAddressResponse,
  QrStyleBody,
  QrStyleResponse,
  cardStreamId,
  conflictError,
  errorAnswers,
  parseCardId,
  personalAddressUrl,
  shareStreamId,
  validationError,
  type PersonalAddressClaimed,
  type QrStyle,
} from '@kartvizit/schemas';
import {
  foldPersonalAddress,
  normaliseQrStyle,
  personalAddressProblem,
  qrStyleProblem,
} from '@kartvizit/schemas/share/rules';
import type { Person } from '@kartvizit/schemas/access';
import { ConcurrencyError, type AppendRequest } from '@kartvizit/infra/event-store/types';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { CommandContext } from '../core/context.ts';
import { cardDecider } from '../card/decider.ts';
import { holdsAddress, shareDecider, type ShareState } from './decider.ts';

const TAG = ['share'];
const ERRORS = errorAnswers(400, 401, 404, 409);

export interface ShareRouteSettings {
  /** Origin of the public pages: the personal address is `${publicBaseUrl}/k/{slug}`. */
  readonly publicBaseUrl: string;
  /** Default the system's; tests move it past a left address's 30 days. */
  readonly shareClock?: () => Date;
}

/** A claim's stream as read for a decision: the last owner who claimed it, at the stream's version. */
interface ClaimRead {
  readonly holder: string | null;
  readonly version: number;
}

/**
 * 'Paylaşım Araçları' (issue 32): the QR's look and the personal address `/k/{slug}`, decided on the owner's
 * `share-{ownerId}` stream.
 *
 * An address is unique through its claim stream (`claim-personal-address-{hmac(slug)}`): taking it appends a
 * PersonalAddressClaimed at the version read, in the same write as PersonalAddressChosen, so two owners racing for one
 * address cannot both win. Whether the last claimant still holds it is their own stream's word (`holdsAddress`: the
 * current address, or one left less than 30 days ago; an erased account holds nothing), so nothing has to release it.
 */
export function shareRoutes(context: CommandContext, settings: ShareRouteSettings) {
  const { commands, store, codec } = context;
  const now = () => (settings.shareClock ?? (() => new Date()))().toISOString();

  const readClaim = async (slug: string): Promise<ClaimRead & { readonly streamId: string }> => {
    const streamId = context.claimStreamId(PERSONAL_ADDRESS_CLAIM, slug);
    const { events, version } = await store.readStream(streamId);
    let holder: string | null = null;
    for (const recorded of events) {
      const event = await codec.decode(recorded);
      if (event?.type === 'PersonalAddressClaimed') holder = event.data.ownerId;
    }
    return { streamId, holder, version };
  };

  /** The owner's card the address may open: theirs, and active (the public page shows it). */
  const checkCard = async (person: Person, raw: string): Promise<string> => {
    const parsed = parseCardId(raw);
    if (!parsed.ok) throw validationError(raw.trim() === '' ? MESSAGES.addressCardRequired : parsed.message, 'cardId');
    const { state } = await commands.load(cardDecider, cardStreamId(parsed.cardId));
    if (state.status === 'none' || state.ownerId !== person.id)
      throw validationError(MESSAGES.addressCardNotActive, 'cardId');
    if (state.status !== 'active') throw validationError(MESSAGES.addressCardNotActive, 'cardId');
    return parsed.cardId;
  };

  const addressView = (state: ShareState) =>
    state.address
      ? {
          slug: state.address.slug,
          cardId: state.address.cardId,
          url: personalAddressUrl(settings.publicBaseUrl, state.address.slug),
        }
      : null;

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.put(
      '/api/share/qr',
      {
        config: { owner: true, scope: 'cards:write' },
        schema: {
          tags: TAG,
          summary: 'QR kodun renklerini ve ortadaki logoyu seç',
          description:
            'Colours as #rrggbb, the foreground darker than the background and at least 4.5:1 apart; logo none, profile or office.',
          security: [{ bearer: [] }],
          body: QrStyleBody,
          response: { 200: QrStyleResponse, ...ERRORS },
        },
      },
      async (request) => {
        const { person } = request;
        const refused = qrStyleProblem(request.body);
        if (refused) throw validationError(refused.message, refused.field);
        const style: QrStyle = normaliseQrStyle(request.body as Parameters<typeof normaliseQrStyle>[0]);
        if (style.logo === 'office' && !person.office) throw validationError(MESSAGES.qrLogoOfficeOnly, 'logo');
        const result = await commands.handle(
          shareDecider,
          shareStreamId(person.id),
          { type: 'ChooseQrStyle', data: { ownerId: person.id, style, now: now() } },
          { metadata: { actor: person.id } },
        );
        return succeeded({
          message: MESSAGES.qrStyleSaved,
          data: { qr: result.state.qr },
          ...(result.position ? { position: result.position } : {}),
        });
      },
    );

    api.put(
      '/api/share/address',
      {
        config: { owner: true, scope: 'cards:write' },
        schema: {
          tags: TAG,
          summary: 'Kişisel adresi seç (/k/{slug})',
          description:
            "Letters, digits and hyphens, Turkish letters folded ('Ayşe-Yılmaz' → 'ayse-yilmaz'); reserved words refused; " +
            'unique. The address opens the chosen active card; the previous one redirects for 30 days, then is free.',
          security: [{ bearer: [] }],
          body: PersonalAddressBody,
          response: { 200: PersonalAddressResponse, ...ERRORS },
        },
      },
      async (request) => {
        const { person } = request;
        const slug = foldPersonalAddress(request.body.slug);
        const refused = personalAddressProblem(slug);
        if (refused) throw validationError(refused.message, refused.field);
        const cardId = await checkCard(person, request.body.cardId);
        const at = now();

        const claim = await readClaim(slug);
        if (claim.holder !== null && claim.holder !== person.id) {
          const { state: holder } = await commands.load(shareDecider, shareStreamId(claim.holder));
          if (holdsAddress(holder, slug, at)) throw conflictError(MESSAGES.addressTaken);
        }
        try {
          const result = await commands.handle(
            shareDecider,
            shareStreamId(person.id),
            { type: 'ChoosePersonalAddress', data: { ownerId: person.id, slug, cardId, now: at } },
            {
              metadata: { actor: person.id },
              // Already theirs (the last claim is the owner's own): nothing to claim again.
              alsoAppend: async (events): Promise<AppendRequest[]> => {
                if (claim.holder === person.id || !events.some((event) => event.type === 'PersonalAddressChosen'))
                  return [];
                const claimed: PersonalAddressClaimed = {
                  type: 'PersonalAddressClaimed',
                  data: { ownerId: person.id, claimedAt: at },
                };
                return [
                  {
                    streamId: claim.streamId,
                    expected: claim.version === -1 ? 'no_stream' : claim.version,
                    events: [await codec.encode(claimed, { actor: person.id })],
                  },
                ];
              },
            },
          );
          return succeeded({
            message: MESSAGES.addressSaved,
            data: { address: addressView(result.state) },
            ...(result.position ? { position: result.position } : {}),
          });
        } catch (error) {
          // Someone took it between our read and our write.
          if (error instanceof ConcurrencyError && error.streamId === claim.streamId)
            throw conflictError(MESSAGES.addressTaken);
          throw error;
        }
      },
    );

    api.delete(
      '/api/share/address',
      {
        config: { owner: true, scope: 'cards:write' },
        schema: {
          tags: TAG,
          summary: 'Kişisel adresi kaldır',
          description: 'The address keeps leading to the card for 30 days, then is free.',
          security: [{ bearer: [] }],
          response: { 200: PersonalAddressResponse, ...ERRORS },
        },
      },
      async (request) => {
        const { person } = request;
        const result = await commands.handle(
          shareDecider,
          shareStreamId(person.id),
          { type: 'RemovePersonalAddress', data: { ownerId: person.id, now: now() } },
          { metadata: { actor: person.id } },
        );
        return succeeded({
          message: MESSAGES.addressRemoved,
          data: { address: null },
          ...(result.position ? { position: result.position } : {}),
        });
      },
    );
  };
}
