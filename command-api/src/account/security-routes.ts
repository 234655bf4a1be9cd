import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  AddPasskeyBody,
  AddPasskeyResponse,
  AuthSuccess,
  DisableTwoFactorBody,
  DomainError,
  EnableTwoFactorBody,
  EnableTwoFactorResponse,
  EndSessionsResponse,
  MESSAGES,
  PasskeyLoginBody,
  PasskeyOptionsResponse,
  SecurityChangeResponse,
  TwoFactorSetupResponse,
  VerifySecondStepBody,
  accountStreamId,
  checkPasskeyName,
  conflictError,
  errorAnswers,
  notFoundError,
  readSecondStepCode,
  secondStepLockedMessage,
  unauthenticatedError,
  validationError,
} from '@kartvizit/schemas';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import type { Person } from '@kartvizit/schemas/access';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { CommandContext } from '../core/context.ts';
import { accountDecider, type AccountCommand, type AccountState } from './decider.ts';
import { verifyPassword } from './passwords.ts';
import { sessionStarter, toUser } from './session-start.ts';
import type { AccountTools } from './tools.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from './totp.ts';

const TAG = ['account'];
const ERRORS = errorAnswers(400, 401, 404, 409, 413, 415, 429);
const SessionIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** Where passkeys are bound (WebAuthn's relying party): PUBLIC_BASE_URL's host name and origin. */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
  readonly name: string;
}

/**
 * WebAuthn's relying party from PUBLIC_BASE_URL. An IP address cannot be one (the browser refuses it), so a product
 * run on a loopback address (a developer's machine, the browser journeys) binds passkeys to `localhost` on the same
 * port, which is the same machine and a secure context too.
 */
export function relyingPartyOf(publicBaseUrl: string): RelyingParty {
  const url = new URL(publicBaseUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: 'Dijital Kartvizit' };
}

/**
 * Two-step sign-in, passkeys and sessions (issue 34, decision 65). Every route checks what it must against the
 * secrets outside the log (infra/src/auth), changes them, and records what happened on the account's stream.
 */
export function securityRoutes(context: CommandContext, tools: AccountTools, relyingParty: RelyingParty) {
  const { commands, authRateLimit } = context;
  const { credentials, sessions, twoFactor, passkeys, challenges, throttle, signIn } = tools;
  const startSession = sessionStarter(context, tools);

  const decide = (userId: string, command: AccountCommand) =>
    commands.handle(accountDecider, accountStreamId(userId), command, { metadata: { actor: userId } });

  /** Decides without writing, so a refusal changes nothing outside the log either. */
  async function dryRun(userId: string, command: AccountCommand): Promise<AccountState> {
    const { state } = await commands.load(accountDecider, accountStreamId(userId));
    accountDecider.decide(command, state);
    return state;
  }

  const currentSession = (person: Person): string => {
    if (!person.sessionId) throw unauthenticatedError(MESSAGES.sessionExpired);
    return person.sessionId;
  };

  /**
   * Checks a code of the account's second step: the app's (its 30-second step used up, so it works once) or a
   * recovery code (used up). Counted per account like passwords; a lock refuses before anything is checked.
   */
  async function checkCode(
    userId: string,
    input: string,
    field: string,
  ): Promise<{ readonly kind: 'totp' } | { readonly kind: 'recovery'; readonly remaining: number }> {
    const now = tools.securityNow();
    const subject = await admitCode(userId, field, now);
    const code = readSecondStepCode(input);
    if (code.kind === 'invalid') {
      throw validationError(input.trim() === '' ? MESSAGES.secondStepCodeMissing : MESSAGES.secondStepCodeWrong, field);
    }
    if (code.kind === 'recovery') {
      const remaining = await twoFactor.useRecoveryCode(userId, code.code);
      if (remaining === null) throw validationError(MESSAGES.recoveryCodeWrong, field);
      await throttle.succeeded(subject);
      return { kind: 'recovery', remaining };
    }
    const record = await twoFactor.find(userId);
    if (!record?.secret || !record.enabledAt) throw validationError(MESSAGES.twoFactorNotOn, field);
    const step = await totpStep(record.secret, code.code, now);
    if (step === null) throw validationError(MESSAGES.secondStepCodeWrong, field);
    if (!(await twoFactor.useTimeStep(userId, step))) throw validationError(MESSAGES.secondStepCodeReused, field);
    await throttle.succeeded(subject);
    return { kind: 'totp' };
  }

  /** Counts a code of the account's second step, or refuses it unchecked while its codes are locked. */
  async function admitCode(userId: string, field: string, now: Date) {
    const subject = throttle.secondStep(userId);
    const admission = await throttle.admit(subject, now);
    if (!admission.admitted) {
      throw new DomainError('rate_limited', secondStepLockedMessage(admission.retryAfterSeconds), field);
    }
    return subject;
  }

  async function recordRecoveryCodeUse(userId: string, remaining: number): Promise<void> {
    await decide(userId, { type: 'UseRecoveryCode', data: { remaining, now: tools.now().toISOString() } });
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/auth/2fa/verify',
      {
        schema: {
          tags: TAG,
          summary: 'Şifreden sonra ikinci adım: uygulamadaki kod ya da bir kurtarma kodu',
          body: VerifySecondStepBody,
          response: { 200: AuthSuccess, ...ERRORS },
        },
        config: { messages: { missingField: MESSAGES.secondStepCodeMissing }, rateLimit: authRateLimit },
      },
      async (request) => {
        const { challenge, code, deviceTokens } = request.body;
        const open = await challenges.peek('second-step', challenge, tools.securityNow());
        if (!open?.userId) throw validationError(MESSAGES.secondStepChallengeInvalid, 'challenge');
        const userId = open.userId;
        const checked = await checkCode(userId, code, 'code');
        // The right code uses the challenge up: it opens one session, once.
        if (!(await challenges.consume('second-step', challenge, tools.securityNow()))) {
          throw validationError(MESSAGES.secondStepChallengeInvalid, 'challenge');
        }
        if (checked.kind === 'recovery') await recordRecoveryCodeUse(userId, checked.remaining);
        const started = await startSession(request, {
          userId,
          method: checked.kind === 'recovery' ? 'recovery-code' : 'totp',
          newDevice: open.deviceId === null,
        });
        const user = toUser(started.state);
        const deviceId = open.deviceId ?? signIn.recognise(user.email, deviceTokens ?? []);
        return succeeded({
          token: started.token,
          deviceToken: signIn.deviceTokenFor(user.email, deviceId),
          user,
          message: MESSAGES.loginSuccess,
          position: started.position ?? undefined,
        });
      },
    );

    api.post(
      '/api/auth/2fa/setup',
      {
        schema: {
          tags: TAG,
          summary: 'İki adımlı doğrulama için yeni bir gizli anahtar (bir kodla onaylanınca geçerli olur)',
          security: [{ bearer: [] }],
          response: { 200: TwoFactorSetupResponse, ...ERRORS },
        },
        config: { owner: true, scope: false, beforeSecondStep: true, rateLimit: authRateLimit },
      },
      async (request) => {
        const userId = request.person.id;
        const { state } = await commands.load(accountDecider, accountStreamId(userId));
        if (state.status !== 'registered') throw unauthenticatedError(MESSAGES.sessionExpired);
        if (state.twoFactor) throw conflictError(MESSAGES.twoFactorAlreadyOn);
        const { secret } = newTotpSecret();
        await twoFactor.begin(userId, secret, tools.securityNow());
        return succeeded({ secret, otpauthUrl: otpauthUrl(secret, state.email) });
      },
    );

    api.post(
      '/api/auth/2fa/enable',
      {
        schema: {
          tags: TAG,
          summary: 'İki adımlı doğrulamayı uygulamadaki ilk kodla aç; on kurtarma kodu bir kez gösterilir',
          security: [{ bearer: [] }],
          body: EnableTwoFactorBody,
          response: { 200: EnableTwoFactorResponse, ...ERRORS },
        },
        config: {
          owner: true,
          scope: false,
          beforeSecondStep: true,
          messages: { missingField: MESSAGES.secondStepCodeMissing },
          rateLimit: authRateLimit,
        },
      },
      async (request) => {
        const userId = request.person.id;
        const sessionId = currentSession(request.person);
        const now = tools.securityNow();
        const record = await twoFactor.find(userId);
        if (record?.enabledAt) throw conflictError(MESSAGES.twoFactorAlreadyOn);
        if (!record?.pendingSecret) throw validationError(MESSAGES.twoFactorSetupMissing, 'code');
        const subject = await admitCode(userId, 'code', now);
        const code = readSecondStepCode(request.body.code);
        const step = code.kind === 'totp' ? await totpStep(record.pendingSecret, code.code, now) : null;
        if (step === null) throw validationError(MESSAGES.secondStepCodeWrong, 'code');
        await throttle.succeeded(subject);
        const recoveryCodes = newRecoveryCodes();
        await dryRun(userId, {
          type: 'EnableTwoFactor',
          data: { recoveryCodes: recoveryCodes.length, endedSessions: { keptSessionId: sessionId, count: 0 }, now: '' },
        });
        if (!(await twoFactor.enable(userId, record.pendingSecret, step, recoveryCodes, now))) {
          throw conflictError(MESSAGES.conflict);
        }
        // As after a password change: this session stays, every other one ends.
        const at = new Date();
        const ended = await sessions.endAll(userId, sessionId, at);
        const result = await decide(userId, {
          type: 'EnableTwoFactor',
          data: {
            recoveryCodes: recoveryCodes.length,
            endedSessions: { keptSessionId: sessionId, count: ended.length },
            now: at.toISOString(),
          },
        });
        return succeeded({ message: MESSAGES.twoFactorEnabled, recoveryCodes, position: result.position ?? '' });
      },
    );

    api.post(
      '/api/auth/2fa/disable',
      {
        schema: {
          tags: TAG,
          summary: 'İki adımlı doğrulamayı şifre ve bir kodla kapat',
          security: [{ bearer: [] }],
          body: DisableTwoFactorBody,
          response: { 200: SecurityChangeResponse, ...ERRORS },
        },
        config: {
          owner: true,
          scope: false,
          messages: { missingField: MESSAGES.twoFactorDisableFieldsMissing },
          rateLimit: authRateLimit,
        },
      },
      async (request) => {
        const { person } = request;
        const userId = person.id;
        const sessionId = currentSession(person);
        const { password, code } = request.body;
        if (!password) throw validationError(MESSAGES.twoFactorDisableFieldsMissing, 'password');
        if (!code.trim()) throw validationError(MESSAGES.twoFactorDisableFieldsMissing, 'code');
        const officeRequiresSecondStep = person.office?.requiresSecondStep === true;
        const command = (count: number, now: string): AccountCommand => ({
          type: 'DisableTwoFactor',
          data: { officeRequiresSecondStep, endedSessions: { keptSessionId: sessionId, count }, now },
        });
        await dryRun(userId, command(0, ''));
        const credential = await credentials.find(userId);
        if (!credential) throw unauthenticatedError(MESSAGES.sessionExpired);
        // A 400, not a 401: a 401 would sign the user out.
        if (!(await verifyPassword(credential.passwordHash, password))) {
          throw validationError(MESSAGES.currentPasswordWrong, 'password');
        }
        await checkCode(userId, code, 'code');
        await twoFactor.disable(userId);
        const at = new Date();
        const ended = await sessions.endAll(userId, sessionId, at);
        const result = await decide(userId, command(ended.length, at.toISOString()));
        return succeeded({ message: MESSAGES.twoFactorDisabled, position: result.position ?? undefined });
      },
    );

    api.post(
      '/api/auth/passkeys/register/options',
      {
        schema: {
          tags: TAG,
          summary: 'Yeni bir geçiş anahtarı için WebAuthn seçenekleri',
          security: [{ bearer: [] }],
          response: { 200: PasskeyOptionsResponse, ...ERRORS },
        },
        config: { owner: true, scope: false, beforeSecondStep: true, rateLimit: authRateLimit },
      },
      async (request) => {
        const userId = request.person.id;
        const { state } = await commands.load(accountDecider, accountStreamId(userId));
        if (state.status !== 'registered') throw unauthenticatedError(MESSAGES.sessionExpired);
        const existing = await passkeys.ofUser(userId);
        const options = await generateRegistrationOptions({
          rpName: relyingParty.name,
          rpID: relyingParty.id,
          userName: state.email,
          userDisplayName: `${state.firstName} ${state.lastName}`,
          userID: new TextEncoder().encode(userId),
          attestationType: 'none',
          excludeCredentials: existing.map((passkey) => ({
            id: passkey.credentialId,
            transports: [...passkey.transports],
          })),
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        });
        await challenges.create('passkey-registration', userId, tools.securityNow(), { given: options.challenge });
        return succeeded({ options: options as unknown as Record<string, unknown> });
      },
    );

    api.post(
      '/api/auth/passkeys',
      {
        schema: {
          tags: TAG,
          summary: 'Tarayıcının oluşturduğu geçiş anahtarını doğrula ve hesaba ekle',
          security: [{ bearer: [] }],
          body: AddPasskeyBody,
          response: { 200: AddPasskeyResponse, ...ERRORS },
        },
        config: {
          owner: true,
          scope: false,
          beforeSecondStep: true,
          messages: { missingField: MESSAGES.passkeyNameMissing },
          rateLimit: authRateLimit,
        },
      },
      async (request) => {
        const userId = request.person.id;
        const checked = checkPasskeyName(request.body.name);
        if (!checked.ok) throw validationError(checked.message, 'name');
        const now = tools.securityNow();
        let verification;
        try {
          verification = await verifyRegistrationResponse({
            response: request.body.response as unknown as RegistrationResponseJSON,
            // The ceremony's challenge is used up here, right or wrong, and must be this person's.
            expectedChallenge: async (challenge) =>
              (await challenges.consume('passkey-registration', challenge, now))?.userId === userId,
            expectedOrigin: relyingParty.origin,
            expectedRPID: relyingParty.id,
            requireUserVerification: true,
          });
        } catch {
          throw validationError(MESSAGES.passkeyRegistrationFailed, 'response');
        }
        if (!verification.verified) throw validationError(MESSAGES.passkeyRegistrationFailed, 'response');
        const { credential } = verification.registrationInfo;
        const passkeyId = randomUUID();
        const stored = await passkeys.add(
          {
            passkeyId,
            userId,
            credentialId: credential.id,
            publicKey: credential.publicKey,
            counter: credential.counter,
            transports: credential.transports ?? [],
          },
          now,
        );
        if (!stored) throw conflictError(MESSAGES.passkeyAlreadyAdded);
        const addedAt = new Date().toISOString();
        let result;
        try {
          result = await decide(userId, { type: 'AddPasskey', data: { passkeyId, name: checked.name, now: addedAt } });
        } catch (error) {
          await passkeys.remove(userId, passkeyId);
          throw error;
        }
        return succeeded({
          message: MESSAGES.passkeyAdded,
          passkey: { id: passkeyId, name: checked.name, createdAt: addedAt, lastUsedAt: null },
          position: result.position ?? '',
        });
      },
    );

    api.delete(
      '/api/auth/passkeys/:id',
      {
        schema: {
          tags: TAG,
          summary: 'Bir geçiş anahtarını kaldır',
          security: [{ bearer: [] }],
          params: SessionIdParams,
          response: { 200: SecurityChangeResponse, ...ERRORS },
        },
        config: { owner: true, scope: false },
      },
      async (request) => {
        const { person } = request;
        const passkeyId = request.params.id;
        if (!UUID_PATTERN.test(passkeyId)) throw notFoundError(MESSAGES.passkeyNotFound);
        const command = (now: string): AccountCommand => ({
          type: 'RemovePasskey',
          data: { passkeyId, officeRequiresSecondStep: person.office?.requiresSecondStep === true, now },
        });
        await dryRun(person.id, command(''));
        await passkeys.remove(person.id, passkeyId);
        const result = await decide(person.id, command(new Date().toISOString()));
        return succeeded({ message: MESSAGES.passkeyRemoved, position: result.position ?? undefined });
      },
    );

    api.post(
      '/api/auth/passkeys/login/options',
      {
        schema: {
          tags: TAG,
          summary: 'Geçiş anahtarıyla giriş için WebAuthn seçenekleri (adres sorulmaz)',
          response: { 200: PasskeyOptionsResponse, ...ERRORS },
        },
        config: { rateLimit: authRateLimit },
      },
      async () => {
        const options = await generateAuthenticationOptions({ rpID: relyingParty.id, userVerification: 'required' });
        await challenges.create('passkey-sign-in', null, tools.securityNow(), { given: options.challenge });
        return succeeded({ options: options as unknown as Record<string, unknown> });
      },
    );

    api.post(
      '/api/auth/passkeys/login',
      {
        schema: {
          tags: TAG,
          summary: 'Geçiş anahtarıyla giriş (iki adımın ikisini de sayar)',
          body: PasskeyLoginBody,
          response: { 200: AuthSuccess, ...ERRORS },
        },
        config: { messages: { missingField: MESSAGES.passkeySignInFailed }, rateLimit: authRateLimit },
      },
      async (request) => {
        const response = request.body.response as unknown as AuthenticationResponseJSON;
        const passkey = typeof response.id === 'string' ? await passkeys.byCredentialId(response.id) : null;
        if (!passkey) throw unauthenticatedError(MESSAGES.passkeySignInFailed);
        const userHandle = response.response?.userHandle;
        if (
          typeof userHandle === 'string' &&
          Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId
        ) {
          throw unauthenticatedError(MESSAGES.passkeySignInFailed);
        }
        const now = tools.securityNow();
        let verification;
        try {
          verification = await verifyAuthenticationResponse({
            response,
            expectedChallenge: async (challenge) =>
              (await challenges.consume('passkey-sign-in', challenge, now)) !== null,
            expectedOrigin: relyingParty.origin,
            expectedRPID: relyingParty.id,
            credential: {
              id: passkey.credentialId,
              publicKey: new Uint8Array(passkey.publicKey),
              counter: passkey.counter,
              transports: passkey.transports as AuthenticatorTransportFuture[],
            },
            requireUserVerification: true,
          });
        } catch {
          throw unauthenticatedError(MESSAGES.passkeySignInFailed);
        }
        if (!verification.verified) throw unauthenticatedError(MESSAGES.passkeySignInFailed);
        await passkeys.used(passkey.passkeyId, verification.authenticationInfo.newCounter);
        const { state } = await commands.load(accountDecider, accountStreamId(passkey.userId));
        if (state.status !== 'registered') throw unauthenticatedError(MESSAGES.passkeySignInFailed);
        const deviceId = signIn.recognise(state.email, request.body.deviceTokens ?? []);
        const started = await startSession(request, {
          userId: passkey.userId,
          method: 'passkey',
          newDevice: deviceId === null,
          passkeyId: passkey.passkeyId,
        });
        return succeeded({
          token: started.token,
          deviceToken: signIn.deviceTokenFor(state.email, deviceId),
          user: toUser(started.state),
          message: MESSAGES.loginSuccess,
          position: started.position ?? undefined,
        });
      },
    );

    api.post(
      '/api/auth/logout',
      {
        schema: {
          tags: TAG,
          summary: 'Bu oturumu sonlandır (çıkış)',
          security: [{ bearer: [] }],
          response: { 200: SecurityChangeResponse, ...ERRORS },
        },
        config: { owner: true, scope: false, beforeSecondStep: true },
      },
      async (request) => endSession(request, currentSession(request.person), 'signed-out', MESSAGES.signedOut),
    );

    api.delete(
      '/api/account/sessions/:id',
      {
        schema: {
          tags: TAG,
          summary: 'Bir oturumu sonlandır; o cihaz bir sonraki isteğinde çıkış yapmış olur',
          security: [{ bearer: [] }],
          params: SessionIdParams,
          response: { 200: SecurityChangeResponse, ...ERRORS },
        },
        config: { owner: true, scope: false, beforeSecondStep: true },
      },
      async (request) => {
        const sessionId = request.params.id;
        if (!UUID_PATTERN.test(sessionId)) throw notFoundError(MESSAGES.sessionNotFound);
        return endSession(request, sessionId, 'ended-by-owner', MESSAGES.sessionEnded);
      },
    );

    api.post(
      '/api/account/sessions/end-others',
      {
        schema: {
          tags: TAG,
          summary: 'Bu oturum dışındaki bütün oturumları sonlandır',
          security: [{ bearer: [] }],
          response: { 200: EndSessionsResponse, ...ERRORS },
        },
        config: { owner: true, scope: false, beforeSecondStep: true },
      },
      async (request) => {
        const userId = request.person.id;
        const sessionId = currentSession(request.person);
        const ended = await sessions.endAll(userId, sessionId, new Date());
        if (ended.length === 0) return succeeded({ message: MESSAGES.noOtherSessions, ended: 0 });
        const result = await decide(userId, {
          type: 'EndOtherSessions',
          data: { endedSessions: { keptSessionId: sessionId, count: ended.length }, now: new Date().toISOString() },
        });
        return succeeded({
          message: MESSAGES.otherSessionsEnded,
          ended: ended.length,
          position: result.position ?? undefined,
        });
      },
    );
  };

  async function endSession(
    request: FastifyRequest,
    sessionId: string,
    reason: 'signed-out' | 'ended-by-owner',
    message: string,
  ) {
    const userId = request.person.id;
    const now = new Date();
    // Another owner's session, an unknown or an ended one: not found, and nothing changes.
    if (!(await sessions.end(userId, sessionId, now))) throw notFoundError(MESSAGES.sessionNotFound);
    const result = await decide(userId, { type: 'EndSession', data: { sessionId, reason, now: now.toISOString() } });
    return succeeded({ message, position: result.position ?? undefined });
  }
}

type AuthenticatorTransportFuture = NonNullable<
  Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']
>[number];
