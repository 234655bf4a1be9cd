import { parseRemsBaseUrl } from '../rems/client.ts';

/**
 * The meeting providers of issue 15 (docs/decisions/0039-meeting-providers.md): where the owner signs in (OAuth 2.0
 * authorization-code flow with PKCE, in a 500×600 popup) and where the meeting is then created with the token.
 *
 * Every address comes from the environment so tests point them at fakes on loopback; the defaults are the real hosts.
 * A provider without a client id is not configured: the screens show it as such instead of a button that would fail.
 */
export const MEETING_PROVIDERS = ['google', 'microsoft', 'zoom', 'calendly'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

export interface MeetingProviderSettings {
  readonly provider: MeetingProvider;
  /** `{PREFIX}_CLIENT_ID`; null: the provider is not configured. */
  readonly clientId: string | null;
  /** `{PREFIX}_CLIENT_SECRET`: a secret, never logged, never in an answer. */
  readonly clientSecret: string | null;
  /** `{PREFIX}_AUTHORIZATION_URL`: where the popup signs the owner in. */
  readonly authorizationUrl: string;
  /** `{PREFIX}_TOKEN_URL`: where the server exchanges the code for a token. */
  readonly tokenUrl: string;
  /** The API the meeting is created with (GOOGLE_CALENDAR_API_URL, MICROSOFT_GRAPH_API_URL, ZOOM_API_URL, CALENDLY_API_URL). */
  readonly apiUrl: string;
  /** Scopes asked for (space separated in the request); empty: the app's own scopes at the provider (Zoom, Calendly). */
  readonly scopes: readonly string[];
  /** How long one call to the provider's API may take, whole answer included; default 10 s (tests shorten it). */
  readonly timeoutMs?: number;
}

export type MeetingSettings = Readonly<Record<MeetingProvider, MeetingProviderSettings>>;

interface ProviderDefaults {
  readonly prefix: string;
  readonly apiVariable: string;
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  readonly apiUrl: string;
  readonly scopes: readonly string[];
}

const DEFAULTS: Readonly<Record<MeetingProvider, ProviderDefaults>> = {
  google: {
    prefix: 'GOOGLE',
    apiVariable: 'GOOGLE_CALENDAR_API_URL',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    apiUrl: 'https://www.googleapis.com',
    scopes: ['https://www.googleapis.com/auth/calendar.events'],
  },
  microsoft: {
    prefix: 'MICROSOFT',
    apiVariable: 'MICROSOFT_GRAPH_API_URL',
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    apiUrl: 'https://graph.microsoft.com',
    scopes: ['Calendars.ReadWrite'],
  },
  zoom: {
    prefix: 'ZOOM',
    apiVariable: 'ZOOM_API_URL',
    authorizationUrl: 'https://zoom.us/oauth/authorize',
    tokenUrl: 'https://zoom.us/oauth/token',
    apiUrl: 'https://api.zoom.us',
    scopes: [],
  },
  calendly: {
    prefix: 'CALENDLY',
    apiVariable: 'CALENDLY_API_URL',
    authorizationUrl: 'https://auth.calendly.com/oauth/authorize',
    tokenUrl: 'https://auth.calendly.com/oauth/token',
    apiUrl: 'https://api.calendly.com',
    scopes: [],
  },
};

/** A setting's value, trimmed; null when unset or blank. */
export function optional(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** An http(s) address without credentials, query or fragment; a wrong one stops the service at start. */
export function address(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = optional(env[name]);
  return value === null ? fallback : parseRemsBaseUrl(value, name);
}

export function readMeetingSettings(env: NodeJS.ProcessEnv = process.env): MeetingSettings {
  const settings = {} as Record<MeetingProvider, MeetingProviderSettings>;
  for (const provider of MEETING_PROVIDERS) {
    const defaults = DEFAULTS[provider];
    const clientId = optional(env[`${defaults.prefix}_CLIENT_ID`]);
    settings[provider] = {
      provider,
      clientId,
      clientSecret: clientId === null ? null : optional(env[`${defaults.prefix}_CLIENT_SECRET`]),
      authorizationUrl: address(env, `${defaults.prefix}_AUTHORIZATION_URL`, defaults.authorizationUrl),
      tokenUrl: address(env, `${defaults.prefix}_TOKEN_URL`, defaults.tokenUrl),
      apiUrl: address(env, defaults.apiVariable, defaults.apiUrl),
      scopes: defaults.scopes,
    };
  }
  return settings;
}

/** A provider with both halves of its client: it can be signed in with. */
export interface ConfiguredProvider extends MeetingProviderSettings {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Whether the owner can use the provider: its client id AND secret are set (the code exchange needs both). */
export function isConfigured(provider: MeetingProviderSettings): provider is ConfiguredProvider {
  return provider.clientId !== null && provider.clientSecret !== null;
}

/** Which providers the owner can use. What `GET /api/integration/providers` answers. */
export function configuredProviders(settings: MeetingSettings): Readonly<Record<MeetingProvider, boolean>> {
  return {
    google: isConfigured(settings.google),
    microsoft: isConfigured(settings.microsoft),
    zoom: isConfigured(settings.zoom),
    calendly: isConfigured(settings.calendly),
  };
}
