import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  APPLE_DEVICE_ID_PATTERN,
  APPLE_UPDATE_TAG_PATTERN,
  AppleDeviceParams,
  ApplePassParams,
  AppleSerialNumbers,
  AppleUpdatableQuery,
  WALLET_MESSAGES,
  errorAnswers,
  notFoundError,
  parseCardId,
  unauthenticatedError,
  validationError,
} from '@kartvizit/schemas';
import {
  APPLE_PASS_REGISTRATIONS_PROJECTION,
  CARDS_PROJECTION,
  OFFICES_PROJECTION,
  PROFILES_PROJECTION,
  RM_APPLE_PASS_REGISTRATIONS,
  RM_CARDS,
} from '@kartvizit/infra/read-models/contract';
import { APPLE_WEB_SERVICE_PATH, applePassImages, buildApplePass } from '@kartvizit/infra/wallet/apple-pass';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import {
  appleDeviceKey,
  applePassAuthorized,
  applePassesModifiedAt,
  applePassesUpdatedSince,
  applePassLastModified,
  applePassNotModified,
  retiredPassContent,
} from '@kartvizit/infra/wallet/apple-web-service';
import { loadCardPassContent } from '@kartvizit/infra/wallet/pass-content';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

export interface AppleWebServiceSettings {
  readonly publicBaseUrl: string;
  readonly appSecret: Buffer;
  /** APPLE_* (issue 32); null or unset: the web service answers 503. */
  readonly appleWallet?: AppleWalletSettings | null;
  /** The update tags' and Last-Modified's clock; default the system's. */
  readonly walletClock?: () => Date;
}

const TAG = ['wallet'];
/** The .pkpass file itself (a zip): sent as it is, never serialised. */
const PassFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
/** Request lines would name the device library identifier, the secret of "which passes changed?": none written. */
const QUIET = 'warn';
/** What the pass is built from. */
const PASS_PROJECTIONS = [CARDS_PROJECTION, PROFILES_PROJECTION, OFFICES_PROJECTION];
/** What "which passes changed?" reads. */
const LIST_PROJECTIONS = [...PASS_PROJECTIONS, APPLE_PASS_REGISTRATIONS_PROJECTION];

/**
 * Apple's pass web service (issue 32; Apple's "Wallet Passes web service reference"), the calls that read: which of a
 * device's passes changed since its last update tag, and the latest version of a pass. Mounted under the pass's
 * webServiceURL (`PUBLIC_BASE_URL/api/wallet/apple`); the reverse proxy sends these GETs here, the registrations and the
 * log to command-api. Both read the read models only: the registrations (projector/src/wallet/…) and what the pass
 * shows (cards, profiles, offices), which the push reactor waits for before it tells a device anything changed.
 */
export function appleWebServiceQueries(context: QueryContext, settings: AppleWebServiceSettings) {
  const now = () => (settings.walletClock ?? (() => new Date()))().getTime();
  const notSetUp = (reply: FastifyReply) =>
    reply.code(503).send({ success: false, message: WALLET_MESSAGES.appleNotConfigured });

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      `${APPLE_WEB_SERVICE_PATH}/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
      {
        logLevel: QUIET,
        // A device sends no x-min-position; a test (or a tool) that just registered may.
        config: { projections: LIST_PROJECTIONS },
        schema: {
          tags: TAG,
          summary: 'Apple Wallet: cihazın değişen kartları',
          description:
            "Apple's 'Get the List of Updatable Passes': the serial numbers of the device's passes changed since " +
            '`passesUpdatedSince` (all without it) and the tag to send next time; 204 when none changed. The device ' +
            'library identifier is the shared secret of this call.',
          params: AppleDeviceParams,
          querystring: AppleUpdatableQuery,
          response: {
            200: AppleSerialNumbers,
            204: Type.Null({ description: 'None of the passes changed since the tag' }),
            ...errorAnswers(400, 404, 503),
          },
        },
      },
      async (request, reply) => {
        const apple = settings.appleWallet;
        if (!apple) return notSetUp(reply);
        const { deviceLibraryIdentifier, passTypeIdentifier } = request.params;
        if (!APPLE_DEVICE_ID_PATTERN.test(deviceLibraryIdentifier))
          throw validationError(WALLET_MESSAGES.appleDeviceInvalid, 'deviceLibraryIdentifier');
        if (passTypeIdentifier !== apple.passTypeId) throw notFoundError(WALLET_MESSAGES.applePassNotFound);
        const raw = request.query.passesUpdatedSince;
        if (raw !== undefined && raw !== '' && !APPLE_UPDATE_TAG_PATTERN.test(raw))
          throw validationError(WALLET_MESSAGES.appleUpdateTagInvalid, 'passesUpdatedSince');
        const since = raw === undefined || raw === '' ? null : Number(raw);
        reply.header('cache-control', 'no-store');
        const registered = await rowsOrNone<{ card_id: string }>(
          context.pool,
          `SELECT card_id FROM ${RM_APPLE_PASS_REGISTRATIONS} WHERE device_key = $1 AND active`,
          [appleDeviceKey(settings.appSecret, deviceLibraryIdentifier)],
        );
        const modified = await applePassesModifiedAt(
          context.pool,
          registered.map((row) => row.card_id),
        );
        const answer = applePassesUpdatedSince(modified, since, now());
        if (!answer) return reply.code(204).send(null);
        return answer;
      },
    );

    api.get(
      `${APPLE_WEB_SERVICE_PATH}/v1/passes/:passTypeIdentifier/:serialNumber`,
      {
        config: { projections: PASS_PROJECTIONS },
        schema: {
          tags: TAG,
          summary: 'Apple Wallet: kartın son hâli (.pkpass)',
          description:
            "Apple's 'Send an Updated Pass'. Authorization: ApplePass <authenticationToken>. The pass as the card is " +
            'now, with Last-Modified; 304 when If-Modified-Since shows the device has it; 401 for a wrong token.',
          params: ApplePassParams,
          response: {
            200: PassFile,
            304: Type.Null({ description: 'The device has this version' }),
            ...errorAnswers(401, 404, 503),
          },
        },
      },
      async (request, reply) => {
        const apple = settings.appleWallet;
        if (!apple) return notSetUp(reply);
        const { passTypeIdentifier, serialNumber } = request.params;
        if (passTypeIdentifier !== apple.passTypeId) throw notFoundError(WALLET_MESSAGES.applePassNotFound);
        const parsed = parseCardId(serialNumber);
        if (!parsed.ok || parsed.cardId !== serialNumber) throw notFoundError(WALLET_MESSAGES.applePassNotFound);
        if (!applePassAuthorized(settings.appSecret, parsed.cardId, request.headers.authorization))
          throw unauthenticatedError(WALLET_MESSAGES.applePassUnauthorized);
        reply.header('cache-control', 'no-cache, private');
        const cardId = parsed.cardId;
        let content = await loadCardPassContent(context.pool, cardId, settings.publicBaseUrl);
        if (!content) {
          // Not shown any more (back in an office's pool, its holder's profile erased): the pass turns void and blank.
          const known = await rowsOrNone<{ card_id: string }>(
            context.pool,
            `SELECT card_id FROM ${RM_CARDS} WHERE card_id = $1`,
            [cardId],
          );
          if (known.length === 0) throw notFoundError(WALLET_MESSAGES.applePassNotFound);
          content = retiredPassContent(cardId, settings.publicBaseUrl);
        }
        const modified = (await applePassesModifiedAt(context.pool, [cardId])).get(cardId) ?? 0;
        const at = now();
        if (applePassNotModified(modified, request.headers['if-modified-since'])) return reply.code(304).send(null);
        const deps = { settings: apple, appSecret: settings.appSecret, publicBaseUrl: settings.publicBaseUrl };
        const pkpass = buildApplePass(deps, content, await applePassImages(context.blobs, content));
        return reply
          .type('application/vnd.apple.pkpass')
          .header('last-modified', applePassLastModified(modified, at).toUTCString())
          .send(pkpass);
      },
    );
  };
}
