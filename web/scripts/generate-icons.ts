/**
 * Draws the installable app's PNG icons (web/public/icons/) from web/public/favicon.svg in Chromium, so the icons
 * and the favicon cannot drift apart. Run after changing the favicon, and commit the PNGs:
 *
 *   npx tsx web/scripts/generate-icons.ts
 *
 * 'any' icons keep the favicon's transparent corners; the maskable icon and the apple-touch-icon (iOS fills
 * transparency with black and rounds the corners itself) put it on the brand's lightest tint, inside the centre 80 %
 * circle that launchers may crop to (https://w3c.github.io/manifest/#icon-masks).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/support/chromium.ts';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(webDir, 'public', 'favicon.svg'), 'utf8');
/** --color-brand-50 of web/src/app/global.css. */
const TINT = '#eef2ff';

interface Icon {
  readonly file: string;
  readonly size: number;
  /** Share of the side the logo takes; the rest is background. */
  readonly logo: number;
  readonly background: string | null;
}

const ICONS: readonly Icon[] = [
  { file: 'icon-192.png', size: 192, logo: 1, background: null },
  { file: 'icon-512.png', size: 512, logo: 1, background: null },
  { file: 'icon-maskable-512.png', size: 512, logo: 0.7, background: TINT },
  { file: 'apple-touch-icon-180.png', size: 180, logo: 0.8, background: TINT },
];

const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    const logo = Math.round(icon.size * icon.logo);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;` +
        `place-items:center;background:${icon.background ?? 'transparent'}">` +
        `<img alt="" width="${logo}" height="${logo}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">` +
        `</body></html>`,
    );
    await page.screenshot({
      path: join(webDir, 'public', 'icons', icon.file),
      omitBackground: icon.background === null,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
