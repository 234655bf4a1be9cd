/**
 * `npm run measure:public-card`: starts the product (npm start's composition) on a temporary data
 * directory, seeds a full profile, a card and a catalogue of 12 products with photos through the API (the
 * budget of issue 12: HTML + CSS + JS before interactive ≤ 30 KB gzip with 12 products), then measures the card page:
 * its weight before interactive (public-card-weight.ts) and Lighthouse's mobile scores, in
 * Debian's Chromium. Prints a summary and writes tests/artifacts/public-card-report.json.
 *
 * Options (environment): MEASURE_FINDABLE=1 (the owner turns on 'Arama motorlarında görünsün': no noindex, JSON-LD;
 * Lighthouse's SEO score then measures the page a search engine may list), MEASURE_PORT (default: a free port), LIGHTHOUSE_RUNS (default 3; the
 * median performance run is reported), CHROME_PATH (default /usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { describeWeight, measurePageWeight } from './public-card-weight.ts';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORT = join(REPO_ROOT, 'tests', 'artifacts', 'public-card-report.json');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the product did not start within 3 minutes');
}

export async function call(
  origin: string,
  method: string,
  path: string,
  body: BodyInit | object | undefined,
  token?: string,
) {
  const isForm = body instanceof FormData;
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const PRODUCT_COUNT = 12;
const PRODUCT_NAMES = [
  'Bakır Lamba',
  'Cam Vazo',
  'Çini Kase',
  'Ahşap Tepsi',
  'Deri Cüzdan',
  'Keten Masa Örtüsü',
  'Seramik Kupa',
  'Yün Kilim',
  'Zeytinyağlı Sabun',
  'Pirinç Şamdan',
  'El Örgüsü Sepet',
  'Gümüş Küpe',
];

/**
 * The catalogue the budget is measured with: 12 active products, each with a photo (uploaded through the real
 * pipeline, so the page shows its 400 px variant), a two-line description and a price; the first one featured.
 * Answers the products' ids.
 */
async function seedProducts(origin: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < PRODUCT_COUNT; index++) {
    const hue = Math.round((index * 360) / PRODUCT_COUNT);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="hsl(${hue} 70% 85%)"/><circle cx="600" cy="450" r="260" fill="hsl(${hue} 60% 35%)"/></svg>`;
    const form = new FormData();
    form.append(
      'images',
      new Blob([await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()], { type: 'image/jpeg' }),
      `urun-${index + 1}.jpg`,
    );
    const uploaded = await call(origin, 'POST', '/api/upload/images', form, token);
    const images = Array.isArray(uploaded.data) ? uploaded.data : [];
    const created = await call(
      origin,
      'POST',
      '/api/products',
      {
        name: PRODUCT_NAMES[index] ?? `Ürün ${index + 1}`,
        description: 'El yapımı, doğal malzemeden. Her parça atölyemizde tek tek hazırlanır ve özenle paketlenir.',
        price: {
          value: 150 + index * 125.5,
          currency: 'TRY',
          compareAtValue: index % 3 === 0 ? 200 + index * 150 : '',
        },
        images,
        category: 'El Sanatları',
        tags: ['el yapımı', 'hediye'],
        features: ['Doğal malzeme', 'Türkiye’de üretildi'],
        stock: index % 4 === 0 ? 0 : 5,
        featured: index === 0,
        url: 'https://magaza.example/urun',
      },
      token,
    );
    const data = created.data as { _id?: string } | undefined;
    ids.push(String(data?._id ?? ''));
  }
  return ids;
}

/** A full profile, as an owner would fill it in, with a photo, a cover and a logo, and a catalogue of 12 products. */
async function seed(origin: string): Promise<{ cardId: string; productIds: string[] }> {
  const account = await call(origin, 'POST', '/api/auth/register', {
    email: `olcum-${Date.now()}@example.com`,
    password: 'gizli-sifre-1',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
  });
  const token = String(account.token);
  const svg = (width: number, height: number, body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);
  const form = new FormData();
  const fields: Record<string, string> = {
    title: 'Dr.',
    jobTitle: 'Gayrimenkul Danışmanı',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    company: 'Yılmaz Emlak',
    bio: 'İstanbul Anadolu yakasında 15 yıllık deneyim. Konut ve ticari gayrimenkulde alım, satım ve kiralama.',
    phone: '0532 123 45 67',
    email: 'ayse@yilmaz-emlak.com.tr',
    website: 'https://yilmaz-emlak.com.tr',
    theme: 'classic',
    'address.street': 'Bağdat Caddesi No: 1',
    'address.city': 'İstanbul',
    'address.state': 'Kadıköy',
    'address.zipCode': '34710',
    'address.country': 'Türkiye',
    'location.lat': '40.9632',
    'location.lng': '29.0634',
    'companyInfo.taxOffice': 'Kadıköy',
    'companyInfo.taxNumber': '4540536920',
    'companyInfo.mersisNo': '0454053692000015',
    'companyInfo.foundedYear': '2009',
    'invoiceInfo.recipientName': 'Yılmaz Emlak Ltd. Şti.',
    'invoiceInfo.taxId': '4540536920',
    'invoiceInfo.taxOffice': 'Kadıköy',
    socialLinks: JSON.stringify([
      { platform: 'instagram', username: 'yilmazemlak', url: '' },
      { platform: 'linkedin', username: 'ayse-yilmaz', url: '' },
      { platform: 'youtube', username: '', url: 'https://www.youtube.com/@yilmazemlak' },
    ]),
    bankAccounts: JSON.stringify([
      {
        bankName: 'Ziraat Bankası',
        accountHolder: 'Ayşe Yılmaz',
        iban: 'TR33 0006 1005 1978 6457 8413 26',
        accountNumber: '',
        branchCode: '0610',
        swiftCode: 'TCZBTR2A',
        currency: 'TRY',
      },
    ]),
    paymentMethods: JSON.stringify([
      { type: 'paypal', accountName: '', accountId: 'ayse@yilmaz-emlak.com.tr', qrCode: '' },
    ]),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('searchable', process.env.MEASURE_FINDABLE === '1' ? 'true' : 'false');
  const photo = await sharp(
    svg(
      600,
      600,
      '<rect width="600" height="600" fill="#f59e0b"/><circle cx="300" cy="240" r="110" fill="#7c2d12"/><ellipse cx="300" cy="560" rx="220" ry="170" fill="#1e3a8a"/>',
    ),
  )
    .jpeg()
    .toBuffer();
  const cover = await sharp(
    svg(
      1600,
      900,
      '<rect width="1600" height="900" fill="#0ea5e9"/><path d="M0 700 L300 420 L520 640 L820 300 L1120 620 L1600 700 L1600 900 L0 900Z" fill="#1e3a8a"/>',
    ),
  )
    .jpeg()
    .toBuffer();
  const logo = await sharp(svg(256, 256, '<rect x="16" y="16" width="224" height="224" rx="56" fill="#4338ca"/>'))
    .png()
    .toBuffer();
  form.append('profilePicture', new Blob([photo], { type: 'image/jpeg' }), 'ayse.jpg');
  form.append('coverPhoto', new Blob([cover], { type: 'image/jpeg' }), 'kapak.jpg');
  form.append('companyLogo', new Blob([logo], { type: 'image/png' }), 'logo.png');
  await call(origin, 'POST', '/api/profile', form, token);

  const productIds = await seedProducts(origin, token);

  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const cardId = `VC-${[...randomBytes(6)].map((byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
  await call(origin, 'POST', '/api/cards', { cardId, type: 'virtual', name: 'Ölçüm' }, token);
  const activated = await call(origin, 'POST', '/api/cards/activate', { cardId, name: 'Ölçüm' }, token);
  const position = typeof activated.position === 'string' ? activated.position : '';
  const last = PRODUCT_NAMES[PRODUCT_COUNT - 1] ?? '';
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${origin}/p/${cardId}`, { headers: position ? { 'x-min-position': position } : {} });
    // The page with the whole catalogue on it (the products were written before the card was activated).
    if (response.ok && (await response.text()).includes(last)) return { cardId, productIds };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the card page did not become available');
}

export interface LighthouseRun {
  /** Where the page ended up (a redirect shows here: the dashboard without a session would be /auth/login). */
  readonly finalUrl: string;
  /** Lighthouse's own failure (its scores are null then), e.g. NO_FCP. */
  readonly runtimeError: string | null;
  readonly scores: Record<string, number | null>;
  readonly metrics: Record<string, number | null>;
  readonly failedAudits: readonly { id: string; title: string; score: number | null }[];
}

/**
 * `browser`: a Chromium already running with this DevTools port, whose storage Lighthouse keeps (the dashboard's
 * measurement signs in first: tests/bench/measure-dashboard.ts); otherwise a fresh one is started and stopped.
 */
export async function runLighthouse(
  url: string,
  browser?: { readonly port: number },
  onlyCategories: readonly string[] = ['performance', 'accessibility', 'best-practices', 'seo'],
): Promise<LighthouseRun> {
  const chrome = browser
    ? { port: browser.port, kill: () => undefined }
    : await chromeLauncher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...onlyCategories],
      disableStorageReset: browser !== undefined,
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    const scores: Record<string, number | null> = {};
    for (const [id, category] of Object.entries(lhr.categories))
      scores[id] = category.score === null ? null : Math.round(category.score * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const failedAudits = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual',
      )
      .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score }));
    return {
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
      scores,
      metrics: {
        firstContentfulPaintMs: metric('first-contentful-paint'),
        largestContentfulPaintMs: metric('largest-contentful-paint'),
        totalBlockingTimeMs: metric('total-blocking-time'),
        cumulativeLayoutShift: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
        interactiveMs: metric('interactive'),
      },
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse `count` times, each run's scores logged; the median run by performance is printed with its metrics and
 * the audits below 90, and returned with every run.
 */
export async function lighthouseRuns(
  count: number,
  measure: () => Promise<LighthouseRun>,
): Promise<{ readonly runs: LighthouseRun[]; readonly median: LighthouseRun }> {
  const runs: LighthouseRun[] = [];
  for (let run = 1; run <= count; run++) {
    const outcome = await measure();
    console.log(
      `Lighthouse run ${run}/${count}: ${Object.entries(outcome.scores)
        .map(([id, score]) => `${id} ${score}`)
        .join(', ')}`,
    );
    runs.push(outcome);
  }
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  console.log('\nLighthouse (mobile: Moto G Power emulation, simulated slow 4G, 4× CPU), median run:');
  for (const [id, score] of Object.entries(median.scores)) console.log(`  ${id.padEnd(16)} ${score}`);
  for (const [id, value] of Object.entries(median.metrics))
    console.log(`  ${id.padEnd(26)} ${value === null ? '-' : Math.round(value * 1000) / 1000}`);
  if (median.failedAudits.length > 0)
    console.log(`  audits below 90: ${median.failedAudits.map((audit) => audit.id).join(', ')}`);
  return { runs, median };
}

/** npm start's composition on a fresh data directory and a free port, as the measurements run it. */
export async function startMeasuredProduct(): Promise<{
  origin: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}> {
  const port = Number(process.env.MEASURE_PORT ?? (await freePort()));
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kartvizit-measure-'));
  // When we run as root, embedded PostgreSQL runs as the "postgres" user and must pass through it.
  chmodSync(dataDir, 0o755);
  // The server itself is the child (no npx in between), so one SIGTERM reaches it once and it
  // stops its embedded PostgreSQL cleanly.
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/deploy/src/embedded.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: origin,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, child, stop };
}

async function main(): Promise<void> {
  const { origin, child, stop } = await startMeasuredProduct();
  try {
    await waitForHealth(origin, child);
    const { cardId, productIds } = await seed(origin);
    const url = `${origin}/p/${cardId}`;
    console.log(`\nMeasuring ${url} (with ${productIds.length} products)\n`);
    const weight = await measurePageWeight(url);
    console.log(describeWeight(weight));
    const productUrl = `${origin}/product/${productIds[0] ?? ''}`;
    console.log(`\nThe product page ${productUrl}\n`);
    const productWeight = await measurePageWeight(productUrl);
    console.log(describeWeight(productWeight));

    const { runs, median } = await lighthouseRuns(RUNS, () => runLighthouse(url));

    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(
      REPORT,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), url, products: productIds.length, chrome: CHROME_PATH, weight, productPage: { url: productUrl, weight: productWeight }, lighthouse: { runs, median } }, null, 2)}\n`,
    );
    console.log(`\nReport: ${REPORT}`);
  } finally {
    await stop();
  }
}

// Run as a script; imported, it only lends its helpers (tests/bench/measure-dashboard.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
