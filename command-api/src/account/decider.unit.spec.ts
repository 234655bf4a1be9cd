import { describe, it } from 'vitest';
import { MESSAGES, type AccountEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '../core/decider-specification.ts';
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
});
