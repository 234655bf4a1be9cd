import type pg from 'pg';
import type { ServiceMetrics } from '@kartvizit/infra/metrics/registry';
import type { SignInThrottleOptions } from '@kartvizit/infra/auth/sign-in-throttle';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { claimStreamId } from '@kartvizit/infra/event-store/claims';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import type { TelemetryOptions } from '@kartvizit/infra/telemetry/settings';
import type { MeetingSettings } from '@kartvizit/infra/meetings/settings';
import { RemsClient } from '@kartvizit/infra/rems/client';
import { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import type { WebhookSettings } from '@kartvizit/infra/webhooks/settings';

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
  /** The clock of TOTP codes and sign-in challenges (issue 34; tests move it a 30-second step on); default the system's. */
  readonly securityClock?: () => Date;
  /** The share routes' clock (a left personal address's 30 days); default the system's. */
  readonly shareClock?: () => Date;
  /** Now for listings' EİDS authorisations (the routes' today, and the schedule's deadlines); tests move it. */
  readonly listingClock?: () => Date;
  /** REMS_API_URL (issue 14); null or unset: REMS is not available and saving a key answers 503. */
  readonly remsApiUrl?: string | null;
  /** The meeting providers (issue 15); unset: none is configured. */
  readonly meetings?: MeetingSettings;
  /** The process's /metrics registry (beacons); unset: nothing counted. */
  readonly metrics?: ServiceMetrics;
  /** Webhooks (issue 35): the private hosts endpoints may name (WEBHOOK_ALLOWED_PRIVATE_HOSTS); default none. */
  readonly webhooks?: WebhookSettings;
}

/**
 * What every feature's routes may use, built once per app. Tools of one feature stay in that feature (the account's
 * credentials, session tokens and signed links: account/tools.ts); who is signed in is the owner hook's business.
 */
export interface CommandContext {
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly commands: CommandHandler;
  readonly blobs: BlobStore;
  /** The REMS adapter, or null when REMS_API_URL is unset. */
  readonly rems: RemsClient | null;
  /** Stream id of a uniqueness claim (kebab-case kind, value already normalised). */
  readonly claimStreamId: (kind: string, normalisedValue: string) => string;
  readonly authRateLimit: { readonly max: number; readonly timeWindow: string } | false;
}

export function createCommandContext(deps: CommandApiDependencies): CommandContext {
  const claimKey = deriveKey(deps.appSecret, 'uniqueness-claims');
  return {
    store: deps.store,
    codec: deps.codec,
    commands: new CommandHandler(deps.store, deps.codec),
    blobs: deps.blobs,
    rems: deps.remsApiUrl ? new RemsClient(deps.remsApiUrl) : null,
    claimStreamId: (kind, value) => claimStreamId(kind, value, claimKey),
    authRateLimit:
      deps.authRateLimitPerMinute > 0 ? { max: deps.authRateLimitPerMinute, timeWindow: '1 minute' } : false,
  };
}
