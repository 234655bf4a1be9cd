import { randomBytes } from 'node:crypto';
import { EncryptJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { completeAuthorization, redirectUriFor } from './oauth.ts';
import type { ConfiguredProvider } from './settings.ts';
import { openPendingAuthorization, sealPendingAuthorization, type PendingAuthorization } from './oauth-state.ts';
import { readMeetingSettings } from './settings.ts';

const key = randomBytes(32);
const pending: PendingAuthorization = {
  provider: 'google',
  state: 'durum-0123456789abcdefghijklmnopqrstuvwxyzABCD',
  codeVerifier: 'dogrulayici-0123456789abcdefghijklmnopqrstuvwxyz',
};
const noon = new Date('2026-11-24T12:00:00Z');
const minutesAfter = (minutes: number) => new Date(noon.getTime() + minutes * 60 * 1000);

describe('the sealed OAuth state cookie', () => {
  it('given a pending sign-in sealed at noon, when opened within ten minutes for the same provider, then it comes back whole', async () => {
    const sealed = await sealPendingAuthorization(key, pending, noon);
    expect(await openPendingAuthorization(key, sealed, 'google', minutesAfter(9))).toEqual(pending);
  });

  it('given it is sealed, then neither the state nor the verifier can be read from it', async () => {
    const sealed = await sealPendingAuthorization(key, pending, noon);
    const readable = sealed
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join(' ');
    expect(readable).not.toContain(pending.state);
    expect(readable).not.toContain(pending.codeVerifier);
  });

  it('given ten minutes have passed, then it does not open', async () => {
    const sealed = await sealPendingAuthorization(key, pending, noon);
    expect(await openPendingAuthorization(key, sealed, 'google', minutesAfter(10))).toBeNull();
  });

  it('given it is opened for another provider, then it does not open', async () => {
    const sealed = await sealPendingAuthorization(key, pending, noon);
    expect(await openPendingAuthorization(key, sealed, 'microsoft', minutesAfter(1))).toBeNull();
  });

  it('given another key (another server secret, or another purpose), then it does not open', async () => {
    const sealed = await sealPendingAuthorization(randomBytes(32), pending, noon);
    expect(await openPendingAuthorization(key, sealed, 'google', minutesAfter(1))).toBeNull();
  });

  it('given one character of it changed, then it does not open', async () => {
    const sealed = await sealPendingAuthorization(key, pending, noon);
    const at = sealed.length - 5;
    const changed = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(await openPendingAuthorization(key, changed, 'google', minutesAfter(1))).toBeNull();
  });

  it('given nothing, garbage, or a JWE under the same key sealed for another purpose, then it does not open', async () => {
    expect(await openPendingAuthorization(key, undefined, 'google', noon)).toBeNull();
    expect(await openPendingAuthorization(key, '', 'google', noon)).toBeNull();
    expect(await openPendingAuthorization(key, 'a.b.c.d.e', 'google', noon)).toBeNull();
    const issuedAt = Math.floor(noon.getTime() / 1000);
    const otherPurpose = await new EncryptJWT({ provider: 'google', state: pending.state, verifier: 'x' })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 600)
      .encrypt(key);
    expect(await openPendingAuthorization(key, otherPurpose, 'google', minutesAfter(1))).toBeNull();
  });
});

describe('where plain http is allowed', () => {
  it('given a token endpoint on plain http off loopback, when a code is exchanged, then the library refuses to send it and the popup is told the exchange failed', async () => {
    const settings = readMeetingSettings({
      ZOOM_CLIENT_ID: 'istemci',
      ZOOM_CLIENT_SECRET: 'gizli',
      ZOOM_TOKEN_URL: 'http://zoom.example.test/oauth/token',
    }).zoom as ConfiguredProvider;
    const redirectUri = redirectUriFor('https://kart.example.test/', 'zoom');
    expect(redirectUri).toBe('https://kart.example.test/api/integration/oauth/zoom/exchange');
    const zoomPending: PendingAuthorization = { ...pending, provider: 'zoom' };
    const outcome = await completeAuthorization(
      settings,
      redirectUri,
      zoomPending,
      new URLSearchParams({ code: 'kod', state: zoomPending.state }),
    );
    expect(outcome).toEqual({
      ok: false,
      failure: 'exchange',
      reason: 'OperationProcessingError OAUTH_HTTP_REQUEST_FORBIDDEN',
    });
  });
});
