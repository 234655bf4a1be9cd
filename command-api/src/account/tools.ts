import { CredentialStore } from '@kartvizit/infra/auth/credential-store';
import { SessionTokens } from '@kartvizit/infra/auth/session-tokens';
import { DeviceTokens } from '@kartvizit/infra/auth/device-tokens';
import { SignInThrottle, signInThrottleSettings } from '@kartvizit/infra/auth/sign-in-throttle';
import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import type { CommandApiDependencies } from '../core/context.ts';
import { SignInGuard } from './sign-in-guard.ts';

/** What only the account feature handles: passwords, sessions, sign-in throttling and its signed links. */
export interface AccountTools {
  readonly credentials: CredentialStore;
  /** Issues sessions here; the owner hook checks them (command-api/src/app.ts). */
  readonly tokens: SessionTokens;
  /** Per-account sign-in throttling and device tokens. */
  readonly signIn: SignInGuard;
  /** Signs and checks the tokens of password reset links. */
  readonly resetTokens: SignedLinks;
  /** Signs and checks the tokens of the links that confirm a new e-mail address. */
  readonly emailChangeTokens: SignedLinks;
  /** Now, for the account routes (see CommandApiDependencies.accountClock). */
  readonly now: () => Date;
}

export function createAccountTools(deps: CommandApiDependencies): AccountTools {
  const credentials = new CredentialStore(deps.pool);
  return {
    credentials,
    tokens: new SessionTokens(deriveKey(deps.appSecret, 'session-tokens'), credentials),
    signIn: new SignInGuard(
      new SignInThrottle(
        deps.pool,
        deriveKey(deps.appSecret, 'sign-in-throttle'),
        signInThrottleSettings(deps.signInThrottle),
      ),
      new DeviceTokens(deriveKey(deps.appSecret, 'device-tokens')),
      deps.signInThrottle?.now ?? (() => new Date()),
    ),
    resetTokens: SignedLinks.fromAppSecret(deps.appSecret, 'password-reset'),
    emailChangeTokens: SignedLinks.fromAppSecret(deps.appSecret, 'email-change'),
    now: deps.accountClock ?? (() => new Date()),
  };
}
