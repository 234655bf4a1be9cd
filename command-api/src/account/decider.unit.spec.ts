import { describe, expect, it } from 'vitest';
import {
  DomainError,
  MESSAGES,
  PASSKEY_NAME_MAX_LENGTH,
  emailChangeLimitMessage,
  type AccountEvent,
  type ApiTokenScope,
} from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { accountDecider, type AccountCommand, type RegisterAccount, type StartSession } from './decider.ts';

const spec = deciderSpecification(accountDecider);
const userId = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const now = '2026-11-21T10:00:00.000Z';

function register(overrides: Partial<RegisterAccount['data']> = {}): RegisterAccount {
  return {
    type: 'RegisterAccount',
    data: { userId, email: 'ayse@example.com', firstName: 'Ayşe', lastName: 'Yılmaz', now, ...overrides },
  };
}

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { userId, email: 'ayse@example.com', firstName: 'Ayşe', lastName: 'Yılmaz', registeredAt: now },
};

describe('account decider', () => {
  describe('registering', () => {
    it('a new account is registered with a locale-free lower-cased, trimmed e-mail and trimmed names', () => {
      spec
        .given([])
        .when(register({ email: '  AYSE.Yilmaz@Example.COM ', firstName: ' Ayşe ', lastName: 'Yılmaz ' }))
        .then([
          {
            type: 'AccountRegistered',
            data: {
              userId,
              email: 'ayse.yilmaz@example.com',
              firstName: 'Ayşe',
              lastName: 'Yılmaz',
              registeredAt: now,
            },
          },
        ]);
    });

    it('an upper-case dotted I in an e-mail does not become a Turkish dotless ı', () => {
      spec
        .given([])
        .when(register({ email: 'IRMAK@EXAMPLE.COM' }))
        .then([{ type: 'AccountRegistered', data: { ...registered.data, email: 'irmak@example.com' } }]);
    });

    it('the same account cannot be registered twice', () => {
      spec.given([registered]).when(register()).thenThrows('conflict', MESSAGES.emailTaken);
    });

    it('a blank name is refused with the fill-all-fields message', () => {
      spec
        .given([])
        .when(register({ firstName: '   ' }))
        .thenThrows('validation', MESSAGES.fillAllFields);
    });

    it('an address without a domain is refused', () => {
      spec
        .given([])
        .when(register({ email: 'ayse@' }))
        .thenThrows('validation', MESSAGES.invalidEmail);
    });

    it('a script in a name is refused', () => {
      spec
        .given([])
        .when(register({ lastName: '<script>alert(1)</script>' }))
        .thenThrows('validation', MESSAGES.invalidName);
    });

    it('an SQL-looking name is refused', () => {
      spec
        .given([])
        .when(register({ firstName: "Robert'); DROP TABLE events;--" }))
        .thenThrows('validation');
    });

    it('names with apostrophes, hyphens and Turkish letters are welcome', () => {
      spec
        .given([])
        .when(register({ firstName: 'Şule-Nur', lastName: "O'Connor Çağlayan" }))
        .then([
          {
            type: 'AccountRegistered',
            data: { ...registered.data, firstName: 'Şule-Nur', lastName: "O'Connor Çağlayan" },
          },
        ]);
    });
  });

  describe('changing the password', () => {
    it('a registered account records that its password changed, without the hash', () => {
      spec
        .given([registered])
        .when({ type: 'ChangePassword', data: { userId, now } })
        .then([{ type: 'PasswordChanged', data: { userId, changedAt: now } }]);
    });

    it('an account that does not exist cannot change its password', () => {
      spec
        .given([])
        .when({ type: 'ChangePassword', data: { userId, now } })
        .thenThrows('not_found', MESSAGES.accountNotFound);
    });
  });

  describe('resetting a forgotten password', () => {
    const first = 'a1111111-1111-4111-8111-111111111111';
    const second = 'b2222222-2222-4222-8222-222222222222';
    const at = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
    const requested = (requestId: string, minutes = 0): AccountEvent => ({
      type: 'PasswordResetRequested',
      data: { userId, requestId, requestedAt: at(minutes), expiresAt: at(minutes + 30) },
    });

    it('a request records a link that works for 30 minutes, naming no secret', () => {
      spec
        .given([registered])
        .when({ type: 'RequestPasswordReset', data: { requestId: first, now } })
        .then([requested(first)]);
    });

    it('a request for an account that does not exist records nothing', () => {
      spec
        .given([])
        .when({ type: 'RequestPasswordReset', data: { requestId: first, now } })
        .then([]);
    });

    it('a fourth request within an hour records nothing (and so sends nothing); an hour later it is allowed again', () => {
      const three = [
        registered,
        requested(first, 0),
        requested(second, 10),
        requested('c3333333-3333-4333-8333-333333333333', 20),
      ];
      spec
        .given(three)
        .when({ type: 'RequestPasswordReset', data: { requestId: first, now: at(30) } })
        .then([]);
      spec
        .given(three)
        .when({ type: 'RequestPasswordReset', data: { requestId: second, now: at(61) } })
        .then([requested(second, 61)]);
    });

    it('the live link sets the password once', () => {
      spec
        .given([registered, requested(first)])
        .when({ type: 'ResetPassword', data: { requestId: first, now: at(29) } })
        .then([{ type: 'PasswordReset', data: { userId, requestId: first, resetAt: at(29) } }]);
    });

    it('a used link, an expired link, a superseded link and a link from before a password change are refused alike', () => {
      const used: AccountEvent = { type: 'PasswordReset', data: { userId, requestId: first, resetAt: at(5) } };
      const changed: AccountEvent = { type: 'PasswordChanged', data: { userId, changedAt: at(5) } };
      const refusedAfter = (history: AccountEvent[], minutes: number) =>
        spec
          .given([registered, ...history])
          .when({ type: 'ResetPassword', data: { requestId: first, now: at(minutes) } })
          .thenThrows('validation', MESSAGES.resetLinkInvalid);
      refusedAfter([requested(first), used], 6);
      refusedAfter([requested(first)], 31);
      refusedAfter([requested(first), requested(second, 1)], 2);
      refusedAfter([requested(first), changed], 6);
      refusedAfter([], 1);
    });
  });
  describe('account settings (/account)', () => {
    const rename = (firstName: string, lastName: string) =>
      ({ type: 'RenameAccount', data: { firstName, lastName, now } }) as const;
    const switchAlerts = (enabled: boolean) => ({ type: 'SwitchLeadAlerts', data: { enabled, now } }) as const;

    it('given an owner, when they rename themselves with spaces around, then the trimmed name is recorded', () => {
      spec
        .given([registered])
        .when(rename(' Çiğdem ', 'Öztürk Şahin '))
        .then([
          { type: 'AccountRenamed', data: { userId, firstName: 'Çiğdem', lastName: 'Öztürk Şahin', renamedAt: now } },
        ]);
    });

    it('given an owner, when they send their current name again, then nothing is recorded', () => {
      spec.given([registered]).when(rename('Ayşe', 'Yılmaz')).then([]);
    });

    it('given an owner, when the last name is blank, then it is refused and names the field', () => {
      spec.given([registered]).when(rename('Ayşe', '  ')).thenThrows('validation', MESSAGES.fillAllFields);
    });

    it('given an owner, when the name has digits, then the shared name rule refuses it', () => {
      spec.given([registered]).when(rename('Ayşe1', 'Yılmaz')).thenThrows('validation', MESSAGES.invalidName);
    });

    it('given no account, when renaming, then it is not found', () => {
      spec.given([]).when(rename('Ayşe', 'Yılmaz')).thenThrows('not_found', MESSAGES.accountNotFound);
    });

    it('given lead alerts on by default, when switched off and then off again, then only the first is recorded', () => {
      spec
        .given([registered])
        .when(switchAlerts(false))
        .then([{ type: 'LeadAlertsSwitched', data: { userId, enabled: false, switchedAt: now } }]);
      spec
        .given([registered, { type: 'LeadAlertsSwitched', data: { userId, enabled: false, switchedAt: now } }])
        .when(switchAlerts(false))
        .then([]);
      spec.given([registered]).when(switchAlerts(true)).then([]);
    });
  });

  describe('changing the e-mail address', () => {
    const first = 'a1111111-1111-4111-8111-111111111111';
    const second = 'b2222222-2222-4222-8222-222222222222';
    const third = 'c3333333-3333-4333-8333-333333333333';
    const at = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
    const DAY = 24 * 60;
    const ask = (requestId: string, newEmail: string, minutes = 0) =>
      ({ type: 'RequestEmailChange', data: { requestId, newEmail, now: at(minutes) } }) as const;
    const confirm = (requestId: string, minutes: number) =>
      ({ type: 'ConfirmEmailChange', data: { requestId, now: at(minutes) } }) as const;
    const requested = (requestId: string, newEmail = 'yeni@example.com', minutes = 0): AccountEvent => ({
      type: 'EmailChangeRequested',
      data: { userId, requestId, newEmail, requestedAt: at(minutes), expiresAt: at(minutes + DAY) },
    });
    const changed = (requestId: string, email = 'yeni@example.com', minutes = 5): AccountEvent => ({
      type: 'EmailChanged',
      data: { userId, email, requestId, changedAt: at(minutes) },
    });

    it('given an owner, when they ask for a new address typed with capitals and spaces, then a 24-hour link is recorded for the normalised address, naming no secret', () => {
      spec
        .given([registered])
        .when(ask(first, '  Yeni.Adres@Example.COM '))
        .then([requested(first, 'yeni.adres@example.com')]);
    });

    it('given an owner, when the address is blank, malformed or their own, then it is refused and names the field', () => {
      spec.given([registered]).when(ask(first, '  ')).thenThrows('validation', MESSAGES.emailChangeFieldsMissing);
      spec.given([registered]).when(ask(first, 'yeni@')).thenThrows('validation', MESSAGES.invalidEmail);
      spec
        .given([registered])
        .when(ask(first, 'AYSE@example.com'))
        .thenThrows('validation', MESSAGES.emailSameAsCurrent);
      spec
        .given([registered, requested(first), changed(first)])
        .when(ask(second, 'yeni@example.com', 10))
        .thenThrows('validation', MESSAGES.emailSameAsCurrent);
    });

    it('given no account, when asking, then it is not found', () => {
      spec.given([]).when(ask(first, 'yeni@example.com')).thenThrows('not_found', MESSAGES.accountNotFound);
    });

    it('given three requests within an hour, when a fourth is asked, then a 429 says how many minutes to wait; an hour after the first it is allowed', () => {
      const three = [
        registered,
        requested(first, 'a@example.com', 0),
        requested(second, 'b@example.com', 10),
        requested(third, 'c@example.com', 20),
      ];
      spec
        .given(three)
        .when(ask(first, 'd@example.com', 45))
        .thenThrows('rate_limited', emailChangeLimitMessage(15));
      spec
        .given(three)
        .when(ask(first, 'd@example.com', 61))
        .then([requested(first, 'd@example.com', 61)]);
    });

    it('given the live request, when its link is opened within 24 hours, then the address changes to the asked one', () => {
      spec
        .given([registered, requested(first)])
        .when(confirm(first, DAY - 1))
        .then([changed(first, 'yeni@example.com', DAY - 1)]);
    });

    it('given a newer request, when the older link is opened, then it is refused and the newer one works', () => {
      const history = [
        registered,
        requested(first, 'eski-istek@example.com'),
        requested(second, 'yeni@example.com', 1),
      ];
      spec.given(history).when(confirm(first, 2)).thenThrows('validation', MESSAGES.emailChangeLinkInvalid);
      spec
        .given(history)
        .when(confirm(second, 2))
        .then([changed(second, 'yeni@example.com', 2)]);
    });

    it('a used link, an expired link, an unknown link and a link from before a password change or reset are refused alike', () => {
      const refusedAfter = (history: AccountEvent[], minutes: number) =>
        spec
          .given([registered, ...history])
          .when(confirm(first, minutes))
          .thenThrows('validation', MESSAGES.emailChangeLinkInvalid);
      refusedAfter([requested(first), changed(first)], 6);
      refusedAfter([requested(first)], DAY + 1);
      refusedAfter([], 1);
      refusedAfter([requested(first), { type: 'PasswordChanged', data: { userId, changedAt: at(3) } }], 6);
      refusedAfter(
        [requested(first), { type: 'PasswordReset', data: { userId, requestId: second, resetAt: at(3) } }],
        6,
      );
    });

    it('given a pending e-mail change, when a password reset is asked for, then the reset link still works (the change does not end it)', () => {
      spec
        .given([
          registered,
          requested(first),
          {
            type: 'PasswordResetRequested',
            data: { userId, requestId: second, requestedAt: at(1), expiresAt: at(31) },
          },
        ])
        .when({ type: 'ResetPassword', data: { requestId: second, now: at(2) } })
        .then([{ type: 'PasswordReset', data: { userId, requestId: second, resetAt: at(2) } }]);
    });

    it('given a deleted account, when its link is opened, then it is refused', () => {
      spec
        .given([registered, requested(first), { type: 'AccountDeleted', data: { userId, deletedAt: at(1) } }])
        .when(confirm(first, 2))
        .thenThrows('validation', MESSAGES.emailChangeLinkInvalid);
    });
  });

  describe('deleting the account (KVKK)', () => {
    const deleteAccount = { type: 'DeleteAccount', data: { now: '2026-11-24T09:00:00.000Z' } } as const;
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { userId, deletedAt: '2026-11-24T09:00:00.000Z' } };

    it('a registered account is deleted', () => {
      spec.given([registered]).when(deleteAccount).then([deleted]);
    });

    it('an account that does not exist, or no longer does, cannot be deleted', () => {
      spec.given([]).when(deleteAccount).thenThrows('not_found', MESSAGES.accountNotFound);
      spec.given([registered, deleted]).when(deleteAccount).thenThrows('not_found', MESSAGES.accountNotFound);
    });

    it('after the deletion nothing more happens on the stream: no rename, no reset link, no registration', () => {
      spec
        .given([registered, deleted])
        .when({ type: 'RenameAccount', data: { firstName: 'Yeni', lastName: 'Ad', now } })
        .thenThrows('not_found', MESSAGES.accountNotFound);
      spec
        .given([registered, deleted])
        .when({ type: 'RequestPasswordReset', data: { requestId: 'r-1', now } })
        .then([]);
      spec.given([registered, deleted]).when(register()).thenThrows('conflict', MESSAGES.emailTaken);
    });
  });

  describe('sessions (every sign-in is one)', () => {
    const sessionId = 'd4444444-4444-4444-8444-444444444444';
    const otherSession = 'e5555555-5555-4555-8555-555555555555';
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { userId, deletedAt: now } };
    const start = (overrides: Partial<StartSession['data']> = {}): StartSession => ({
      type: 'StartSession',
      data: {
        sessionId,
        method: 'password',
        passkeyId: null,
        device: 'desktop',
        browser: 'Firefox',
        os: 'Linux',
        country: 'TR',
        city: 'İstanbul',
        newDevice: true,
        now,
        ...overrides,
      },
    });

    it('given an owner, when they sign in from a new laptop, then the session is recorded with what was read of the device', () => {
      spec
        .given([registered])
        .when(start())
        .then([
          {
            type: 'SessionStarted',
            data: {
              userId,
              sessionId,
              method: 'password',
              passkeyId: null,
              device: 'desktop',
              browser: 'Firefox',
              os: 'Linux',
              country: 'TR',
              city: 'İstanbul',
              newDevice: true,
              startedAt: now,
            },
          },
        ]);
    });

    it('given an owner with a passkey, when they sign in with it on a known phone, then the session names the passkey', () => {
      const passkeyId = 'f6666666-6666-4666-8666-666666666666';
      spec
        .given([registered])
        .when(start({ method: 'passkey', passkeyId, device: 'mobile', browser: null, os: 'iOS', newDevice: false }))
        .then([
          {
            type: 'SessionStarted',
            data: {
              userId,
              sessionId,
              method: 'passkey',
              passkeyId,
              device: 'mobile',
              browser: null,
              os: 'iOS',
              country: 'TR',
              city: 'İstanbul',
              newDevice: false,
              startedAt: now,
            },
          },
        ]);
    });

    it('given no account, or a deleted one, when a session would start, then it is not found', () => {
      spec.given([]).when(start()).thenThrows('not_found', MESSAGES.accountNotFound);
      spec.given([registered, deleted]).when(start()).thenThrows('not_found', MESSAGES.accountNotFound);
    });

    it('given an owner, when they sign out on this device, then that one session ends', () => {
      spec
        .given([registered])
        .when({ type: 'EndSession', data: { sessionId, reason: 'signed-out', now } })
        .then([{ type: 'SessionEnded', data: { userId, sessionId, reason: 'signed-out', endedAt: now } }]);
    });

    it('given an owner, when they end the phone session from the laptop, then it ends as ended by the owner', () => {
      spec
        .given([registered])
        .when({ type: 'EndSession', data: { sessionId: otherSession, reason: 'ended-by-owner', now } })
        .then([
          { type: 'SessionEnded', data: { userId, sessionId: otherSession, reason: 'ended-by-owner', endedAt: now } },
        ]);
    });

    it('given a deleted account, when a session would end, then it is not found', () => {
      spec
        .given([registered, deleted])
        .when({ type: 'EndSession', data: { sessionId, reason: 'signed-out', now } })
        .thenThrows('not_found', MESSAGES.accountNotFound);
    });

    it('given an owner with no other session open, when they end all the others, then nothing is recorded', () => {
      spec
        .given([registered])
        .when({ type: 'EndOtherSessions', data: { endedSessions: { keptSessionId: sessionId, count: 0 }, now } })
        .then([]);
    });

    it('given an owner signed in on three devices, when they end the others from this one, then all but this one end', () => {
      spec
        .given([registered])
        .when({ type: 'EndOtherSessions', data: { endedSessions: { keptSessionId: sessionId, count: 2 }, now } })
        .then([
          { type: 'SessionsEnded', data: { userId, keptSessionId: sessionId, reason: 'ended-by-owner', endedAt: now } },
        ]);
    });

    it('given no account, when other sessions would end, then it is not found', () => {
      spec
        .given([])
        .when({ type: 'EndOtherSessions', data: { endedSessions: { keptSessionId: sessionId, count: 1 }, now } })
        .thenThrows('not_found', MESSAGES.accountNotFound);
    });
  });

  describe('two-step sign-in with an authenticator app', () => {
    const sessionId = 'd4444444-4444-4444-8444-444444444444';
    const passkeyId = 'f6666666-6666-4666-8666-666666666666';
    const ended = (count: number) => ({ keptSessionId: sessionId, count });
    const enable = (count = 0) =>
      ({ type: 'EnableTwoFactor', data: { recoveryCodes: 10, endedSessions: ended(count), now } }) as const;
    const disable = (officeRequiresSecondStep: boolean, count = 0) =>
      ({ type: 'DisableTwoFactor', data: { officeRequiresSecondStep, endedSessions: ended(count), now } }) as const;
    const enabled: AccountEvent = { type: 'TwoFactorEnabled', data: { userId, recoveryCodes: 10, enabledAt: now } };
    const disabled: AccountEvent = { type: 'TwoFactorDisabled', data: { userId, disabledAt: now } };
    const passkeyAdded: AccountEvent = {
      type: 'PasskeyAdded',
      data: { userId, passkeyId, name: 'iPhone', addedAt: now },
    };
    const othersEnded: AccountEvent = {
      type: 'SessionsEnded',
      data: { userId, keptSessionId: sessionId, reason: 'two-factor-changed', endedAt: now },
    };

    it('given an owner signed in only here, when they turn it on, then it is on with ten recovery codes and no session ends', () => {
      spec.given([registered]).when(enable()).then([enabled]);
    });

    it('given an owner also signed in elsewhere, when they turn it on, then the other sessions are recorded as ended', () => {
      spec.given([registered]).when(enable(2)).then([enabled, othersEnded]);
    });

    it('given it is already on, when it is turned on again, then it is refused as a conflict (409)', () => {
      spec.given([registered, enabled]).when(enable()).thenThrows('conflict', MESSAGES.twoFactorAlreadyOn);
    });

    it('given it was turned off, when it is turned on again, then it is on again', () => {
      spec.given([registered, enabled, disabled]).when(enable()).then([enabled]);
    });

    it('given it is not on, when it is turned off, then it is refused (400)', () => {
      spec.given([registered]).when(disable(false)).thenThrows('validation', MESSAGES.twoFactorNotOn);
      spec
        .given([registered, enabled, disabled])
        .when(disable(false))
        .thenThrows('validation', MESSAGES.twoFactorNotOn);
    });

    it('given it is on and the office does not require a second step, when it is turned off, then it is off and the other sessions end', () => {
      spec.given([registered, enabled]).when(disable(false)).then([disabled]);
      spec.given([registered, enabled]).when(disable(false, 1)).then([disabled, othersEnded]);
    });

    it('given the office requires a second step and the owner has no passkey, when it is turned off, then it is refused', () => {
      spec
        .given([registered, enabled])
        .when(disable(true))
        .thenThrows('validation', MESSAGES.twoFactorRequiredByOffice);
    });

    it('given the office requires a second step and the passkey was removed, when it is turned off, then it is refused', () => {
      spec
        .given([
          registered,
          enabled,
          passkeyAdded,
          { type: 'PasskeyRemoved', data: { userId, passkeyId, removedAt: now } },
        ])
        .when(disable(true))
        .thenThrows('validation', MESSAGES.twoFactorRequiredByOffice);
    });

    it('given the office requires a second step and the owner has a passkey, when it is turned off, then the passkey is enough', () => {
      spec.given([registered, enabled, passkeyAdded]).when(disable(true)).then([disabled]);
    });

    it('given no account, when it would be turned on or off, then it is not found', () => {
      spec.given([]).when(enable()).thenThrows('not_found', MESSAGES.accountNotFound);
      spec.given([]).when(disable(false)).thenThrows('not_found', MESSAGES.accountNotFound);
    });

    it('given it is on, when a sign-in uses up a recovery code, then how many are left is recorded', () => {
      spec
        .given([registered, enabled])
        .when({ type: 'UseRecoveryCode', data: { remaining: 9, now } })
        .then([{ type: 'RecoveryCodeUsed', data: { userId, remaining: 9, usedAt: now } }]);
    });

    it('given a deleted account, when a recovery code would be used, then it is not found', () => {
      spec
        .given([registered, enabled, { type: 'AccountDeleted', data: { userId, deletedAt: now } }])
        .when({ type: 'UseRecoveryCode', data: { remaining: 9, now } })
        .thenThrows('not_found', MESSAGES.accountNotFound);
    });
  });

  describe('passkeys', () => {
    const passkeyId = 'f6666666-6666-4666-8666-666666666666';
    const secondPasskey = 'a7777777-7777-4777-8777-777777777777';
    const add = (name: string, id = passkeyId) => ({ type: 'AddPasskey', data: { passkeyId: id, name, now } }) as const;
    const remove = (officeRequiresSecondStep: boolean, id = passkeyId) =>
      ({ type: 'RemovePasskey', data: { passkeyId: id, officeRequiresSecondStep, now } }) as const;
    const added = (name = 'iPhone', id = passkeyId): AccountEvent => ({
      type: 'PasskeyAdded',
      data: { userId, passkeyId: id, name, addedAt: now },
    });
    const removed = (id = passkeyId): AccountEvent => ({
      type: 'PasskeyRemoved',
      data: { userId, passkeyId: id, removedAt: now },
    });
    const enabled: AccountEvent = { type: 'TwoFactorEnabled', data: { userId, recoveryCodes: 10, enabledAt: now } };

    /** The refusal a command meets after the history, for what `thenThrows` does not look at: the field it names. */
    function refusal(history: readonly AccountEvent[], command: AccountCommand): DomainError {
      const state = history.reduce(accountDecider.evolve, accountDecider.initialState);
      try {
        accountDecider.decide(command, state);
      } catch (error) {
        if (error instanceof DomainError) return error;
        throw error;
      }
      throw new Error('The command was not refused');
    }

    it('given an owner, when they add a passkey named with extra spaces, then it is recorded under the tidied name', () => {
      spec
        .given([registered])
        .when(add('  İş   bilgisayarı\t(Windows) '))
        .then([added('İş bilgisayarı (Windows)')]);
    });

    it('given an owner, when the name is blank, then it is refused and names the field', () => {
      spec.given([registered]).when(add('   ')).thenThrows('validation', MESSAGES.passkeyNameMissing);
      expect(refusal([registered], add('   ')).field).toBe('name');
    });

    it('given an owner, when the name is one letter too long, then it is refused and names the field; at the limit it is welcome', () => {
      const longest = 'ş'.repeat(PASSKEY_NAME_MAX_LENGTH);
      spec
        .given([registered])
        .when(add(`${longest}ş`))
        .thenThrows('validation', MESSAGES.passkeyNameTooLong);
      expect(refusal([registered], add(`${longest}ş`)).field).toBe('name');
      spec
        .given([registered])
        .when(add(longest))
        .then([added(longest)]);
    });

    it('given a passkey already added, when the same one is added again, then nothing is recorded', () => {
      spec.given([registered, added()]).when(add('Başka ad')).then([]);
    });

    it('given one passkey, when a second is added, then it is recorded', () => {
      spec
        .given([registered, added()])
        .when(add('Yedek anahtar', secondPasskey))
        .then([added('Yedek anahtar', secondPasskey)]);
    });

    it('given no account, when a passkey would be added, then it is not found', () => {
      spec.given([]).when(add('iPhone')).thenThrows('not_found', MESSAGES.accountNotFound);
    });

    it('given a passkey, when it is removed, then its removal is recorded', () => {
      spec.given([registered, added()]).when(remove(false)).then([removed()]);
    });

    it('given no such passkey (never added, or already removed), when it is removed, then it is not found (404)', () => {
      spec.given([registered]).when(remove(false)).thenThrows('not_found', MESSAGES.passkeyNotFound);
      spec
        .given([registered, added(), removed()])
        .when(remove(false))
        .thenThrows('not_found', MESSAGES.passkeyNotFound);
      spec
        .given([registered, added()])
        .when(remove(false, secondPasskey))
        .thenThrows('not_found', MESSAGES.passkeyNotFound);
    });

    it('given the office requires a second step and the app is off, when the last passkey is removed, then it is refused', () => {
      spec.given([registered, added()]).when(remove(true)).thenThrows('validation', MESSAGES.passkeyLastSecondStep);
    });

    it('given the office requires a second step, when a passkey is removed that is not the last or the app is on, then it goes', () => {
      spec
        .given([registered, added(), added('Yedek', secondPasskey)])
        .when(remove(true))
        .then([removed()]);
      spec.given([registered, enabled, added()]).when(remove(true)).then([removed()]);
    });

    it('given the office does not require a second step, when the last passkey is removed, then it goes', () => {
      spec.given([registered, added()]).when(remove(false)).then([removed()]);
    });
  });

  describe('securing the account ends the other sessions', () => {
    const kept = 'd4444444-4444-4444-8444-444444444444';
    const requestId = 'a1111111-1111-4111-8111-111111111111';
    const at = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
    const resetAsked: AccountEvent = {
      type: 'PasswordResetRequested',
      data: { userId, requestId, requestedAt: now, expiresAt: at(30) },
    };
    const emailChangeAsked: AccountEvent = {
      type: 'EmailChangeRequested',
      data: { userId, requestId, newEmail: 'yeni@example.com', requestedAt: now, expiresAt: at(24 * 60) },
    };
    const passwordChanged: AccountEvent = { type: 'PasswordChanged', data: { userId, changedAt: at(1) } };
    const passwordReset: AccountEvent = { type: 'PasswordReset', data: { userId, requestId, resetAt: at(1) } };
    const emailChanged: AccountEvent = {
      type: 'EmailChanged',
      data: { userId, email: 'yeni@example.com', requestId, changedAt: at(1) },
    };

    it('given an owner signed in on two devices, when they change the password here, then the other session ends and this one stays', () => {
      spec
        .given([registered])
        .when({
          type: 'ChangePassword',
          data: { userId, now: at(1), endedSessions: { keptSessionId: kept, count: 1 } },
        })
        .then([
          passwordChanged,
          {
            type: 'SessionsEnded',
            data: { userId, keptSessionId: kept, reason: 'password-changed', endedAt: at(1) },
          },
        ]);
    });

    it('given an owner signed in nowhere else, when they change the password, then only the change is recorded', () => {
      spec
        .given([registered])
        .when({
          type: 'ChangePassword',
          data: { userId, now: at(1), endedSessions: { keptSessionId: kept, count: 0 } },
        })
        .then([passwordChanged]);
      spec
        .given([registered])
        .when({ type: 'ChangePassword', data: { userId, now: at(1) } })
        .then([passwordChanged]);
    });

    it('given a live reset link, when the password is reset from a signed-out browser, then every session ends (none kept)', () => {
      spec
        .given([registered, resetAsked])
        .when({
          type: 'ResetPassword',
          data: { requestId, now: at(1), endedSessions: { keptSessionId: null, count: 3 } },
        })
        .then([
          passwordReset,
          { type: 'SessionsEnded', data: { userId, keptSessionId: null, reason: 'password-reset', endedAt: at(1) } },
        ]);
    });

    it('given a live reset link and no session open, when the password is reset, then only the reset is recorded', () => {
      spec
        .given([registered, resetAsked])
        .when({
          type: 'ResetPassword',
          data: { requestId, now: at(1), endedSessions: { keptSessionId: null, count: 0 } },
        })
        .then([passwordReset]);
      spec
        .given([registered, resetAsked])
        .when({ type: 'ResetPassword', data: { requestId, now: at(1) } })
        .then([passwordReset]);
    });

    it('given a live e-mail change link, when it is opened, then the address changes and the other sessions end', () => {
      spec
        .given([registered, emailChangeAsked])
        .when({
          type: 'ConfirmEmailChange',
          data: { requestId, now: at(1), endedSessions: { keptSessionId: kept, count: 2 } },
        })
        .then([
          emailChanged,
          { type: 'SessionsEnded', data: { userId, keptSessionId: kept, reason: 'email-changed', endedAt: at(1) } },
        ]);
    });

    it('given a live e-mail change link and no other session, when it is opened, then only the change is recorded', () => {
      spec
        .given([registered, emailChangeAsked])
        .when({
          type: 'ConfirmEmailChange',
          data: { requestId, now: at(1), endedSessions: { keptSessionId: kept, count: 0 } },
        })
        .then([emailChanged]);
      spec
        .given([registered, emailChangeAsked])
        .when({ type: 'ConfirmEmailChange', data: { requestId, now: at(1) } })
        .then([emailChanged]);
    });
  });

  describe('personal API tokens (issue 35)', () => {
    const tokenId = 'b8888888-8888-4888-8888-888888888888';
    const expiresAt = '2027-02-19T10:00:00.000Z';
    const create = (overrides: Partial<{ name: string; scopes: string[]; expiresAt: string; tokenId: string }> = {}) =>
      ({
        type: 'CreateApiToken',
        data: { tokenId, name: 'Zapier', scopes: ['leads:read'], expiresAt, now, ...overrides },
      }) as const;
    const created = (id = tokenId, scopes: ApiTokenScope[] = ['leads:read']) =>
      ({
        type: 'ApiTokenCreated',
        data: { userId, tokenId: id, name: 'Zapier', scopes, expiresAt, createdAt: now },
      }) as AccountEvent;
    const revoke = (id = tokenId) => ({ type: 'RevokeApiToken', data: { tokenId: id, now } }) as const;
    const revoked = (id = tokenId): AccountEvent => ({
      type: 'ApiTokenRevoked',
      data: { userId, tokenId: id, revokedAt: now },
    });

    it('given an owner, when they create a token with a tidy name, scopes out of order and a 90-day expiry, then it is recorded with the scopes in the list order', () => {
      spec
        .given([registered])
        .when(create({ name: '  Zapier  ', scopes: ['statistics:read', 'leads:read', 'leads:read'] }))
        .then([created(tokenId, ['leads:read', 'statistics:read'])]);
    });

    it('given an owner, when the name is blank, no scope, an unknown scope, or the expiry too soon, too late or not a date, then it is refused in Turkish', () => {
      spec
        .given([registered])
        .when(create({ name: ' ' }))
        .thenThrows('validation', MESSAGES.apiTokenNameMissing);
      spec
        .given([registered])
        .when(create({ scopes: [] }))
        .thenThrows('validation', MESSAGES.apiTokenScopesMissing);
      spec
        .given([registered])
        .when(create({ scopes: ['leads:delete'] }))
        .thenThrows('validation', MESSAGES.apiTokenScopeUnknown);
      spec
        .given([registered])
        .when(create({ expiresAt: '2026-11-21T12:00:00.000Z' }))
        .thenThrows('validation', MESSAGES.apiTokenExpiryTooSoon);
      spec
        .given([registered])
        .when(create({ expiresAt: '2027-11-23T10:00:00.000Z' }))
        .thenThrows('validation', MESSAGES.apiTokenExpiryTooLate);
      spec
        .given([registered])
        .when(create({ expiresAt: 'yarın' }))
        .thenThrows('validation', MESSAGES.apiTokenExpiryInvalid);
    });

    it('given twenty live tokens, when a twenty-first is created, then it is refused; an expired one does not count', () => {
      const ids = Array.from({ length: 20 }, (_, i) => `c${String(i).padStart(7, '0')}-8888-4888-8888-888888888888`);
      const twenty = ids.map((id) => created(id));
      spec
        .given([registered, ...twenty])
        .when(create())
        .thenThrows('conflict', MESSAGES.apiTokenLimitReached);
      const expired: AccountEvent = {
        type: 'ApiTokenCreated',
        data: { userId, tokenId: ids[0] ?? '', name: 'Eski', scopes: ['leads:read'], expiresAt: now, createdAt: now },
      };
      spec
        .given([registered, expired, ...twenty.slice(1)])
        .when(create())
        .then([created()]);
    });

    it('given a token, when it is revoked, then that is recorded; revoking it again records nothing', () => {
      spec.given([registered, created()]).when(revoke()).then([revoked()]);
      spec.given([registered, created(), revoked()]).when(revoke()).then([]);
    });

    it('given no such token on this account, when it is revoked, then it is not found', () => {
      spec
        .given([registered, created()])
        .when(revoke('d9999999-9999-4999-8999-999999999999'))
        .thenThrows('not_found', MESSAGES.apiTokenNotFound);
    });

    it('given a token, when the password is changed, then the token stays (only sessions end)', () => {
      spec
        .given([registered, created(), { type: 'PasswordChanged', data: { userId, changedAt: now } }])
        .when(revoke())
        .then([revoked()]);
    });
  });
});
