import { describe, it } from 'vitest';
import { MESSAGES, emailChangeLimitMessage, type AccountEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { accountDecider, type RegisterAccount } from './decider.ts';

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
});
