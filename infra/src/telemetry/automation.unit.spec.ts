import { describe, expect, it } from 'vitest';
import { automationReason } from './automation.ts';
import { USER_AGENTS } from './test-user-agents.ts';

describe('automationReason', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'WhatsApp/2.23',
    'WhatsApp/2.23.20.0',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'TelegramBot (like TwitterBot)',
    'Twitterbot/1.0',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'curl/8.5.0',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  ])('%s is a bot', (userAgent) => {
    expect(automationReason({ 'user-agent': userAgent })).toBe('bot');
  });

  it('counts a missing or blank user agent as automated', () => {
    expect(automationReason({})).toBe('no-user-agent');
    expect(automationReason({ 'user-agent': '   ' })).toBe('no-user-agent');
  });

  it.each([
    ['sec-purpose', 'prefetch'],
    ['sec-purpose', 'prefetch;prerender'],
    ['purpose', 'prefetch'],
    ['x-moz', 'prefetch'],
    ['x-purpose', 'preview'],
  ])('a request with %s: %s is a speculative load, not a visit', (name, value) => {
    expect(automationReason({ 'user-agent': USER_AGENTS.iPhone, [name]: value })).toBe('prefetch');
  });

  it.each(Object.entries(USER_AGENTS))('%s is a person', (_name, userAgent) => {
    expect(automationReason({ 'user-agent': userAgent })).toBeNull();
  });
});
