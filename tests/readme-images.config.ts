import { defineConfig } from '@playwright/test';
import journeys from './playwright.config.ts';

/**
 * `npm run readme:images`: the README's screenshots (docs/images/), taken from the same server the browser journeys
 * run (`npm start`'s composition on embedded PostgreSQL, loopback fakes for every outside service). Not part of
 * `npm test`: run it again when the card or the dashboard changes, and commit the images it writes.
 */
export default defineConfig({
  ...journeys,
  testDir: './readme',
  testMatch: '**/*.images.ts',
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
});
