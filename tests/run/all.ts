/**
 * `npm test`: every check a change must pass, in the order that fails fastest.
 * Types, lint, unit, integration (real PostgreSQL), then the browser journeys in Chromium.
 * The integration suites run on the server named by DATABASE_URL, else on embedded PostgreSQL; the browser journeys'
 * server is always `npm start` on embedded PostgreSQL (decision 53), so one run tests both ways to PostgreSQL.
 * Ends with how long each step took and one "N passed, N failed" line that counts every test that ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from '../support/chromium.ts';

const root = new URL('../..', import.meta.url).pathname;
const artifacts = join(root, 'tests/artifacts');
mkdirSync(artifacts, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const durations: string[] = [];

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${title} ━━`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${title} ${formatDuration(performance.now() - started)}`);
  const ok = result.status === 0;
  if (!ok) failures.push(title);
  return ok;
}

function formatDuration(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  return seconds < 60 ? `${seconds} sn` : `${Math.floor(seconds / 60)} dk ${seconds % 60} sn`;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

function countVitest(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
}

interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function countPlaywright(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightJson;
  tally.passed += report.stats.expected + report.stats.flaky;
  tally.failed += report.stats.unexpected;
  tally.skipped += report.stats.skipped;
}

const npx = 'npx';
run('Türler (tsc)', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('Lint (eslint)', npx, ['eslint', '.', '--max-warnings=0']);

for (const project of ['unit', 'int'] as const) {
  const output = join(artifacts, `vitest-${project}.json`);
  run(`Vitest: ${project}`, npx, [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  countVitest(output);
}

const chromium = chromiumPath();
if (chromium) {
  const output = join(artifacts, 'playwright.json');
  if (run('Web build (vite)', 'npm', ['run', 'build', '-w', 'web'])) {
    run(
      'Browser journeys (Playwright, Chromium)',
      npx,
      ['playwright', 'test', '-c', 'tests/playwright.config.ts', '--reporter=list,json'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: output,
      },
    );
  }
  countPlaywright(output);
} else if (process.env.CI === 'true') {
  console.error('\nChromium is missing (apt-get install -y chromium): in CI the browser suite must run.');
  failures.push('Browser journeys: Chromium missing');
} else {
  console.warn('\nChromium not found: browser journeys skipped. Install it with: apt-get install -y chromium');
}

console.log(`\n━━ Sonuç ━━`);
console.log(`Süreler: ${durations.join(', ')}`);
if (failures.length > 0) console.log(`Başarısız adımlar: ${failures.join(', ')}`);
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length > 0 || tally.failed > 0 ? 1 : 0);
