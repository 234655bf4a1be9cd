/**
 * The answer to a sign-in while the address (or this device) is locked after too many failed attempts
 * (docs/decisions/0013-sign-in-throttling.md): says when to try again, in seconds below a minute and in
 * whole minutes (rounded up) above. A no-break space keeps the number with its unit when the line wraps.
 */
export function signInLockedMessage(retryAfterSeconds: number): string {
  return `Bu e-posta adresiyle çok fazla hatalı giriş denemesi yapıldı. Güvenliğiniz için lütfen ${lockWait(retryAfterSeconds)} sonra tekrar deneyin.`;
}

/** How long a lock lasts, as the lock messages say it: seconds below a minute, whole minutes (rounded up) above. */
export function lockWait(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return seconds < 60 ? `${seconds}\u00a0saniye` : `${Math.ceil(seconds / 60)}\u00a0dakika`;
}
