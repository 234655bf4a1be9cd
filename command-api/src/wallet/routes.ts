import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  APPLE_DEVICE_ID_PATTERN,
  APPLE_PUSH_TOKEN_PATTERN,
  AppleLogBody,
  ApplePushTokenBody,
  AppleRegistrationParams,
  AppleWebServiceAnswer,
  WALLET_MESSAGES,
  applePassStreamId,
  cardStreamId,
  errorAnswers,
  notFoundError,
  parseCardId,
  unauthenticatedError,
  validationError,
} from '@kartvizit/schemas';
import { succeeded } from '@kartvizit/infra/http/answers';
import { APPLE_WEB_SERVICE_PATH } from '@kartvizit/infra/wallet/apple-pass';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import { appleDeviceKey, applePassAuthorized } from '@kartvizit/infra/wallet/apple-web-service';
import { cardDecider } from '../card/decider.ts';
import type { CommandContext } from '../core/context.ts';
import { applePassDecider } from './decider.ts';

export interface AppleWalletRouteSettings {
  /** The pass's authentication token and the device keys are derived from it. */
  readonly appSecret: Buffer;
  /** APPLE_* (issue 32); null or unset: the web service answers 503. */
  readonly appleWallet?: AppleWalletSettings | null;
  /** The registrations' clock; default the system's. */
  readonly walletClock?: () => Date;
}

const TAG = ['wallet'];
/** The device's calls are few: a registration per pass and device, a log now and then. */
const DEVICE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
/** Wallet sends `{ "pushToken": "…" }`. */
const REGISTRATION_BODY_LIMIT = 2 * 1024;
/** A hundred messages of two thousand characters, with room for JSON. */
const LOG_BODY_LIMIT = 256 * 1024;
/**
 * Request lines name the device library identifier, the secret of "which passes changed?": the routes that carry it
 * write no request line (warnings and errors still go out, without it: the error handler's lines carry no path).
 */
const QUIET = 'warn';

/** A device's log lines, without what identifies a device (library identifiers in paths, push tokens). */
function redactedLogLine(line: string): string {
  return line
    .replace(/\/devices\/[^/\s?]+/gu, '/devices/…')
    .replace(/\b[0-9A-Fa-f]{32,}\b/gu, '…')
    .replace(/ApplePass [A-Za-z0-9_-]+/gu, 'ApplePass …')
    .replace(/\p{Cc}/gu, ' ');
}

/**
 * Apple's pass web service (issue 32; Apple's "Wallet Passes web service reference"), the calls that change
 * something: a device registers a pass for its pushes, unregisters it, and sends its log. Mounted under the pass's
 * webServiceURL, `PUBLIC_BASE_URL/api/wallet/apple`; the reverse proxy sends these (POST, DELETE) here and the GETs to
 * query-api. A registration is recorded on the pass's stream (`apple-pass-{cardId}`): the device by a keyed hash of
 * its library identifier, its push token sealed under the card holder's key.
 */
export function appleWalletRoutes(context: CommandContext, settings: AppleWalletRouteSettings) {
  const { commands } = context;
  const now = () => (settings.walletClock ?? (() => new Date()))().toISOString();

  /** The pass a device names, once it proved it holds it; otherwise the error Apple's reference asks for. */
  function checkedPass(
    params: AppleRegistrationParams,
    authorization: string | undefined,
  ): { readonly apple: AppleWalletSettings; readonly cardId: string; readonly deviceKey: string } | null {
    const apple = settings.appleWallet;
    if (!apple) return null;
    if (!APPLE_DEVICE_ID_PATTERN.test(params.deviceLibraryIdentifier))
      throw validationError(WALLET_MESSAGES.appleDeviceInvalid, 'deviceLibraryIdentifier');
    if (params.passTypeIdentifier !== apple.passTypeId) throw notFoundError(WALLET_MESSAGES.applePassNotFound);
    const parsed = parseCardId(params.serialNumber);
    // Our serial numbers are card ids as the card was made: one written otherwise is not one of ours.
    if (!parsed.ok || parsed.cardId !== params.serialNumber) throw notFoundError(WALLET_MESSAGES.applePassNotFound);
    if (!applePassAuthorized(settings.appSecret, parsed.cardId, authorization))
      throw unauthenticatedError(WALLET_MESSAGES.applePassUnauthorized);
    return {
      apple,
      cardId: parsed.cardId,
      deviceKey: appleDeviceKey(settings.appSecret, params.deviceLibraryIdentifier),
    };
  }

  const notSetUp = (reply: FastifyReply) =>
    reply.code(503).send({ success: false, message: WALLET_MESSAGES.appleNotConfigured });

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const registration = `${APPLE_WEB_SERVICE_PATH}/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`;

    api.post(
      registration,
      {
        logLevel: QUIET,
        bodyLimit: REGISTRATION_BODY_LIMIT,
        config: { rateLimit: DEVICE_RATE_LIMIT },
        schema: {
          tags: TAG,
          summary: 'Apple Wallet: cihazı kartın güncellemeleri için kaydet',
          description:
            "Apple's 'Register a Pass for Update Notifications'. Authorization: ApplePass <authenticationToken>. " +
            '201 when the device is new for this pass, 200 when it was registered already, 401 for a wrong token.',
          params: AppleRegistrationParams,
          body: ApplePushTokenBody,
          response: {
            200: AppleWebServiceAnswer,
            201: AppleWebServiceAnswer,
            ...errorAnswers(400, 401, 404, 413, 503),
          },
        },
      },
      async (request, reply) => {
        const pass = checkedPass(request.params, request.headers.authorization);
        if (!pass) return notSetUp(reply);
        const { pushToken } = request.body;
        if (!APPLE_PUSH_TOKEN_PATTERN.test(pushToken))
          throw validationError(WALLET_MESSAGES.applePushTokenInvalid, 'pushToken');
        // The pass shows the card's holder: the push token is sealed under their key.
        const { state: card } = await commands.load(cardDecider, cardStreamId(pass.cardId));
        if (
          card.status === 'none' ||
          card.ownerId === null ||
          (card.status !== 'active' && card.status !== 'deactivated')
        )
          throw notFoundError(WALLET_MESSAGES.applePassNotFound);
        const streamId = applePassStreamId(pass.cardId);
        const before = await commands.load(applePassDecider, streamId);
        const result = await commands.handle(
          applePassDecider,
          streamId,
          {
            type: 'RegisterAppleDevice',
            data: { ownerId: card.ownerId, cardId: pass.cardId, deviceKey: pass.deviceKey, pushToken, now: now() },
          },
          { metadata: { actor: 'apple-wallet' } },
        );
        const isNew = !before.state.devices.has(pass.deviceKey) && result.events.length > 0;
        return reply.code(isNew ? 201 : 200).send(
          succeeded({
            message: isNew ? WALLET_MESSAGES.applePassRegistered : WALLET_MESSAGES.applePassAlreadyRegistered,
            ...(result.position ? { position: result.position } : {}),
          }),
        );
      },
    );

    api.delete(
      registration,
      {
        logLevel: QUIET,
        config: { rateLimit: DEVICE_RATE_LIMIT },
        schema: {
          tags: TAG,
          summary: 'Apple Wallet: cihazın kartla ilgili kaydını sil',
          description:
            "Apple's 'Unregister a Pass for Update Notifications'. Authorization: ApplePass <authenticationToken>. " +
            '200 whether or not the device was registered; 401 for a wrong token.',
          params: AppleRegistrationParams,
          response: { 200: AppleWebServiceAnswer, ...errorAnswers(400, 401, 404, 503) },
        },
      },
      async (request, reply) => {
        const pass = checkedPass(request.params, request.headers.authorization);
        if (!pass) return notSetUp(reply);
        const result = await commands.handle(
          applePassDecider,
          applePassStreamId(pass.cardId),
          {
            type: 'UnregisterAppleDevice',
            data: { cardId: pass.cardId, deviceKey: pass.deviceKey, reason: 'device', now: now() },
          },
          { metadata: { actor: 'apple-wallet' } },
        );
        return succeeded({
          message: WALLET_MESSAGES.applePassUnregistered,
          ...(result.position ? { position: result.position } : {}),
        });
      },
    );

    api.post(
      `${APPLE_WEB_SERVICE_PATH}/v1/log`,
      {
        bodyLimit: LOG_BODY_LIMIT,
        config: { rateLimit: DEVICE_RATE_LIMIT },
        schema: {
          tags: TAG,
          summary: 'Apple Wallet: cihazın hata kayıtları',
          description: "Apple's 'Log a Message': Wallet's messages about this web service, written to the server log.",
          body: AppleLogBody,
          response: { 200: AppleWebServiceAnswer, ...errorAnswers(400, 413, 503) },
        },
      },
      async (request, reply) => {
        if (!settings.appleWallet) return notSetUp(reply);
        const lines = request.body.logs.map(redactedLogLine);
        if (lines.length > 0) request.log.warn({ appleWalletLog: lines }, 'Apple Wallet reported problems with a pass');
        return succeeded({ message: WALLET_MESSAGES.appleLogReceived });
      },
    );
  };
}
