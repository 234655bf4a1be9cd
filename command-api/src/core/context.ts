import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { ServiceMetrics } from '@kartvizit/infra/metrics/registry';
import { MESSAGES, unauthenticatedError } from '@kartvizit/schemas';
import { CredentialStore } from '@kartvizit/infra/auth/credential-store';
import { SessionTokens } from '@kartvizit/infra/auth/session-tokens';
import { DeviceTokens } from '@kartvizit/infra/auth/device-tokens';
import {
  SignInThrottle,
  signInThrottleSettings,
  type SignInThrottleOptions,
} from '@kartvizit/infra/auth/sign-in-throttle';
import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { claimStreamId } from '@kartvizit/infra/event-store/claims';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import type { TelemetryOptions } from '@kartvizit/infra/telemetry/settings';
import type { MeetingSettings } from '@kartvizit/infra/meetings/settings';
import { RemsClient } from '@kartvizit/infra/rems/client';
import { CommandHandler } from './command-handler.ts';
import { SignInGuard } from '../account/sign-in-guard.ts';

export interface CommandApiDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly appSecret: Buffer;
  /** Attempts per minute per client on login, register and password change; 0 turns the limit off. */
  readonly authRateLimitPerMinute: number;
  /** Per-account sign-in throttling (SIGN_IN_* settings); tests inject a clock. */
  readonly signInThrottle?: SignInThrottleOptions;
  /** Uploaded files (profile images). */
  readonly blobs: BlobStore;
  /** Visit and click beacons: rate limit, batching; tests inject a clock and a GeoIP lookup. */
  readonly telemetry?: TelemetryOptions;
  /** The account routes' clock for link lifetimes and hourly limits (tests move it); default the system's. */
  readonly accountClock?: () => Date;
  /** REMS_API_URL (issue 14); null or unset: REMS is not available and saving a key answers 503. */
  readonly remsApiUrl?: string | null;
  /** The meeting providers (issue 15); unset: none is configured. */
  readonly meetings?: MeetingSettings;
  /** The process's /metrics registry (beacons); unset: nothing counted. */
  readonly metrics?: ServiceMetrics;
}

/** Everything a feature's routes need, built once per app. */
export interface CommandContext {
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly commands: CommandHandler;
  readonly blobs: BlobStore;
  /** The REMS adapter, or null when REMS_API_URL is unset. */
  readonly rems: RemsClient | null;
  readonly credentials: CredentialStore;
  readonly tokens: SessionTokens;
  /** Per-account sign-in throttling and device tokens. */
  readonly signIn: SignInGuard;
  /** Signs and checks the tokens of password reset links. */
  readonly resetTokens: SignedLinks;
  /** Signs and checks the tokens of the links that confirm a new e-mail address. */
  readonly emailChangeTokens: SignedLinks;
  /** Now, for the account routes (see CommandApiDependencies.accountClock). */
  readonly now: () => Date;
  readonly emailClaimStreamId: (normalisedEmail: string) => string;
  /** Stream id of a uniqueness claim (kebab-case kind, value already normalised). */
  readonly claimStreamId: (kind: string, normalisedValue: string) => string;
  readonly authRateLimit: { readonly max: number; readonly timeWindow: string } | false;
  /** The signed-in owner's id; throws the 401 that makes the web sign out. */
  requireUser(request: FastifyRequest): Promise<string>;
}

export function createCommandContext(deps: CommandApiDependencies): CommandContext {
  const { codec } = deps;
  const credentials = new CredentialStore(deps.pool);
  const tokens = new SessionTokens(deriveKey(deps.appSecret, 'session-tokens'), credentials);
  const claimKey = deriveKey(deps.appSecret, 'uniqueness-claims');
  const signIn = new SignInGuard(
    new SignInThrottle(
      deps.pool,
      deriveKey(deps.appSecret, 'sign-in-throttle'),
      signInThrottleSettings(deps.signInThrottle),
    ),
    new DeviceTokens(deriveKey(deps.appSecret, 'device-tokens')),
    deps.signInThrottle?.now ?? (() => new Date()),
  );
  return {
    store: deps.store,
    codec,
    commands: new CommandHandler(deps.store, codec),
    blobs: deps.blobs,
    rems: deps.remsApiUrl ? new RemsClient(deps.remsApiUrl) : null,
    credentials,
    tokens,
    signIn,
    resetTokens: SignedLinks.fromAppSecret(deps.appSecret, 'password-reset'),
    emailChangeTokens: SignedLinks.fromAppSecret(deps.appSecret, 'email-change'),
    now: deps.accountClock ?? (() => new Date()),
    emailClaimStreamId: (email) => claimStreamId('email', email, claimKey),
    claimStreamId: (kind, value) => claimStreamId(kind, value, claimKey),
    authRateLimit:
      deps.authRateLimitPerMinute > 0 ? { max: deps.authRateLimitPerMinute, timeWindow: '1 minute' } : false,
    async requireUser(request) {
      const userId = await tokens.authenticate(request.headers.authorization);
      if (!userId) throw unauthenticatedError(MESSAGES.sessionExpired);
      return userId;
    },
  };
}
