import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import { memoize } from './memo.ts';

const isBotAgent = memoize(isbot);

/** Why a hit is not a person looking at the page, or null when nothing says so. */
export type AutomationReason = 'no-user-agent' | 'bot' | 'prefetch';

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
}

/**
 * Crawlers, link previews (WhatsApp, Facebook, Telegram…), headless browsers and scripts by their
 * user agent (isbot's pattern list), a missing user agent, and speculative loads: Chromium's
 * `Sec-Purpose: prefetch` (also `prefetch;prerender`), the older `Purpose: prefetch`, Firefox's
 * `X-Moz: prefetch` and Safari's `X-Purpose: preview`. None of them is a visit.
 */
export function automationReason(headers: IncomingHttpHeaders): AutomationReason | null {
  const userAgent = header(headers, 'user-agent').trim();
  if (userAgent === '') return 'no-user-agent';
  if (
    header(headers, 'sec-purpose').includes('prefetch') ||
    header(headers, 'purpose').includes('prefetch') ||
    header(headers, 'x-moz').includes('prefetch') ||
    header(headers, 'x-purpose').includes('preview')
  ) {
    return 'prefetch';
  }
  if (isBotAgent(userAgent)) return 'bot';
  return null;
}
