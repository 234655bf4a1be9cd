import Bowser from 'bowser';
import type { DeviceType } from '@kartvizit/schemas/telemetry/events';
import { memoize } from './memo.ts';

/** What a statistics screen may say about a visitor's device: a class, a browser family and an OS family. */
export interface DeviceDescription {
  readonly device: DeviceType;
  readonly browser: string | null;
  readonly os: string | null;
}

// Bowser's names, shortened to what an owner reads in the browser table.
const BROWSER_NAMES: Readonly<Record<string, string>> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  Chromium: 'Chrome',
  'Opera Touch': 'Opera',
  'Opera Coast': 'Opera',
};

const NAME_LIMIT = 40;

/**
 * Device class, browser and OS from the user agent (bowser, MIT). `touchPoints` is the page's
 * navigator.maxTouchPoints: iPadOS Safari presents itself as a Mac ("Macintosh"), and a Mac has no
 * touch screen, so a "Mac" with more than one touch point is an iPad.
 */
export function describeDevice(userAgent: string, touchPoints?: number | null): DeviceDescription {
  const { browser, os, device, mac } = describeAgent(userAgent);
  if (mac && typeof touchPoints === 'number' && touchPoints > 1) return { device: 'tablet', browser, os: 'iOS' };
  return { device, browser, os };
}

const describeAgent = memoize((userAgent: string): DeviceDescription & { readonly mac: boolean } => {
  const parsed = Bowser.parse(userAgent);
  const browserName = cleanName(parsed.browser.name);
  return {
    device: deviceClass(parsed.platform.type, userAgent),
    browser: browserName === null ? null : (BROWSER_NAMES[browserName] ?? browserName),
    os: cleanName(parsed.os.name),
    mac: /Macintosh/.test(userAgent),
  };
});

// Bowser's platform types; a TV counts with the big screens.
const PLATFORM_DEVICES: Readonly<Record<string, DeviceType>> = {
  mobile: 'mobile',
  tablet: 'tablet',
  desktop: 'desktop',
  tv: 'desktop',
};

function deviceClass(platform: string | undefined, userAgent: string): DeviceType {
  const known = platform === undefined ? undefined : PLATFORM_DEVICES[platform];
  // Bowser knows no platform for this agent: the "Mobi" token is the convention browsers follow.
  return known ?? (/Mobi|iPhone|Android.+Mobile/i.test(userAgent) ? 'mobile' : 'desktop');
}

function cleanName(name: string | undefined): string | null {
  const trimmed = name?.trim();
  return trimmed ? trimmed.slice(0, NAME_LIMIT) : null;
}
