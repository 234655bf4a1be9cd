import type { MeetingProvider } from '@kartvizit/infra/meetings/settings';
import { nominatimAnswer, nominatimHit, startFakeGeocoder, type FakeFallback } from './fake-geocoder.ts';
import {
  FAKE_MEETING_CONTROL_PATH,
  fakeMeetingApiEnv,
  startFakeMeetingApis,
  type FakeMeetingRequest,
} from './fake-meeting-apis.ts';
import { FAKE_OAUTH_CONTROL_PATH, fakeOAuthEnv, startFakeOAuthProviders } from './fake-oauth-providers.ts';
import { FAKE_HUBSPOT_CONTROL_PATH, fakeHubSpotEnv, startFakeHubSpot, type FakeHubSpotObject } from './fake-hubspot.ts';
import { startFakeRems } from './fake-rems.ts';
import { startFakeTiles } from './fake-tiles.ts';

/**
 * The one key the journeys' REMS accepts (any other `rems_…` key is refused with 401, as REMS does).
 * Test data, not a secret: the fake lives on loopback for the length of a run.
 */
export const E2E_REMS_KEY = 'rems_e2e_kartvizit_9f3c';
export const E2E_REMS_ACCOUNT = { id: 'rems-hesap-e2e', name: 'E2E Emlak Ofisi' } as const;

/**
 * Playwright global setup: the browser journeys' geocoder, map tiles, REMS, the meeting providers' OAuth servers and
 * their APIs, and HubSpot, on loopback ports next to the product's (E2E_PORT + 1 … + 6), so the server under test
 * never reaches the internet. playwright.config.ts points NOMINATIM_URL, GOOGLE_GEOCODING_URL, MAP_TILE_URL,
 * REMS_API_URL, the providers' settings (e2eMeetingEnv) and HUBSPOT_* (e2eHubSpotEnv) at them.
 */
export function e2eFakeOrigins(productPort: number) {
  const geocoderPort = Number(process.env.E2E_GEOCODER_PORT ?? productPort + 1);
  const tilesPort = Number(process.env.E2E_TILES_PORT ?? productPort + 2);
  const remsPort = Number(process.env.E2E_REMS_PORT ?? productPort + 3);
  const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? productPort + 4);
  const meetingApisPort = Number(process.env.E2E_MEETING_APIS_PORT ?? productPort + 5);
  const hubspotPort = Number(process.env.E2E_HUBSPOT_PORT ?? productPort + 6);
  return {
    geocoderPort,
    tilesPort,
    remsPort,
    oauthPort,
    meetingApisPort,
    hubspotPort,
    /** The four providers' authorization servers: another origin than the product's, as a real provider is. */
    oauth: `http://127.0.0.1:${oauthPort}`,
    meetingApis: `http://127.0.0.1:${meetingApisPort}`,
    /** HubSpot's OAuth and CRM APIs (issue 35): tests/support/fake-hubspot.ts. */
    hubspot: `http://127.0.0.1:${hubspotPort}`,
    rems: `http://127.0.0.1:${remsPort}`,
    geocoder: `http://127.0.0.1:${geocoderPort}`,
    tilesOrigin: `http://127.0.0.1:${tilesPort}`,
    tileTemplate: `http://127.0.0.1:${tilesPort}/{z}/{x}/{y}.png`,
  };
}

/** The providers' settings of the server under test: every provider configured, on the fakes. */
export function e2eMeetingEnv(productPort: number): Record<string, string> {
  const origins = e2eFakeOrigins(productPort);
  return { ...fakeOAuthEnv(origins.oauth), ...fakeMeetingApiEnv(origins.meetingApis) };
}

/** HubSpot for the server under test (issue 35): configured, on the fake (the operator's app, its hosts). */
export function e2eHubSpotEnv(productPort: number): Record<string, string> {
  return fakeHubSpotEnv(e2eFakeOrigins(productPort).hubspot);
}

/** The contacts and notes the journeys' fake HubSpot holds (every journey's), from a journey's worker. */
export async function fakeHubSpotObjects(): Promise<{ contacts: FakeHubSpotObject[]; notes: FakeHubSpotObject[] }> {
  const { hubspot } = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100));
  const response = await fetch(`${hubspot}${FAKE_HUBSPOT_CONTROL_PATH}/objects`);
  if (!response.ok) throw new Error(`fake HubSpot's objects answered ${response.status}`);
  return (await response.json()) as { contacts: FakeHubSpotObject[]; notes: FakeHubSpotObject[] };
}

function meetingApiControl(provider: MeetingProvider, action: string): string {
  const { meetingApis } = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100));
  return `${meetingApis}${FAKE_MEETING_CONTROL_PATH}/${provider}/${action}`;
}

/** The provider's next API call is answered `status` (its own error shape), from a journey's worker. */
export async function failNextMeetingApiCall(provider: MeetingProvider, status: number): Promise<void> {
  const response = await fetch(meetingApiControl(provider, 'fail-next'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  if (!response.ok) throw new Error(`fake meeting APIs' fail-next answered ${response.status}`);
}

/** What the provider's API has received so far (every journey's), from a journey's worker. */
export async function meetingApiRequests(provider: MeetingProvider): Promise<FakeMeetingRequest[]> {
  const response = await fetch(meetingApiControl(provider, 'requests'));
  if (!response.ok) throw new Error(`fake meeting APIs' requests answered ${response.status}`);
  return (await response.json()) as FakeMeetingRequest[];
}

/**
 * The owner refuses consent at `provider` (its sign-in returns `error=access_denied`), from a journey's worker, until
 * resetOAuthProviders.
 */
export async function refuseConsentAt(provider: MeetingProvider): Promise<void> {
  await oauthControl(`${provider}/deny`);
}

export async function resetOAuthProviders(): Promise<void> {
  await oauthControl('reset');
}

async function oauthControl(action: string): Promise<void> {
  const { oauth } = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100));
  const response = await fetch(`${oauth}${FAKE_OAUTH_CONTROL_PATH}/${action}`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`fake OAuth control ${action} answered ${response.status}`);
}

/** Addresses with 'Bulunamayan' find nothing, 'Belirsiz' two places; any other is Kızılay, Ankara. */
const E2E_ANSWERS: FakeFallback = (provider, address) => {
  if (provider === 'google') return { body: { status: 'ZERO_RESULTS', results: [] } };
  if (address.includes('Bulunamayan')) return nominatimAnswer();
  if (address.includes('Belirsiz')) {
    return nominatimAnswer(
      nominatimHit(39.92077, 32.85411, `${address} (Kızılay)`),
      nominatimHit(39.97, 32.63, `${address} (Etimesgut)`),
    );
  }
  return nominatimAnswer(nominatimHit(39.92077, 32.85411, `${address} (bulundu)`));
};

export default async function startE2eFakeServices(): Promise<() => Promise<void>> {
  const productPort = Number(process.env.E2E_PORT ?? 3100);
  const origins = e2eFakeOrigins(productPort);
  const geocoder = await startFakeGeocoder({ port: origins.geocoderPort, fallback: E2E_ANSWERS });
  const tiles = await startFakeTiles({ port: origins.tilesPort });
  const rems = await startFakeRems({ port: origins.remsPort, control: true });
  rems.addKey(E2E_REMS_KEY, E2E_REMS_ACCOUNT);
  const oauth = await startFakeOAuthProviders({
    port: origins.oauthPort,
    control: true,
    publicBaseUrl: `http://127.0.0.1:${productPort}`,
  });
  // In this one process both fakes share memory: a provider's API takes exactly the tokens its sign-in issued.
  const meetingApis = await startFakeMeetingApis({
    port: origins.meetingApisPort,
    control: true,
    acceptToken: (provider, token) => oauth.isIssued(provider, token),
  });
  // HubSpot's OAuth and CRM APIs (issue 35), with its objects readable by the journeys (hubspot.e2e.ts).
  const hubspot = await startFakeHubSpot({ port: origins.hubspotPort, control: true });
  return async () => {
    await Promise.all([
      geocoder.close(),
      tiles.close(),
      rems.close(),
      oauth.close(),
      meetingApis.close(),
      hubspot.close(),
    ]);
  };
}
