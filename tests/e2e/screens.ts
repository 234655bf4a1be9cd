import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { DESKTOP, PHONE } from './fixtures.ts';

/** Where the journeys keep what the screens really showed (tests/artifacts, not committed). */
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

const SIZES = [
  ['phone', PHONE.viewport ?? { width: 390, height: 844 }],
  ['desktop', DESKTOP],
] as const;

/**
 * The screen at both sizes the product promises, each checked by axe and kept as `<file>-phone.png` and
 * `<file>-desktop.png` (animations finished, so a dialog is not caught half faded in). `fullPage: false` keeps what
 * the viewport shows (a dialog over the page). Leaves the page at the desktop size.
 */
export async function captureBothSizes(
  page: Page,
  file: string,
  screen: string,
  options: { readonly fullPage?: boolean } = {},
): Promise<void> {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${screen} (${size})`);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${file}-${size}.png`),
      fullPage: options.fullPage ?? true,
      animations: 'disabled',
    });
  }
}

/**
 * Counts the change notices the statistics streams deliver (window.statisticsPushes.count), so a journey can tell a
 * pushed update from a read it made itself. Install before the page loads.
 */
export async function countStatisticsPushes(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const pushes = { count: 0 };
    Object.assign(window, { statisticsPushes: pushes });
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('statistics', () => {
          pushes.count += 1;
        });
      }
    };
  });
}

/** The notices counted so far by countStatisticsPushes. */
export async function statisticsPushes(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { statisticsPushes: { count: number } }).statisticsPushes.count);
}
