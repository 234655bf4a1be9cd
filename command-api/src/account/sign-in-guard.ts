import type { FastifyBaseLogger } from 'fastify';
import { newDeviceId, type DeviceTokens } from '@kartvizit/infra/auth/device-tokens';
import { SignInThrottle, type ThrottleSubject } from '@kartvizit/infra/auth/sign-in-throttle';

/** An attempt the throttle let through, counted against `subject`. */
export interface AdmittedSignIn {
  readonly admitted: true;
  readonly email: string;
  readonly subject: ThrottleSubject;
  /** The known device the attempt came from, or null for a stranger. */
  readonly deviceId: string | null;
  readonly attempts: number;
  /** The lock this attempt starts if its password is wrong (0: none). */
  readonly lockSeconds: number;
}

export type SignInAdmission = AdmittedSignIn | { readonly admitted: false; readonly retryAfterSeconds: number };

/**
 * Per-account sign-in throttling with device tokens (docs/decisions/0013-sign-in-throttling.md).
 * Attempts carrying a device token this address was given are counted per device, with short locks;
 * every other attempt on the address shares one counter whose lock grows to minutes. Unknown
 * addresses are counted exactly like known ones, so a lock says nothing about whether an account exists.
 */
export class SignInGuard {
  constructor(
    private readonly throttle: SignInThrottle,
    private readonly devices: DeviceTokens,
    /** The throttle's clock (tests move it instead of sleeping); session tokens keep the real one. */
    readonly now: () => Date,
  ) {}

  /** Decides before any password is checked; a refusal has checked nothing. */
  async admit(normalisedEmail: string, deviceTokens: readonly string[]): Promise<SignInAdmission> {
    const now = this.now();
    const deviceId = this.devices.recognise(deviceTokens, normalisedEmail, now);
    const subject = deviceId ? this.throttle.knownDevice(deviceId) : this.throttle.address(normalisedEmail);
    const admission = await this.throttle.admit(subject, now);
    if (!admission.admitted) return admission;
    return {
      admitted: true,
      email: normalisedEmail,
      subject,
      deviceId,
      attempts: admission.record.attempts,
      lockSeconds: admission.lockSeconds,
    };
  }

  /** A wrong password (or an unknown address): the attempt stays counted; a lock it starts is logged. */
  failed(attempt: AdmittedSignIn, log: FastifyBaseLogger): void {
    if (attempt.lockSeconds === 0) return;
    // Neither the address, nor the password, nor the client's address: the subject's HMAC prefix only.
    log.warn(
      {
        signInLock: {
          subject: attempt.subject.kind,
          key: SignInThrottle.logName(attempt.subject),
          failures: attempt.attempts,
          lockSeconds: attempt.lockSeconds,
        },
      },
      'sign-in locked',
    );
  }

  /** The right password: the counter starts again, and the browser gets a renewed device token. */
  async succeeded(attempt: AdmittedSignIn): Promise<string> {
    await this.throttle.succeeded(attempt.subject);
    return this.devices.issue(attempt.email, attempt.deviceId ?? newDeviceId(), this.now());
  }

  /** The right password on an account with two-step sign-in: the counter starts again; no device token yet. */
  async passwordAccepted(attempt: AdmittedSignIn): Promise<void> {
    await this.throttle.succeeded(attempt.subject);
  }

  /** A registration proved the password on this browser too; a second step or a passkey finished a sign-in. */
  deviceTokenFor(normalisedEmail: string, deviceId: string | null = null): string {
    return this.devices.issue(normalisedEmail, deviceId ?? newDeviceId(), this.now());
  }

  /** The known device of this address among the browser's device tokens (a passkey sign-in names no address first). */
  recognise(normalisedEmail: string, deviceTokens: readonly string[]): string | null {
    return this.devices.recognise(deviceTokens, normalisedEmail, this.now());
  }
}
