import { describe, expect, it } from 'vitest';
import { webAuthnAlreadyRegistered, webAuthnCancelled } from './security-webauthn.ts';

function webAuthnError(name: string, code: string): Error {
  return Object.assign(new Error('x'), { name, code });
}

describe('webAuthnCancelled', () => {
  it('is the person closing the dialog or choosing nothing', () => {
    expect(webAuthnCancelled(webAuthnError('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))).toBe(true);
    expect(webAuthnCancelled(webAuthnError('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBe(true);
    expect(webAuthnCancelled(new DOMException('cancelled', 'NotAllowedError'))).toBe(true);
  });
  it('is not a real failure', () => {
    expect(webAuthnCancelled(webAuthnError('SecurityError', 'ERROR_INVALID_DOMAIN'))).toBe(false);
    expect(webAuthnCancelled(new Error('boom'))).toBe(false);
    expect(webAuthnCancelled(null)).toBe(false);
  });
});

describe('webAuthnAlreadyRegistered', () => {
  it('is the authenticator the server excluded', () => {
    expect(
      webAuthnAlreadyRegistered(webAuthnError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')),
    ).toBe(true);
    expect(webAuthnAlreadyRegistered(webAuthnError('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))).toBe(
      false,
    );
  });
});
