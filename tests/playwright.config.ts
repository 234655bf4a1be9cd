import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';
import { e2eFakeOrigins, e2eHubSpotEnv, e2eMeetingEnv } from './support/e2e-fake-services.ts';

const testsDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(testsDir, '..');
const artifactsDir = join(testsDir, 'artifacts');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Geocoder, map tiles and REMS for the server under test: loopback fakes started by the global setup.
const fakes = e2eFakeOrigins(port);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Data directories of earlier runs whose runner has exited (a run cannot clean up after its own server stops). */
function removeStaleDataDirs(): void {
  if (!existsSync(artifactsDir)) return;
  for (const name of readdirSync(artifactsDir)) {
    const pid = /^e2e-data-(\d+)$/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(join(artifactsDir, name), { recursive: true, force: true });
  }
}

// Workers load this file too and inherit the runner's environment: only the runner prepares a fresh
// data directory, so every run starts from an empty database.
if (!process.env.E2E_DATA_DIR) {
  removeStaleDataDirs();
  const fresh = join(artifactsDir, `e2e-data-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { recursive: true });
  process.env.E2E_DATA_DIR = fresh;
}
const dataDir = process.env.E2E_DATA_DIR;

// The journeys' server is `npm start` itself, on embedded PostgreSQL, even when DATABASE_URL names a server for the
// integration suites (`DATABASE_URL=… npm test`, as CI runs it: decision 53). E2E_DATABASE_URL runs it on a server
// instead. Set here, in the runner and in every worker, so the server, the fixtures and the CLIs they start agree.
const e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? '';
if (e2eDatabaseUrl === '') delete process.env.DATABASE_URL;
else process.env.DATABASE_URL = e2eDatabaseUrl;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './artifacts/playwright',
  forbidOnly: true,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  globalSetup: './support/e2e-fake-services.ts',
  use: {
    baseURL,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    trace: 'retain-on-failure',
    // The dashboard registers a service worker (issue 17). Journeys that route requests or cut the server would meet
    // it between them and the network; only tests/e2e/pwa.e2e.ts, which is about it, lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // Debian's Chromium: Playwright's own browser download does not work on these machines.
    launchOptions: { executablePath: chromiumPath() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx infra/deploy/src/embedded.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links and QR codes then point at the address the browser uses.
      PUBLIC_BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The journeys sign in and up many times a minute from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
      // A sign-in lock outlasts any journey (sign-in-throttling.e2e.ts), so no step races the clock.
      SIGN_IN_FIRST_LOCK_SECONDS: '600',
      NOMINATIM_URL: fakes.geocoder,
      GOOGLE_GEOCODING_URL: fakes.geocoder,
      GOOGLE_MAPS_API_KEY: '',
      MAP_TILE_URL: fakes.tileTemplate,
      REMS_API_URL: fakes.rems,
      // Every page load measures and sends its Core Web Vitals (web-vitals.e2e.ts; decision 44), so every journey
      // also runs the sampled card page and dashboard.
      WEB_VITALS_SAMPLE_RATE: '1',
      // The listings' clock (issue 33): listing-portfolio.e2e.ts moves it past an EİDS authorisation's end.
      LISTING_CLOCK_FILE: join(dataDir, 'listing-clock'),
      // The meeting providers' sign-in and APIs (issue 15).
      ...e2eMeetingEnv(port),
      // HubSpot (issue 35): the operator's app and HubSpot's hosts are the fake the global setup starts on E2E_PORT + 6
      // (tests/support/fake-hubspot.ts), so 'HubSpot’a Bağlan' and the contacts reactor stay on loopback
      // (hubspot.e2e.ts). Only this server: anywhere HUBSPOT_* is unset, HubSpot stays not configured.
      ...e2eHubSpotEnv(port),
      // Webhooks to the journeys' receivers on loopback (integrations.e2e.ts; issue 35).
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      // Empty: embedded PostgreSQL in DATA_DIR/pg, as `npm start` runs.
      DATABASE_URL: e2eDatabaseUrl,
    },
  },
});
