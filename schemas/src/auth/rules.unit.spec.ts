import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { registrationProblem } from './rules.ts';

const valid = { firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', password: 'gizli123', confirmPassword: 'gizli123' };

describe('registration rules, in the order the screen reports them (SPEC §5)', () => {
  it('all fields are required first, even when other rules also fail', () => {
    expect(registrationProblem({ ...valid, firstName: '', password: '1' })).toBe(MESSAGES.fillAllFields);
  });
  it('then a password of at least 6 characters, before the confirmation is compared', () => {
    expect(registrationProblem({ ...valid, password: '12345', confirmPassword: 'x' })).toBe(MESSAGES.passwordTooShort);
  });
  it('then the confirmation, before the e-mail is checked', () => {
    expect(registrationProblem({ ...valid, confirmPassword: 'gizli124', email: 'bad' })).toBe(MESSAGES.passwordsDoNotMatch);
  });
  it('then the e-mail address', () => {
    expect(registrationProblem({ ...valid, email: 'ayse@localhost' })).toBe(MESSAGES.invalidEmail);
  });
  it('the server, which has no confirmation field, skips that rule', () => {
    const { confirmPassword: _ignored, ...serverInput } = valid;
    expect(registrationProblem(serverInput)).toBeNull();
  });
});
