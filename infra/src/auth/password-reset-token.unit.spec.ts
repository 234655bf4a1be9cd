import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PasswordResetTokens } from './password-reset-token.ts';

describe('password reset tokens', () => {
  const tokens = new PasswordResetTokens(randomBytes(32));
  const userId = randomUUID();
  const requestId = randomUUID();

  it('name the account and the request they were issued for', () => {
    expect(tokens.verify(tokens.issue(userId, requestId))).toEqual({ userId, requestId });
  });

  it('are refused when forged, altered, cut short or signed with another key', () => {
    const token = tokens.issue(userId, requestId);
    const other = new PasswordResetTokens(randomBytes(32)).issue(userId, requestId);
    const altered = token.replace(requestId, randomUUID());
    for (const bad of [other, altered, token.slice(0, -1), `${token}x`, '', 'r1...', token.toUpperCase()]) {
      expect(tokens.verify(bad)).toBeNull();
    }
  });
});
