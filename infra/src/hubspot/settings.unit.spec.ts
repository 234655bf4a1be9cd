import { describe, expect, it } from 'vitest';
import { readConfig } from '../config/env.ts';
import { HUBSPOT_DEFAULTS, hubspotRedirectUri, isHubSpotConfigured, readHubSpotSettings } from './settings.ts';

/** HUBSPOT_* as the processes read them (issue 35, decision 68), beside the meeting providers' settings. */
describe('HubSpot settings from the environment', () => {
  it('nothing set: not configured, and every address is HubSpot’s own', () => {
    const settings = readHubSpotSettings({});
    expect(settings).toMatchObject({
      clientId: null,
      clientSecret: null,
      authorizationUrl: 'https://app.hubspot.com/oauth/authorize',
      tokenUrl: 'https://api.hubapi.com/oauth/v1/token',
      apiUrl: 'https://api.hubapi.com',
      scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
    });
    expect(settings.authorizationUrl).toBe(HUBSPOT_DEFAULTS.authorizationUrl);
    expect(isHubSpotConfigured(settings)).toBe(false);
  });

  it('no client id: not configured, even with a secret (which is then not kept)', () => {
    const settings = readHubSpotSettings({ HUBSPOT_CLIENT_ID: '  ', HUBSPOT_CLIENT_SECRET: 'gizli' });
    expect(settings.clientId).toBeNull();
    expect(settings.clientSecret).toBeNull();
    expect(isHubSpotConfigured(settings)).toBe(false);
  });

  it('a client id without its secret: not configured either (the code exchange needs both)', () => {
    const settings = readHubSpotSettings({ HUBSPOT_CLIENT_ID: 'uygulama' });
    expect(settings.clientId).toBe('uygulama');
    expect(isHubSpotConfigured(settings)).toBe(false);
  });

  it('both halves and the fake’s addresses: configured, trimmed, without trailing slashes', () => {
    const settings = readHubSpotSettings({
      HUBSPOT_CLIENT_ID: ' uygulama ',
      HUBSPOT_CLIENT_SECRET: ' gizli ',
      HUBSPOT_AUTHORIZATION_URL: 'http://127.0.0.1:4376/oauth/authorize',
      HUBSPOT_TOKEN_URL: 'http://127.0.0.1:4376/oauth/v1/token',
      HUBSPOT_API_URL: 'http://127.0.0.1:4376/',
    });
    expect(isHubSpotConfigured(settings)).toBe(true);
    expect(settings).toMatchObject({
      clientId: 'uygulama',
      clientSecret: 'gizli',
      authorizationUrl: 'http://127.0.0.1:4376/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:4376/oauth/v1/token',
      apiUrl: 'http://127.0.0.1:4376',
    });
  });

  it('a wrong address stops the service at start, naming the variable', () => {
    expect(() => readHubSpotSettings({ HUBSPOT_API_URL: 'ftp://hubapi.example' })).toThrow('HUBSPOT_API_URL');
    expect(() => readHubSpotSettings({ HUBSPOT_TOKEN_URL: 'https://api.hubapi.com/oauth/v1/token?x=1' })).toThrow(
      'HUBSPOT_TOKEN_URL',
    );
    expect(() =>
      readHubSpotSettings({ HUBSPOT_AUTHORIZATION_URL: 'https://u:p@app.hubspot.com/oauth/authorize' }),
    ).toThrow('HUBSPOT_AUTHORIZATION_URL');
  });

  it('readConfig threads them to every process', () => {
    expect(readConfig({}).hubspot.clientId).toBeNull();
    const config = readConfig({ HUBSPOT_CLIENT_ID: 'uygulama', HUBSPOT_CLIENT_SECRET: 'gizli' });
    expect(isHubSpotConfigured(config.hubspot)).toBe(true);
    expect(config.hubspot.apiUrl).toBe('https://api.hubapi.com');
  });

  it('HubSpot sends the browser back to query-api’s callback under PUBLIC_BASE_URL', () => {
    expect(hubspotRedirectUri('https://kart.example.com/')).toBe(
      'https://kart.example.com/api/integrations/hubspot/callback',
    );
  });
});
