import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignedLinks } from './signed-link.ts';

describe('signed links', () => {
  const appSecret = randomBytes(48);
  const resets = SignedLinks.fromAppSecret(appSecret, 'password-reset');
  const emailChanges = SignedLinks.fromAppSecret(appSecret, 'email-change');
  const userId = randomUUID();
  const requestId = randomUUID();

  it('name the account and the request they were issued for', () => {
    expect(resets.verify(resets.issue(userId, requestId))).toEqual({ userId, requestId });
    expect(emailChanges.verify(emailChanges.issue(userId, requestId))).toEqual({ userId, requestId });
  });

  it('are refused when forged, altered, cut short or signed with another key', () => {
    const token = resets.issue(userId, requestId);
    const other = SignedLinks.fromAppSecret(randomBytes(48), 'password-reset').issue(userId, requestId);
    const altered = token.replace(requestId, randomUUID());
    for (const bad of [other, altered, token.slice(0, -1), `${token}x`, '', 'r1...', token.toUpperCase()]) {
      expect(resets.verify(bad)).toBeNull();
    }
  });

  it('of one purpose are refused by the other, even with the prefix swapped', () => {
    const reset = resets.issue(userId, requestId);
    const change = emailChanges.issue(userId, requestId);
    expect(reset.startsWith('r1.')).toBe(true);
    expect(change.startsWith('e1.')).toBe(true);
    expect(emailChanges.verify(reset)).toBeNull();
    expect(resets.verify(change)).toBeNull();
    expect(emailChanges.verify(`e1.${reset.slice(3)}`)).toBeNull();
    expect(resets.verify(`r1.${change.slice(3)}`)).toBeNull();
  });

  it('open their own screen with the token escaped', () => {
    const token = emailChanges.issue(userId, requestId);
    expect(emailChanges.url('https://kart.example.test', token)).toBe(
      `https://kart.example.test/account/confirm-email?token=${encodeURIComponent(token)}`,
    );
    expect(resets.url('https://kart.example.test', 'r1.x')).toBe(
      'https://kart.example.test/auth/reset-password?token=r1.x',
    );
  });
});
