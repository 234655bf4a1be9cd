import { AccountSessions } from '@kartvizit/infra/auth/account-sessions';
import { CredentialStore } from '@kartvizit/infra/auth/credential-store';
import { apiTokens, sessionTokens } from '@kartvizit/infra/auth/owner-authentication';
import type { ApiTokens } from '@kartvizit/infra/auth/api-tokens';
import { PasskeyStore } from '@kartvizit/infra/auth/passkey-store';
import type { SessionTokens } from '@kartvizit/infra/auth/session-tokens';
import { DeviceTokens } from '@kartvizit/infra/auth/device-tokens';
import { SignInChallenges } from '@kartvizit/infra/auth/sign-in-challenges';
import { SignInThrottle, signInThrottleSettings } from '@kartvizit/infra/auth/sign-in-throttle';
import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import { TwoFactorStore } from '@kartvizit/infra/auth/two-factor-store';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { DbIpCityLookup, type GeoIpLookup } from '@kartvizit/infra/telemetry/geoip';
import type { CommandApiDependencies } from '../core/context.ts';
import { SignInGuard } from './sign-in-guard.ts';

/** What only the account feature handles: passwords, sessions, second steps, sign-in throttling and signed links. */
export interface AccountTools {
  readonly credentials: CredentialStore;
  /** Issues sessions here; the owner hook checks them (command-api/src/app.ts). */
  readonly tokens: SessionTokens;
  /** Personal API tokens' rows (issue 35): issued and revoked here, checked by the owner hook. */
  readonly apiTokens: ApiTokens;
  /** The live side of sessions: what a token is checked against. */
  readonly sessions: AccountSessions;
  /** TOTP secrets and recovery code hashes. */
  readonly twoFactor: TwoFactorStore;
  /** Passkeys' public keys. */
  readonly passkeys: PasskeyStore;
  /** Second step and WebAuthn challenges. */
  readonly challenges: SignInChallenges;
  /** Per-account sign-in throttling and device tokens. */
  readonly signIn: SignInGuard;
  /** Counts second-step codes per account, like passwords. */
  readonly throttle: SignInThrottle;
  /** A session's coarse place (country, city), as for visits. */
  readonly geo: GeoIpLookup;
  /** Signs and checks the tokens of password reset links. */
  readonly resetTokens: SignedLinks;
  /** Signs and checks the tokens of the links that confirm a new e-mail address. */
  readonly emailChangeTokens: SignedLinks;
  /** Now, for the account routes (see CommandApiDependencies.accountClock). */
  readonly now: () => Date;
  /** Now for TOTP codes and challenges (tests move it to the next 30-second step instead of waiting). */
  readonly securityNow: () => Date;
}

export function createAccountTools(deps: CommandApiDependencies): AccountTools {
  const credentials = new CredentialStore(deps.pool);
  const throttle = new SignInThrottle(
    deps.pool,
    deriveKey(deps.appSecret, 'sign-in-throttle'),
    signInThrottleSettings(deps.signInThrottle),
  );
  const throttleNow = deps.signInThrottle?.now ?? (() => new Date());
  return {
    credentials,
    tokens: sessionTokens(deps.pool, deps.appSecret),
    apiTokens: apiTokens(deps.pool, deps.appSecret),
    sessions: new AccountSessions(deps.pool),
    twoFactor: new TwoFactorStore(
      deps.pool,
      deriveKey(deps.appSecret, 'two-factor-secrets'),
      deriveKey(deps.appSecret, 'recovery-codes'),
    ),
    passkeys: new PasskeyStore(deps.pool),
    challenges: new SignInChallenges(deps.pool),
    signIn: new SignInGuard(throttle, new DeviceTokens(deriveKey(deps.appSecret, 'device-tokens')), throttleNow),
    throttle,
    geo: deps.telemetry?.geo ?? new DbIpCityLookup(),
    resetTokens: SignedLinks.fromAppSecret(deps.appSecret, 'password-reset'),
    emailChangeTokens: SignedLinks.fromAppSecret(deps.appSecret, 'email-change'),
    now: deps.accountClock ?? (() => new Date()),
    securityNow: deps.securityClock ?? throttleNow,
  };
}
