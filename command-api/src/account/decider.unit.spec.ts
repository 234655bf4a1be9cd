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
            data: { userId, email: 'ayse.yilmaz@example.com', firstName: 'Ayşe', lastName: 'Yılmaz', registeredAt: now },
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
      spec.given([]).when(register({ firstName: '   ' })).thenThrows('validation', MESSAGES.fillAllFields);
    });

    it('an address without a domain is refused', () => {
      spec.given([]).when(register({ email: 'ayse@' })).thenThrows('validation', MESSAGES.invalidEmail);
    });

    it('a script in a name is refused', () => {
      spec
        .given([])
        .when(register({ lastName: '<script>alert(1)</script>' }))
        .thenThrows('validation', MESSAGES.invalidName);
    });

    it('an SQL-looking name is refused', () => {
      spec.given([]).when(register({ firstName: "Robert'); DROP TABLE events;--" })).thenThrows('validation');
    });

    it('names with apostrophes, hyphens and Turkish letters are welcome', () => {
      spec
        .given([])
        .when(register({ firstName: 'Şule-Nur', lastName: "O'Connor Çağlayan" }))
        .then([{ type: 'AccountRegistered', data: { ...registered.data, firstName: 'Şule-Nur', lastName: "O'Connor Çağlayan" } }]);
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
      spec.given([]).when({ type: 'ChangePassword', data: { userId, now } }).thenThrows('not_found', MESSAGES.accountNotFound);
    });
  });
});
