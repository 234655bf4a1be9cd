/**
 * The answer to a sign-in while the address (or this device) is locked after too many failed attempts
 * (docs/decisions/0013-sign-in-throttling.md): says when to try again, in seconds below a minute and in
 * whole minutes (rounded up) above.
 */
export function signInLockedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds} saniye` : `${Math.ceil(seconds / 60)} dakika`;
  return `Bu e-posta adresiyle çok fazla hatalı giriş denemesi yapıldı. Güvenliğiniz için lütfen ${wait} sonra tekrar deneyin.`;
}
