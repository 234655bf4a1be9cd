import { DEVICE_TOKENS_STORAGE_KEY, MAX_DEVICE_TOKENS } from '@kartvizit/schemas/constants';

/**
 * Device tokens (docs/decisions/0013-sign-in-throttling.md): each successful sign-in or registration
 * gives this browser a token that marks it as a known device of that address, so a stranger's wrong
 * passwords cannot lock its owner out here. They mark the device, not the session: signing out keeps
 * them. One per address (several people may share a computer), newest first, at most MAX_DEVICE_TOKENS.
 * The server does not say whose a token is, and neither does the token; only its device id is read here.
 */

/** `d1.<device id>.<issued at>.<signature>`: the device id says which stored token a renewed one replaces. */
function deviceIdOf(token: string): string | null {
  const parts = token.split('.');
  return parts.length === 4 && parts[0] === 'd1' && parts[1] ? parts[1] : null;
}

/** The list after a sign-in answered with `token`: it replaces the token of the same device, newest first. */
export function withDeviceToken(tokens: readonly string[], token: string): string[] {
  const deviceId = deviceIdOf(token);
  if (!deviceId) return [...tokens];
  return [token, ...tokens.filter((stored) => deviceIdOf(stored) !== deviceId)].slice(0, MAX_DEVICE_TOKENS);
}

/** What storage held, if it is a list of tokens; anything else (edited by hand, another app's) is nothing. */
export function parseDeviceTokens(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is string => typeof item === 'string' && deviceIdOf(item) !== null).slice(0, MAX_DEVICE_TOKENS);
  } catch {
    return [];
  }
}

export function readDeviceTokens(): string[] {
  try {
    return parseDeviceTokens(window.localStorage.getItem(DEVICE_TOKENS_STORAGE_KEY));
  } catch {
    return [];
  }
}

export function rememberDeviceToken(token: string): void {
  try {
    window.localStorage.setItem(DEVICE_TOKENS_STORAGE_KEY, JSON.stringify(withDeviceToken(readDeviceTokens(), token)));
  } catch {
    // Storage refused: this browser stays a stranger to the throttle, which only makes locks longer.
  }
}
