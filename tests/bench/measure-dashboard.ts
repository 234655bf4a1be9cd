/**
 * `npm run measure:dashboard`: Lighthouse's mobile scores of the signed-in dashboard (issue 17), in Debian's
 * Chromium. Starts the product as measure-public-card.ts does, registers an owner with a profile and an active
 * virtual card through the API, puts the session token into the browser's localStorage the way the app does, and lets
 * Lighthouse load /dashboard keeping that storage. Each run is a first visit: a fresh browser profile, so no service
 * worker or cache helps. Prints the median run (by performance) and writes tests/artifacts/dashboard-report.json.
 *
 * Options (environment): LIGHTHOUSE_RUNS (default 3), MEASURE_PORT, CHROME_PATH (default /usr/bin/chromium).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import {
  call,
  freePort,
  runLighthouse,
  startMeasuredProduct,
  waitForHealth,
  lighthouseRuns,
  type LighthouseRun,
} from './measure-public-card.ts';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORT = join(REPO_ROOT, 'tests', 'artifacts', 'dashboard-report.json');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

async function seedOwner(origin: string): Promise<string> {
  const account = await call(origin, 'POST', '/api/auth/register', {
    email: `panel-olcum-${Date.now()}@example.com`,
    password: 'gizli-sifre-1',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
  });
  const token = String(account.token);
  await call(
    origin,
    'POST',
    '/api/profile',
    { firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', jobTitle: 'Mimar', company: 'Yılmaz Mimarlık' },
    token,
  );
  const cardId = `VC-OLC${String(Date.now() % 1000).padStart(3, '0')}`;
  await call(origin, 'POST', '/api/cards', { cardId, type: 'virtual', name: 'Fuar Kartı' }, token);
  await call(origin, 'POST', '/api/cards/activate', { cardId, name: 'Fuar Kartı' }, token);
  return token;
}

/** One Lighthouse run on a fresh profile of a Chromium that has the session in its localStorage. */
async function measureOnce(origin: string, token: string): Promise<LighthouseRun> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'kartvizit-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--remote-debugging-port=${port}`],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    // The sign-in the app does: the token in localStorage. On the landing page, which registers no service worker.
    await page.goto(`${origin}/`);
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    const run = await runLighthouse(`${origin}/dashboard`, { port }, CATEGORIES);
    // Measured signed in, or not at all: without the session the app would have gone to /auth/login.
    if (new URL(run.finalUrl).pathname !== '/dashboard') throw new Error(`Lighthouse ended on ${run.finalUrl}`);
    if (run.runtimeError) throw new Error(`Lighthouse failed: ${run.runtimeError}`);
    return run;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { origin, child, stop } = await startMeasuredProduct();
  try {
    await waitForHealth(origin, child);
    const token = await seedOwner(origin);
    console.log(`\nMeasuring ${origin}/dashboard, signed in\n`);
    const { runs, median } = await lighthouseRuns(RUNS, () => measureOnce(origin, token));
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(
      REPORT,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), url: `${origin}/dashboard`, chrome: CHROME_PATH, lighthouse: { runs, median } }, null, 2)}\n`,
    );
    console.log(`\nReport: ${REPORT}`);
  } finally {
    await stop();
  }
}

await main();
