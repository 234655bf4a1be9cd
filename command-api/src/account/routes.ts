import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AuthSuccess,
  ChangeEmailBody,
  ChangeEmailResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  ConfirmEmailBody,
  DeleteAccountBody,
  DeleteAccountResponse,
  DomainError,
  ErrorResponse,
  errorAnswers,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LeadAlertsBody,
  LeadAlertsResponse,
  LoginBody,
  MESSAGES,
  RegisterBody,
  RenameAccountBody,
  RenameAccountResponse,
  ResetPasswordBody,
  accountStreamId,
  conflictError,
  emailChangeSentMessage,
  isValidEmail,
  loginProblem,
  normaliseEmail,
  passwordProblem,
  registrationProblem,
  signInLockedMessage,
  unauthenticatedError,
  validationError,
} from '@kartvizit/schemas';
import { ConcurrencyError, type AppendRequest } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';
import { accountDecider } from './decider.ts';
import { emailClaims } from './email-claims.ts';
import type { AccountTools } from './tools.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { succeeded } from '@kartvizit/infra/http/answers';
import { TOKEN_TTL_SECONDS, SecondStepRequired } from '@kartvizit/schemas';
import { sessionStarter, toUser } from './session-start.ts';

const TAG = ['account'];
const ERRORS = errorAnswers(400, 401, 409, 413, 415, 429);

/**
 * What deleting an account writes in the office it is in (issue 30), with the AccountDeleted: it leaves (its office
 * cards back in the pool); refused (officeLastAdmin) for the last Yönetici of an office with other members.
 */
export interface OfficeOnDeletion {
  readonly onAccountDeletion: (userId: string, now: string) => Promise<readonly AppendRequest[]>;
  /** Streams of those writes that, moved meanwhile, mean "decide again". */
  readonly movedMeanwhile: (streamId: string) => boolean;
}

export function accountRoutes(context: CommandContext, tools: AccountTools, office: OfficeOnDeletion) {
  const { commands, authRateLimit, codec } = context;
  const { credentials, tokens, signIn, resetTokens, emailChangeTokens, sessions, challenges } = tools;
  const claims = emailClaims(context);
  const startSession = sessionStarter(context, tools);
  /** With two-step sign-in on, a right password (or a reset) opens no session: a challenge for the code does. */
  const secondStepFor = async (userId: string, deviceId: string | null) => {
    const twoFactor = await tools.twoFactor.find(userId);
    if (!twoFactor?.enabledAt) return null;
    const challenge = await challenges.create('second-step', userId, tools.securityNow(), { deviceId });
    return {
      success: true as const,
      twoFactorRequired: true as const,
      challenge,
      message: MESSAGES.secondStepRequired,
    };
  };
  const signInAnswers = { 200: Type.Union([AuthSuccess, SecondStepRequired]), ...ERRORS };

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/auth/register',
      {
        schema: { tags: TAG, body: RegisterBody, response: { 200: AuthSuccess, ...ERRORS } },
        config: { messages: { missingField: MESSAGES.fillAllFields }, rateLimit: authRateLimit },
      },
      async (request) => {
        const problem = registrationProblem(request.body);
        if (problem) throw validationError(problem);
        const userId = randomUUID();
        const now = new Date();
        const email = normaliseEmail(request.body.email);
        await credentials.create(userId, await hashPassword(request.body.password), now);
        try {
          const result = await commands.handle(
            accountDecider,
            accountStreamId(userId),
            { type: 'RegisterAccount', data: { ...request.body, userId, email, now: now.toISOString() } },
            {
              metadata: { actor: userId },
              alsoAppend: async () => {
                const claim = await claims.claim(email, userId, now.toISOString());
                return claim ? [claim] : [];
              },
            },
          );
          const started = await startSession(request, { userId, method: 'registration', newDevice: false });
          return succeeded({
            token: started.token,
            deviceToken: signIn.deviceTokenFor(email),
            user: toUser(started.state),
            message: MESSAGES.registerSuccess,
            position: started.position ?? result.position ?? undefined,
          });
        } catch (error) {
          await credentials.remove(userId);
          if (error instanceof ConcurrencyError && claims.isClaimStreamOf(error.streamId, email)) {
            throw conflictError(MESSAGES.emailTaken, 'email');
          }
          throw error;
        }
      },
    );

    api.post(
      '/api/auth/login',
      {
        schema: { tags: TAG, body: LoginBody, response: signInAnswers },
        config: { messages: { missingField: MESSAGES.fillAllFields }, rateLimit: authRateLimit },
      },
      async (request, reply) => {
        const problem = loginProblem(request.body);
        if (problem) throw validationError(problem);
        const email = normaliseEmail(request.body.email);
        // Per address (or per known device), before any password is checked: while locked, nothing is checked.
        const attempt = await signIn.admit(email, request.body.deviceTokens ?? []);
        if (!attempt.admitted) {
          reply.header('retry-after', String(attempt.retryAfterSeconds));
          throw new DomainError('rate_limited', signInLockedMessage(attempt.retryAfterSeconds));
        }
        const userId = await claims.holderOf(email);
        const credential = userId !== null ? await credentials.find(userId) : null;
        const valid = credential
          ? await verifyPassword(credential.passwordHash, request.body.password)
          : await burnPasswordCheck(request.body.password);
        if (!credential || !valid) {
          signIn.failed(attempt, request.log);
          throw unauthenticatedError(MESSAGES.invalidCredentials);
        }
        const secondStep = await secondStepFor(credential.userId, attempt.deviceId);
        if (secondStep) {
          await signIn.passwordAccepted(attempt);
          return secondStep;
        }
        const deviceToken = await signIn.succeeded(attempt);
        const started = await startSession(request, {
          userId: credential.userId,
          method: 'password',
          newDevice: attempt.deviceId === null,
        });
        return succeeded({
          token: started.token,
          deviceToken,
          user: toUser(started.state),
          message: MESSAGES.loginSuccess,
          position: started.position ?? undefined,
        });
      },
    );

    api.post(
      '/api/auth/change-password',
      {
        schema: { tags: TAG, body: ChangePasswordBody, response: { 200: ChangePasswordResponse, ...ERRORS } },
        config: {
          owner: true,
          scope: false,
          messages: { missingField: MESSAGES.fillAllFields },
          rateLimit: authRateLimit,
        },
      },
      async (request) => {
        const userId = request.person.id;
        const { currentPassword, newPassword } = request.body;
        if (!currentPassword || !newPassword) throw validationError(MESSAGES.fillAllFields);
        const problem = passwordProblem(newPassword);
        if (problem) throw validationError(problem, 'newPassword');
        if (newPassword === currentPassword) throw validationError(MESSAGES.newPasswordSameAsCurrent, 'newPassword');
        const credential = await credentials.find(userId);
        if (!credential) throw unauthenticatedError(MESSAGES.sessionExpired);
        // A wrong current password is a 400, not a 401: a 401 would sign the user out.
        if (!(await verifyPassword(credential.passwordHash, currentPassword))) {
          throw validationError(MESSAGES.currentPasswordWrong, 'currentPassword');
        }
        const now = new Date();
        const replaced = await credentials.replace(
          userId,
          credential.passwordHash,
          await hashPassword(newPassword),
          now,
        );
        if (!replaced) throw conflictError(MESSAGES.conflict);
        // This session stays signed in with a new token; every other one ends.
        const sessionId = request.person.sessionId ?? null;
        const ended = await sessions.endAll(userId, sessionId, now);
        const result = await commands.handle(
          accountDecider,
          accountStreamId(userId),
          {
            type: 'ChangePassword',
            data: { userId, now: now.toISOString(), endedSessions: { keptSessionId: sessionId, count: ended.length } },
          },
          { metadata: { actor: userId } },
        );
        if (!sessionId) throw unauthenticatedError(MESSAGES.sessionExpired);
        await sessions.extend(sessionId, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000));
        const token = await tokens.issue(userId, sessionId, now, now);
        return succeeded({ message: MESSAGES.passwordChanged, token, position: result.position ?? '' });
      },
    );

    api.post(
      '/api/auth/forgot-password',
      {
        schema: { tags: TAG, body: ForgotPasswordBody, response: { 200: ForgotPasswordResponse, ...ERRORS } },
        config: { messages: { missingField: MESSAGES.fillAllFields }, rateLimit: authRateLimit },
      },
      async (request) => {
        const email = normaliseEmail(request.body.email);
        if (!email) throw validationError(MESSAGES.fillAllFields, 'email');
        if (!isValidEmail(email)) throw validationError(MESSAGES.invalidEmail, 'email');
        const userId = await claims.holderOf(email);
        // The same answer either way: whether an account has this address is not told here.
        if (userId !== null) {
          await commands.handle(
            accountDecider,
            accountStreamId(userId),
            { type: 'RequestPasswordReset', data: { requestId: randomUUID(), now: new Date().toISOString() } },
            { metadata: { actor: 'visitor' } },
          );
        }
        return succeeded({ message: MESSAGES.resetLinkSent });
      },
    );

    api.post(
      '/api/auth/reset-password',
      {
        schema: { tags: TAG, body: ResetPasswordBody, response: signInAnswers },
        config: { messages: { missingField: MESSAGES.fillAllFields }, rateLimit: authRateLimit },
      },
      async (request) => {
        const { token, newPassword } = request.body;
        const link = resetTokens.verify(token);
        if (!link) throw validationError(MESSAGES.resetLinkInvalid, 'token');
        const problem = passwordProblem(newPassword);
        if (problem) throw validationError(problem, 'newPassword');
        const now = new Date();
        const command = { type: 'ResetPassword' as const, data: { requestId: link.requestId, now: now.toISOString() } };
        // Asked first without writing anything: a used, superseded or expired link changes no password.
        const { state } = await commands.load(accountDecider, accountStreamId(link.userId));
        accountDecider.decide(command, state);
        const credential = await credentials.find(link.userId);
        if (!credential || state.status !== 'registered') throw validationError(MESSAGES.resetLinkInvalid, 'token');
        // Every session signed in before now ends (tokens issued before tokensValidAfter are refused).
        const replaced = await credentials.replace(
          link.userId,
          credential.passwordHash,
          await hashPassword(newPassword),
          now,
        );
        if (!replaced) throw conflictError(MESSAGES.conflict);
        const ended = await sessions.endAll(link.userId, null, now);
        const result = await commands.handle(
          accountDecider,
          accountStreamId(link.userId),
          { ...command, data: { ...command.data, endedSessions: { keptSessionId: null, count: ended.length } } },
          { metadata: { actor: link.userId } },
        );
        // The link proves the mailbox, not the second step: with two-step sign-in on, the code still decides.
        const secondStep = await secondStepFor(link.userId, null);
        if (secondStep)
          return { ...secondStep, message: `${MESSAGES.passwordResetDone}. ${MESSAGES.secondStepRequired}` };
        const started = await startSession(request, { userId: link.userId, method: 'link', newDevice: false });
        return succeeded({
          token: started.token,
          deviceToken: signIn.deviceTokenFor(state.email),
          user: toUser(started.state),
          message: MESSAGES.passwordResetDone,
          position: started.position ?? result.position ?? undefined,
        });
      },
    );
    api.put(
      '/api/account/name',
      {
        schema: { tags: TAG, body: RenameAccountBody, response: { 200: RenameAccountResponse, ...ERRORS } },
        config: { owner: true, scope: false, messages: { missingField: MESSAGES.fillAllFields } },
      },
      async (request) => {
        const userId = request.person.id;
        const result = await commands.handle(
          accountDecider,
          accountStreamId(userId),
          { type: 'RenameAccount', data: { ...request.body, now: new Date().toISOString() } },
          { metadata: { actor: userId } },
        );
        return succeeded({
          message: MESSAGES.accountRenamed,
          user: toUser(result.state),
          position: result.position ?? undefined,
        });
      },
    );

    api.delete(
      '/api/account',
      {
        schema: {
          tags: TAG,
          summary: 'Hesabı ve tüm verileri sil (KVKK)',
          security: [{ bearer: [] }],
          body: DeleteAccountBody,
          response: { 200: DeleteAccountResponse, ...ERRORS, 404: ErrorResponse },
        },
        config: {
          owner: true,
          scope: false,
          beforeSecondStep: true,
          messages: { missingField: MESSAGES.deletePasswordMissing },
          rateLimit: authRateLimit,
        },
      },
      async (request) => {
        const userId = request.person.id;
        const { password } = request.body;
        if (!password) throw validationError(MESSAGES.deletePasswordMissing, 'password');
        const credential = await credentials.find(userId);
        if (!credential) throw unauthenticatedError(MESSAGES.sessionExpired);
        // A 400, not a 401: a 401 would sign the user out.
        if (!(await verifyPassword(credential.passwordHash, password))) {
          throw validationError(MESSAGES.deletePasswordWrong, 'password');
        }
        const now = new Date().toISOString();
        const { state } = await commands.load(accountDecider, accountStreamId(userId));
        const email = state.status === 'registered' ? state.email : null;
        let result;
        try {
          // The address goes back in the same write: from this event on, it can be registered again. The office is
          // left in it too, so no office card stays held by an account that is gone.
          result = await commands.handle(
            accountDecider,
            accountStreamId(userId),
            { type: 'DeleteAccount', data: { now } },
            {
              metadata: { actor: userId },
              alsoAppend: async () => {
                const release = email ? await claims.release(email, userId, now) : null;
                return [...(release ? [release] : []), ...(await office.onAccountDeletion(userId, now))];
              },
              decideAgainWhenMoved: office.movedMeanwhile,
            },
          );
        } catch (error) {
          if (error instanceof ConcurrencyError && email && claims.isClaimStreamOf(error.streamId, email)) {
            throw conflictError(MESSAGES.conflict);
          }
          throw error;
        }
        // At once, so the answer means it: every session ends, and the person's sealed data is unreadable. The
        // account-erasure reactor does both again (idempotently) with the rest, should this process stop here.
        await credentials.remove(userId);
        await codec.forget(userId);
        return succeeded({ message: MESSAGES.accountDeleted, position: result.position ?? '' });
      },
    );

    api.post(
      '/api/account/email',
      {
        schema: {
          tags: TAG,
          summary: 'E-posta adresini değiştirmek için yeni adrese onay bağlantısı gönder',
          security: [{ bearer: [] }],
          body: ChangeEmailBody,
          response: { 200: ChangeEmailResponse, ...ERRORS },
        },
        config: {
          owner: true,
          scope: false,
          messages: { missingField: MESSAGES.emailChangeFieldsMissing },
          rateLimit: authRateLimit,
        },
      },
      async (request) => {
        const userId = request.person.id;
        const newEmail = normaliseEmail(request.body.newEmail);
        const { password } = request.body;
        if (!newEmail) throw validationError(MESSAGES.emailChangeFieldsMissing, 'newEmail');
        if (!password) throw validationError(MESSAGES.emailChangeFieldsMissing, 'password');
        if (!isValidEmail(newEmail)) throw validationError(MESSAGES.invalidEmail, 'newEmail');
        const credential = await credentials.find(userId);
        if (!credential) throw unauthenticatedError(MESSAGES.sessionExpired);
        // A 400, not a 401: a 401 would sign the user out.
        if (!(await verifyPassword(credential.passwordHash, password))) {
          throw validationError(MESSAGES.currentPasswordWrong, 'password');
        }
        // Told now rather than after the link (GitHub does the same); the confirmation checks again, atomically.
        const holder = await claims.holderOf(newEmail);
        if (holder !== null && holder !== userId) throw conflictError(MESSAGES.emailTaken, 'newEmail');
        const result = await commands.handle(
          accountDecider,
          accountStreamId(userId),
          { type: 'RequestEmailChange', data: { requestId: randomUUID(), newEmail, now: tools.now().toISOString() } },
          { metadata: { actor: userId } },
        );
        return succeeded({ message: emailChangeSentMessage(newEmail), position: result.position ?? '' });
      },
    );

    api.post(
      '/api/account/email/confirm',
      {
        schema: {
          tags: TAG,
          summary: 'Yeni e-posta adresini e-postadaki bağlantıyla onayla (oturum açar)',
          body: ConfirmEmailBody,
          response: signInAnswers,
        },
        config: { messages: { missingField: MESSAGES.emailChangeLinkInvalid }, rateLimit: authRateLimit },
      },
      async (request) => {
        const link = emailChangeTokens.verify(request.body.token);
        if (!link) throw validationError(MESSAGES.emailChangeLinkInvalid, 'token');
        const at = tools.now().toISOString();
        const command = { type: 'ConfirmEmailChange' as const, data: { requestId: link.requestId, now: at } };
        // Asked first without writing anything: a used, superseded or expired link changes nothing.
        const { state } = await commands.load(accountDecider, accountStreamId(link.userId));
        accountDecider.decide(command, state);
        if (state.status !== 'registered' || !state.pendingEmailChange) {
          throw validationError(MESSAGES.emailChangeLinkInvalid, 'token');
        }
        const oldEmail = state.email;
        const newEmail = state.pendingEmailChange.newEmail;
        // Every session ends once the address has moved (tokens issued before now are refused too); this browser is
        // signed in anew. A refused confirmation (the address taken meanwhile) ends none.
        const endedAt = new Date();
        const endedSessions = { keptSessionId: null, count: await sessions.countLive(link.userId, null) };
        let result;
        try {
          // One atomic write: the account's new address, the new address's claim, the old address given back. Of
          // this and a registration (or another account's confirmation) racing for the address, exactly one wins.
          result = await commands.handle(
            accountDecider,
            accountStreamId(link.userId),
            { ...command, data: { ...command.data, endedSessions } },
            {
              metadata: { actor: link.userId },
              alsoAppend: async () => {
                const writes: (AppendRequest | null)[] = [
                  await claims.claim(newEmail, link.userId, at),
                  await claims.release(oldEmail, link.userId, at),
                ];
                return writes.filter((write): write is AppendRequest => write !== null);
              },
            },
          );
        } catch (error) {
          if (error instanceof ConcurrencyError && claims.isClaimStreamOf(error.streamId, newEmail)) {
            throw conflictError(MESSAGES.emailTaken, 'token');
          }
          if (error instanceof ConcurrencyError) throw conflictError(MESSAGES.conflict);
          throw error;
        }
        // Real time here, whatever the account clock says: the session token's iat must be now.
        await sessions.endAll(link.userId, null, endedAt);
        if (!(await credentials.endSessions(link.userId, endedAt)))
          throw validationError(MESSAGES.emailChangeLinkInvalid, 'token');
        const secondStep = await secondStepFor(link.userId, null);
        if (secondStep) return { ...secondStep, message: `${MESSAGES.emailChanged}. ${MESSAGES.secondStepRequired}` };
        const started = await startSession(request, { userId: link.userId, method: 'link', newDevice: false });
        return succeeded({
          token: started.token,
          deviceToken: signIn.deviceTokenFor(newEmail),
          user: toUser(started.state),
          message: MESSAGES.emailChanged,
          position: started.position ?? result.position ?? undefined,
        });
      },
    );

    api.put(
      '/api/account/lead-alerts',
      {
        schema: { tags: TAG, body: LeadAlertsBody, response: { 200: LeadAlertsResponse, ...ERRORS } },
        config: { owner: true, scope: false, messages: { missingField: MESSAGES.leadAlertsInvalid } },
      },
      async (request) => {
        const userId = request.person.id;
        const { enabled } = request.body;
        const result = await commands.handle(
          accountDecider,
          accountStreamId(userId),
          { type: 'SwitchLeadAlerts', data: { enabled, now: new Date().toISOString() } },
          { metadata: { actor: userId } },
        );
        return succeeded({
          message: enabled ? MESSAGES.leadAlertsOn : MESSAGES.leadAlertsOff,
          enabled,
          position: result.position ?? undefined,
        });
      },
    );
  };
}
