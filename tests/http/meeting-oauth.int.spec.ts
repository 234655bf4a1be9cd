import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { generateRandomCodeVerifier } from 'oauth4webapi';
import { MESSAGES } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { sealPendingAuthorization } from '@kartvizit/infra/meetings/oauth-state';
import { beginAuthorization, completeAuthorization } from '@kartvizit/infra/meetings/oauth';
import type { ConfiguredProvider } from '@kartvizit/infra/meetings/settings';
import { MEETING_PROVIDERS, readMeetingSettings, type MeetingProvider } from '@kartvizit/infra/meetings/settings';
import {
  FAKE_OAUTH_CLIENTS,
  FAKE_OAUTH_CONTROL_PATH,
  fakeOAuthEnv,
  startFakeOAuthProviders,
  type FakeOAuthProviders,
} from '../support/fake-oauth-providers.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * The meeting providers' OAuth popups, server side (issue 15; docs/decisions/0039-meeting-providers.md, "OAuth"):
 * query-api's start sends the popup to the provider (a fake on loopback speaking OAuth 2.0 with PKCE), the provider
 * sends it back to the exchange, which trades the code for a token and hands it to the web's callback page in the
 * fragment. The redirects are followed by hand: our routes through inject, the fake's through fetch.
 */

const logLines: string[] = [];
/** Every code, state, verifier and token the flows saw: none may be in a log line. */
const secretsSeen = new Set<string>(Object.values(FAKE_OAUTH_CLIENTS).map((client) => client.clientSecret));
let fake: FakeOAuthProviders;
let product: TestProduct;
/** Zoom without a client and Outlook without its secret: neither configured. */
let partial: TestProduct;
let eventsAtStart: number;

beforeAll(async () => {
  fake = await startFakeOAuthProviders({ control: true });
  product = await startTestProduct({
    meetings: readMeetingSettings(fakeOAuthEnv(fake.origin)),
    logLevel: 'info',
    logStream: { write: (line) => void logLines.push(line) },
  });
  const { ZOOM_CLIENT_ID: _zoom, MICROSOFT_CLIENT_SECRET: _secret, ...incomplete } = fakeOAuthEnv(fake.origin);
  partial = await startTestProduct({ meetings: readMeetingSettings(incomplete) });
  eventsAtStart = await product.eventCount();
});
afterAll(async () => {
  await product?.close();
  await partial?.close();
  await fake?.close();
});

interface SetCookie {
  readonly name: string;
  readonly value: string;
  /** Lower-case attribute names → values ('' for flags). */
  readonly attributes: Readonly<Record<string, string>>;
}

function setCookies(response: LightMyRequestResponse): SetCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    return {
      name: pair.slice(0, equals),
      value: pair.slice(equals + 1),
      attributes: Object.fromEntries(
        attributes.map((attribute) => {
          const at = attribute.indexOf('=');
          return at === -1
            ? [attribute.toLowerCase(), '']
            : [attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1)];
        }),
      ),
    };
  });
}

const cookieName = (provider: MeetingProvider) => `kartvizit_oauth_${provider}`;

interface Started {
  readonly response: LightMyRequestResponse;
  readonly authorizeUrl: URL;
  /** `name=value`, as the browser sends it back. */
  readonly cookie: string;
}

async function start(provider: MeetingProvider, on: TestProduct = product): Promise<Started> {
  const response = await on.get(`/api/integration/oauth/${provider}/start`);
  expect(response.statusCode).toBe(302);
  const sealed = setCookies(response).find((cookie) => cookie.name === cookieName(provider));
  expect(sealed).toBeDefined();
  const authorizeUrl = new URL(String(response.headers.location));
  secretsSeen.add(authorizeUrl.searchParams.get('state') ?? '');
  return { response, authorizeUrl, cookie: `${sealed?.name}=${sealed?.value}` };
}

/** The owner at the provider: the fake consents (or refuses) at once and sends the popup back. */
async function atProvider(authorizeUrl: URL): Promise<URL> {
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  if (code) secretsSeen.add(code);
  return back;
}

/** The popup arrives at our exchange with what the provider put in the address, and the cookie if it has one. */
function exchange(back: URL, cookie?: string, on: TestProduct = product): Promise<LightMyRequestResponse> {
  return on.get(`${back.pathname}${back.search}`, undefined, cookie ? { cookie } : {});
}

/** Where the exchange sends the popup: the callback page and what its fragment says. */
function landing(response: LightMyRequestResponse): { path: string; fragment: URLSearchParams } {
  expect(response.statusCode).toBe(302);
  const location = String(response.headers.location);
  const hash = location.indexOf('#');
  const fragment = new URLSearchParams(hash === -1 ? '' : location.slice(hash + 1));
  const token = fragment.get('access_token');
  if (token) secretsSeen.add(token);
  return { path: hash === -1 ? location : location.slice(0, hash), fragment };
}

async function signIn(provider: MeetingProvider): Promise<LightMyRequestResponse> {
  const started = await start(provider);
  return exchange(await atProvider(started.authorizeUrl), started.cookie);
}

describe('Meeting provider sign-in popups (OAuth 2.0 with PKCE)', () => {
  it('given all four providers configured, when the screen asks which can be used, then each is true', async () => {
    const response = await product.get('/api/integration/providers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: true, microsoft: true, zoom: true, calendly: true });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(MEETING_PROVIDERS)(
    'given %s is configured, when the popup starts, then it goes to the provider with our client, our exchange address, a code request, a state and an S256 challenge, and a sealed HttpOnly Lax cookie for ten minutes holds the rest',
    async (provider) => {
      const { response, authorizeUrl } = await start(provider);
      const settings = readMeetingSettings(fakeOAuthEnv(fake.origin))[provider];
      expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(settings.authorizationUrl);
      const params = authorizeUrl.searchParams;
      expect(params.get('client_id')).toBe(FAKE_OAUTH_CLIENTS[provider].clientId);
      expect(params.get('redirect_uri')).toBe(`${product.publicBaseUrl}/api/integration/oauth/${provider}/exchange`);
      expect(params.get('response_type')).toBe('code');
      expect(params.get('scope')).toBe(settings.scopes.length > 0 ? settings.scopes.join(' ') : null);
      expect(params.get('state')).toMatch(/^[\w-]{43}$/u);
      expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/u);
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');

      const [cookie] = setCookies(response);
      expect(cookie?.name).toBe(cookieName(provider));
      expect(cookie?.attributes).toMatchObject({
        path: '/api/integration/oauth/',
        httponly: '',
        samesite: 'Lax',
        secure: '',
        'max-age': '600',
      });
      // Sealed: neither the state nor anything else readable in it.
      expect(cookie?.value).not.toContain(params.get('state'));
      expect(cookie?.value.split('.')).toHaveLength(5);
    },
  );

  it.each(MEETING_PROVIDERS)(
    'given the owner consents at %s, when the popup comes back, then the code is exchanged (secret, verifier) and the callback page receives the token the provider issued, the cookie is cleared and nothing is cached',
    async (provider) => {
      const response = await signIn(provider);
      const { path, fragment } = landing(response);
      expect(path).toBe(`/auth/${provider}/callback`);
      const token = fragment.get('access_token');
      expect(token).toBeTruthy();
      expect(fake.isIssued(provider, token ?? '')).toBe(true);
      expect([...fragment.keys()]).toEqual(['access_token']);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      // The security headers every API answer carries are still there on the redirect.
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      const cleared = setCookies(response).find((cookie) => cookie.name === cookieName(provider));
      expect(cleared?.value).toBe('');
      expect(cleared?.attributes.path).toBe('/api/integration/oauth/');
    },
  );

  it('given popups for Google and Outlook open at once, when they come back in the other order, then each finishes with its own token', async () => {
    const google = await start('google');
    const microsoft = await start('microsoft');
    const microsoftBack = await atProvider(microsoft.authorizeUrl);
    const googleBack = await atProvider(google.authorizeUrl);
    const cookies = `${google.cookie}; ${microsoft.cookie}`;
    const microsoftToken = landing(await exchange(microsoftBack, cookies)).fragment.get('access_token');
    const googleToken = landing(await exchange(googleBack, cookies)).fragment.get('access_token');
    expect(fake.isIssued('microsoft', microsoftToken ?? '')).toBe(true);
    expect(fake.isIssued('google', googleToken ?? '')).toBe(true);
  });

  it('given a code verifier that does not belong to the challenge, when the code is exchanged, then the provider refuses it (PKCE) and the popup is told the exchange failed', async () => {
    const started = await start('zoom');
    const back = await atProvider(started.authorizeUrl);
    const forged = await sealPendingAuthorization(deriveKey(product.appSecret, 'oauth-state'), {
      provider: 'zoom',
      state: started.authorizeUrl.searchParams.get('state') ?? '',
      codeVerifier: generateRandomCodeVerifier(),
    });
    const before = fake.requests().length;
    const { fragment } = landing(await exchange(back, `${cookieName('zoom')}=${forged}`));
    expect(fragment.get('error')).toBe('exchange');
    expect(fake.requests().slice(before)).toEqual([
      { provider: 'zoom', endpoint: 'token', status: 400, error: 'invalid_grant' },
    ]);
  });

  it('given the fake is asked directly with a wrong verifier, then it answers invalid_grant as RFC 6749 says, and the code is spent', async () => {
    const started = await start('microsoft');
    const code = (await atProvider(started.authorizeUrl)).searchParams.get('code') ?? '';
    const client = FAKE_OAUTH_CLIENTS.microsoft;
    const answer = await fetch(`${fake.origin}/microsoft/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${product.publicBaseUrl}/api/integration/oauth/microsoft/exchange`,
        code_verifier: generateRandomCodeVerifier(),
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
  });

  describe('given a return the cookie does not vouch for, then the popup is told the state is wrong and no code is exchanged', () => {
    it('when the state in the address was changed', async () => {
      const started = await start('google');
      const back = await atProvider(started.authorizeUrl);
      back.searchParams.set('state', 'baska-bir-durum-degeri-0123456789abcdefghijk');
      const before = fake.requests().length;
      expect(landing(await exchange(back, started.cookie)).fragment.get('error')).toBe('state');
      expect(fake.requests().slice(before)).toEqual([]);
    });

    it('when the browser has no cookie (another browser, or it was cleared)', async () => {
      const started = await start('calendly');
      const back = await atProvider(started.authorizeUrl);
      expect(landing(await exchange(back)).fragment.get('error')).toBe('state');
    });

    it('when the cookie was tampered with', async () => {
      const started = await start('calendly');
      const back = await atProvider(started.authorizeUrl);
      const [name, value = ''] = started.cookie.split('=');
      // The last character but one changes for certain (the last may carry only padding bits of base64url).
      const tampered = value.at(-2) === 'A' ? 'B' : 'A';
      const flipped = `${value.slice(0, -2)}${tampered}${value.slice(-1)}`;
      expect(flipped).not.toBe(value);
      expect(landing(await exchange(back, `${name}=${flipped}`)).fragment.get('error')).toBe('state');
    });

    it('when its ten minutes have passed', async () => {
      const started = await start('google');
      const back = await atProvider(started.authorizeUrl);
      const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000);
      const expired = await sealPendingAuthorization(
        deriveKey(product.appSecret, 'oauth-state'),
        { provider: 'google', state: back.searchParams.get('state') ?? '', codeVerifier: generateRandomCodeVerifier() },
        elevenMinutesAgo,
      );
      expect(landing(await exchange(back, `${cookieName('google')}=${expired}`)).fragment.get('error')).toBe('state');
    });

    it("when it is another provider's cookie under this provider's name", async () => {
      const google = await start('google');
      const back = await atProvider(google.authorizeUrl);
      const sealed = google.cookie.slice(google.cookie.indexOf('=') + 1);
      const asMicrosoft = new URL(back.href.replace('/oauth/google/', '/oauth/microsoft/'));
      expect(landing(await exchange(asMicrosoft, `${cookieName('microsoft')}=${sealed}`)).fragment.get('error')).toBe(
        'state',
      );
    });

    it('when the same return is replayed after it was used (its cookie is gone)', async () => {
      const started = await start('zoom');
      const back = await atProvider(started.authorizeUrl);
      expect(landing(await exchange(back, started.cookie)).fragment.get('access_token')).toBeTruthy();
      expect(landing(await exchange(back)).fragment.get('error')).toBe('state');
    });
  });

  it('given the owner refuses consent at the provider, when the popup comes back, then it is told access_denied', async () => {
    fake.deny('microsoft');
    try {
      const started = await start('microsoft');
      const back = await atProvider(started.authorizeUrl);
      expect(back.searchParams.get('error')).toBe('access_denied');
      const { path, fragment } = landing(await exchange(back, started.cookie));
      expect(path).toBe('/auth/microsoft/callback');
      expect(fragment.get('error')).toBe('access_denied');
    } finally {
      fake.reset();
    }
  });

  it('given the token endpoint fails with 500, when the popup comes back, then it is told the exchange failed', async () => {
    fake.failTokenEndpoint('google', 500);
    try {
      const { fragment } = landing(await signIn('google'));
      expect(fragment.get('error')).toBe('exchange');
      expect([...fragment.keys()]).toEqual(['error']);
    } finally {
      fake.reset();
    }
  });

  it('given a token endpoint that never answers, when the exchange has waited its limit, then it gives up and the popup is told the exchange failed', async () => {
    const settings = readMeetingSettings(fakeOAuthEnv(fake.origin)).zoom as ConfiguredProvider;
    const redirectUri = `${product.publicBaseUrl}/api/integration/oauth/zoom/exchange`;
    const { authorizationUrl, pending } = await beginAuthorization(settings, redirectUri);
    const back = await atProvider(new URL(authorizationUrl));
    fake.stallTokenEndpoint('zoom');
    try {
      const outcome = await completeAuthorization(settings, redirectUri, pending, back.searchParams, 300);
      // The abort of the request's own timer, not a refusal: the fake never answers while stalled.
      expect(outcome).toEqual({ ok: false, failure: 'exchange', reason: 'TimeoutError' });
    } finally {
      fake.reset();
    }
  });

  it('given another process drives the fake over its control address (the browser journeys), then refusals, failures, reset and issued tokens are switched and seen the same way', async () => {
    const control = (path: string, method = 'POST') =>
      fetch(`${fake.origin}${FAKE_OAUTH_CONTROL_PATH}${path}`, { method });
    expect((await control('/calendly/deny')).status).toBe(204);
    const denied = await start('calendly');
    expect((await atProvider(denied.authorizeUrl)).searchParams.get('error')).toBe('access_denied');
    expect((await control('/calendly/fail-token?status=503')).status).toBe(204);
    expect((await control('/reset')).status).toBe(204);
    const token = landing(await signIn('calendly')).fragment.get('access_token') ?? '';
    expect((await control(`/calendly/issued?token=${encodeURIComponent(token)}`, 'GET')).status).toBe(200);
    expect((await control('/zoom/issued?token=bilinmeyen', 'GET')).status).toBe(404);
    expect((await control('/facebook/deny')).status).toBe(404);
  });

  it('given a wrong client secret on our side, when the code is exchanged, then the provider refuses the client and the popup is told the exchange failed', async () => {
    const env = { ...fakeOAuthEnv(fake.origin), CALENDLY_CLIENT_SECRET: 'yanlis-gizli' };
    const wrong = await startTestProduct({ meetings: readMeetingSettings(env) });
    try {
      const started = await start('calendly', wrong);
      const back = await atProvider(started.authorizeUrl);
      const before = fake.requests().length;
      expect(landing(await exchange(back, started.cookie, wrong)).fragment.get('error')).toBe('exchange');
      expect(fake.requests().slice(before)).toEqual([
        { provider: 'calendly', endpoint: 'token', status: 401, error: 'invalid_client' },
      ]);
    } finally {
      await wrong.close();
    }
  });

  it('given Zoom has no client and Outlook no secret on this server, then the screen is told both are unavailable and their popups end at once with not_configured, without a cookie', async () => {
    const providers = await partial.get('/api/integration/providers');
    expect(providers.json()).toEqual({ google: true, microsoft: false, zoom: false, calendly: true });
    for (const provider of ['zoom', 'microsoft'] as const) {
      const response = await partial.get(`/api/integration/oauth/${provider}/start`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/auth/${provider}/callback#error=not_configured`);
      expect(response.headers['set-cookie']).toBeUndefined();
      const back = await partial.get(`/api/integration/oauth/${provider}/exchange?code=bir-kod&state=bir-durum`);
      expect(back.headers.location).toBe(`/auth/${provider}/callback#error=not_configured`);
    }
  });

  it.each(['start', 'exchange'])(
    'given a provider we do not know, when its %s address is opened, then 404 in Turkish',
    async (step) => {
      for (const name of ['facebook', 'GOOGLE', 'google%20']) {
        const response = await product.get(`/api/integration/oauth/${name}/${step}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: MESSAGES.meetingProviderUnknown });
      }
    },
  );

  it('given every flow above, then no log line holds a code, a state, a token or a client secret, though the requests were logged, and nothing was appended', async () => {
    expect(logLines.some((line) => line.includes('/api/integration/oauth/google/exchange'))).toBe(true);
    expect(logLines.some((line) => line.includes('Toplantı sağlayıcısı girişi tamamlanamadı'))).toBe(true);
    const log = logLines.join('\n');
    secretsSeen.delete('');
    expect(secretsSeen.size).toBeGreaterThan(20);
    for (const secret of secretsSeen) expect(log).not.toContain(secret);
    expect(log).not.toContain('code=');
    expect(log).not.toContain('access_token');
    expect(await product.eventCount()).toBe(eventsAtStart);
  });
});
