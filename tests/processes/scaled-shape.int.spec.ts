import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryView } from '@kartvizit/schemas';
import { MIN_POSITION_HEADER, TOKEN_STORAGE_KEY } from '@kartvizit/schemas/constants';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { STATISTICS_ALL_CARDS } from '@kartvizit/schemas/statistics/http';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { PROJECTIONS } from '@kartvizit/projector/projections';
import { WEBHOOK_DELIVERY_REACTOR } from '@kartvizit/projector/webhook/webhook-delivery-reactor';
import { WEBHOOK_FANOUT_REACTOR } from '@kartvizit/projector/webhook/webhook-fanout-reactor';
import { LEAD_LIMIT_PER_CARD } from '@kartvizit/command-api/core/public-form/submission-limiter';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.ts';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { kafkaForTests } from '../support/kafka.ts';
import { nginxPath, startNginx, type RunningNginx } from '../support/nginx.ts';
import { freePort } from '../support/ports.ts';
import { readModelSnapshot } from '../support/read-model-snapshot.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The scaled shape of issue 16, as the deploy files draw it, on one machine: a PostgreSQL server database, a Kafka
 * broker, two command-api, two projector and two query-api processes, and Debian's nginx running
 * infra/deploy/nginx.conf in front of them (tests/support/nginx.ts). A browser goes through nginx only: an owner
 * registers, fills the profile, creates a card, watches a phone's visit arrive live on /stats, adds a product and
 * connects REMS; a visitor registers through the card. Then one projector is killed (SIGKILL) while beacons keep
 * coming, the other carries on, and at the end every read model equals what a rebuild from the event store gives.
 * Between them the owner adds a webhook (issue 35) for a receiver on loopback, and a product they create arrives there
 * signed, once, from a projector's reactors fed by the same transport.
 *
 * EVENT_TRANSPORT for the processes: 'kafka', the shape the customer drew (the projectors run the relay and consume its
 * topic); SCALED_EVENT_TRANSPORT=store runs the same journey with LISTEN/NOTIFY wake-ups and store-fed projections.
 */
const EVENT_TRANSPORT = process.env.SCALED_EVENT_TRANSPORT?.trim() || 'kafka';
if (EVENT_TRANSPORT !== 'store' && EVENT_TRANSPORT !== 'kafka') {
  throw new Error(`SCALED_EVENT_TRANSPORT must be store or kafka, got "${EVENT_TRANSPORT}"`);
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const REMS_KEY = 'rems_olcekli_kartvizit_7d1e';
const LOCALE = { locale: 'tr-TR', timezoneId: 'Europe/Istanbul' } as const;
// A loaded two-core machine runs nine processes here: generous waits, never sleeps.
const WAIT = 45_000;

const { kafka, skipped: kafkaSkipped } = await kafkaForTests();
const missing = [
  kafkaSkipped,
  nginxPath() === null ? 'no nginx (apt-get install -y nginx)' : null,
  chromiumPath() === null ? 'no Chromium (apt-get install -y chromium)' : null,
].filter((reason): reason is string => reason !== null);
// .ci/run installs nginx, Chromium and Maven first: there, a missing tool is a broken run, not a skip.
if (missing.length > 0 && process.env.CI === 'true')
  throw new Error(`CI must run the scaled shape: ${missing.join('; ')}`);
const skipped = missing.length > 0 ? missing.join('; ') : null;

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let nginx: RunningNginx | undefined;
let rems: FakeRems | undefined;
let receiver: WebhookReceiver | undefined;
let browser: Browser | undefined;
const children: ChildProcess[] = [];
const workDir = mkdtempSync(join(tmpdir(), 'kartvizit-scaled-'));
const root = new URL('../..', import.meta.url).pathname;
let shared: Record<string, string> = {};
/** The query-apis' own ports (nginx spreads the requests over them). */
let queryPorts: number[] = [];

interface Service {
  readonly name: string;
  readonly child: ChildProcess;
}

/** A service process as `npm run start:<service>` runs it; PGAPPNAME names its database sessions. */
function startService(name: string, entry: string, env: Record<string, string>): Service {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...shared, DATA_DIR: join(workDir, name), PGAPPNAME: `kartvizit-${name}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { name, child };
}

async function until(what: string, condition: () => Promise<boolean>, timeoutMs = WAIT): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForHealth(port: number, service: Service): Promise<void> {
  await until(
    `${service.name} healthy`,
    async () => {
      if (service.child.exitCode !== null) throw new Error(`${service.name} exited (${service.child.exitCode})`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    90_000,
  );
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Advisory locks (one per projection or reactor it works for) held by a process's database sessions. */
async function locksHeldBy(service: Service): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = $1`,
    [`kartvizit-${service.name}`],
  );
  return Number(rows[0]?.n ?? 0);
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await database.pool.query<{ n: string | null }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

const storedVisits = () => count("SELECT count(*) AS n FROM events WHERE type = 'CardVisited'");
// Each visit counts for its card and for the owner's all-cards row: the all-cards rows are the visits.
const projectedVisits = () =>
  count('SELECT coalesce(sum(visits), 0) AS n FROM rm_stat_totals WHERE card_id = $1', [STATISTICS_ALL_CARDS]);

let projectorA: Service;
let projectorB: Service;

beforeAll(async () => {
  if (skipped) return;
  chmodSync(workDir, 0o755);
  database = await createTestDatabase();
  rems = await startFakeRems();
  rems.addKey(REMS_KEY, { id: 'rems-olcekli', name: 'Ölçekli Emlak' });
  receiver = await startWebhookReceiver();

  // The web app the query-apis serve, built into this run's folder (int tests run before npm test's web build).
  const webDist = join(workDir, 'web-dist');
  const built = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(root, 'web'),
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`web build failed: ${built.stderr}`);

  const ports = { command: [await freePort(), await freePort()], query: [await freePort(), await freePort()] };
  nginx = await startNginx({ commandApi: ports.command, queryApi: ports.query });
  queryPorts = ports.query;
  shared = {
    DATABASE_URL: database.url,
    APP_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_BASE_URL: nginx.url,
    TRUST_PROXY: '1',
    BLOB_DIR: join(workDir, 'blobs'),
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    TELEMETRY_RATE_LIMIT_PER_MINUTE: '0',
    REMS_API_URL: rems.url,
    KAFKA_BROKERS: kafka?.brokers.join(',') ?? '',
    EVENT_TRANSPORT,
    // The webhook receiver is on loopback: the command-apis may accept it and the projectors' reactors reach it.
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
  };
  const apis = [
    ...ports.command.map((port, index) => ({
      port,
      service: startService(`command-api-${index + 1}`, 'command-api/src/main.ts', { PORT: String(port) }),
    })),
    ...ports.query.map((port, index) => ({
      port,
      service: startService(`query-api-${index + 1}`, 'query-api/src/main.ts', {
        PORT: String(port),
        WEB_DIST_DIR: webDist,
      }),
    })),
  ];
  // Projector A first, alone until its projections are set up: it is the one working when B starts.
  projectorA = startService('projector-a', 'projector/src/main.ts', {});
  const names = PROJECTIONS.map((projection) => projection.name);
  await until(
    'projector A set up every projection',
    async () => {
      if (projectorA.child.exitCode !== null) throw new Error(`projector A exited (${projectorA.child.exitCode})`);
      const set = await count('SELECT count(*) AS n FROM projection_checkpoints WHERE name = ANY($1)', [names]).catch(
        () => 0,
      );
      return set === names.length && (EVENT_TRANSPORT !== 'store' || (await locksHeldBy(projectorA)) >= names.length);
    },
    90_000,
  );
  projectorB = startService('projector-b', 'projector/src/main.ts', {});
  await Promise.all(apis.map(({ port, service }) => waitForHealth(port, service)));

  const executablePath = chromiumPath() ?? '/usr/bin/chromium';
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await nginx?.stop();
  await Promise.all(children.map((child) => stopChild(child)));
  await rems?.close();
  await receiver?.close();
  await database?.drop();
  await kafka?.stop();
  rmSync(workDir, { recursive: true, force: true });
}, 120_000);

async function newContext(options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  if (!browser || !nginx) throw new Error('not started');
  const context = await browser.newContext({ ...LOCALE, baseURL: nginx.url, ...options });
  context.setDefaultTimeout(WAIT);
  return context;
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]', { hasText: text });
}

function statTile(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Özet istatistikler' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.stat-tile__value');
}

/** A JSON call through nginx, as a script of the owner's would make it with their session token. */
async function api(method: 'GET' | 'POST', path: string, token: string, body?: unknown, after?: string) {
  const response = await fetch(`${nginx?.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // Read-your-writes: a query-api answers once its projections have passed the command's position.
      ...(after === undefined ? {} : { [MIN_POSITION_HEADER]: after }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; position?: string } };
}

/** Beacons as phones send them, through nginx, from `lanes` loops at once, until stopped; counts what was stored. */
function beaconLoad(cardId: string, lanes = 6) {
  let running = true;
  let accepted = 0;
  let refused = 0;
  const lane = async () => {
    while (running) {
      const response = await fetch(`${nginx?.url}/api/telemetry/visit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': IPHONE },
        body: JSON.stringify({ cardId, touchPoints: 5, screenWidth: 390 }),
      });
      await response.arrayBuffer();
      if (response.status === 204) accepted++;
      else refused++;
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, lane));
  return {
    accepted: () => accepted,
    async stop() {
      running = false;
      await done;
      return { accepted, refused };
    },
  };
}

describe.skipIf(skipped !== null)(
  `the scaled shape: 2 × command-api, projector, query-api behind nginx, EVENT_TRANSPORT=${EVENT_TRANSPORT}${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let cardId = '';
    let ownerToken = '';
    /** Requests the webhook receiver had when its product was delivered: nothing more may come after. */
    let webhookRequests = -1;

    it('serves a whole owner journey and a visitor through nginx, live statistics included', async () => {
      // Given: an owner on a desktop browser, through nginx only.
      const owner = await newContext({ viewport: { width: 1280, height: 800 } });
      const page = await owner.newPage();
      const email = `olcekli-${Date.now()}@example.com`;

      // When: they register...
      await page.goto('/auth/register');
      await page.getByLabel('Ad', { exact: true }).fill('Ayşe');
      await page.getByLabel('Soyad', { exact: true }).fill('Yılmaz');
      await page.getByLabel('E-posta').fill(email);
      await page.getByLabel('Şifre', { exact: true }).fill('gizli-sifre-1');
      await page.getByLabel('Şifre Tekrar', { exact: true }).fill('gizli-sifre-1');
      await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('heading', { level: 1, name: 'Hoş geldiniz, Ayşe' }).waitFor();

      // ...fill the profile...
      await page.goto('/profile');
      const save = page.getByRole('button', { name: 'Profili Kaydet' });
      await save.waitFor();
      await page.getByRole('region', { name: 'Kişisel Bilgiler' }).getByLabel('Pozisyon').fill('Gayrimenkul Danışmanı');
      await page.getByRole('region', { name: 'İletişim ve Adres' }).getByLabel('Telefon').fill('0532 123 45 67');
      await save.click();
      await toast(page, 'Profil oluşturuldu!').waitFor();

      // ...create a virtual card...
      await page.goto('/activate');
      const create = page.getByRole('region', { name: 'Sanal Kart Oluştur' });
      await create.getByLabel('Kart adı').fill('Ölçekli Kart');
      const created = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/cards',
      );
      await create.getByRole('button', { name: 'Sanal Kart Oluştur' }).click();
      const sentCardId = ((await created).postDataJSON() as { cardId?: unknown }).cardId;
      cardId = typeof sentCardId === 'string' ? sentCardId : '';
      expect(cardId).not.toBe('');
      await toast(page, 'Sanal kart oluşturuldu ve aktifleştirildi!').waitFor();
      await page.waitForURL(/\/cards$/);

      // ...and keep /stats open: nothing counted yet.
      const stats = await owner.newPage();
      await stats.goto('/stats');
      await stats.getByRole('heading', { level: 1, name: 'İstatistikler' }).waitFor();
      await statTile(stats, 'Toplam Ziyaret').filter({ hasText: /^0$/ }).waitFor();

      // The card is on its public page once the projectors have it: the screen's toast comes with the command's answer,
      // and a Kafka-fed projection under load may be seconds behind. A phone opening it before would get the 'not
      // found' page (no beacon: the wait below would run out), so wait until every query-api serves it.
      await until('every query-api serves the public card', async () => {
        const answers = await Promise.all(
          queryPorts.map(async (port) => {
            const response = await fetch(`http://127.0.0.1:${port}/p/${cardId}`);
            await response.arrayBuffer();
            return response.status;
          }),
        );
        return answers.every((status) => status === 200);
      });

      // When: a phone opens the public card (its beacon goes through nginx to a command-api)...
      const phone = await newContext({
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: IPHONE,
      });
      const visitor = await phone.newPage();
      const beacon = visitor.waitForResponse((response) => response.url().endsWith('/api/telemetry/visit'));
      await visitor.goto(`/p/${cardId}`);
      expect((await beacon).status()).toBe(204);
      await visitor
        .getByRole('heading', { name: /Ayşe Yılmaz/ })
        .first()
        .waitFor();

      // Then: /stats shows it without a reload (a projector → NOTIFY → a query-api's live stream).
      await statTile(stats, 'Toplam Ziyaret').filter({ hasText: /^1$/ }).waitFor();

      // When: the owner adds a product...
      await page.goto('/products');
      await page.getByRole('button', { name: 'Yeni Ürün Ekle' }).click();
      const form = page.locator('form').filter({ has: page.getByLabel('Ürün adı') });
      await form.getByLabel('Ürün adı').fill('Deniz manzaralı daire');
      await form.getByLabel('Fiyat', { exact: true }).fill('4250000');
      await form.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await toast(page, 'Ürün başarıyla eklendi!').waitFor();
      // Then: it is listed (read back through a query-api).
      await page
        .getByRole('list', { name: 'Ürünleriniz' })
        .getByRole('heading', { level: 3, name: 'Deniz manzaralı daire', exact: true })
        .waitFor();

      // When: the owner connects REMS (command-api asks the REMS fake)...
      await page.goto('/rems-integration');
      await page.getByLabel('REMS API Anahtarı').fill(REMS_KEY);
      await page.getByRole('button', { name: 'API Anahtarını Kaydet' }).click();
      await toast(page, MESSAGES.remsApiKeySaved).waitFor();
      await page.getByRole('region', { name: 'Entegrasyon Aktif' }).waitFor();

      // ...the card shows 'Emlak Danışmanlığı' once the query-api that answers has the key (each caches its pages)...
      const block = visitor.getByRole('region', { name: 'Emlak Danışmanlığı' });
      await until('the card shows the REMS block', async () => {
        await visitor.reload();
        return block.isVisible();
      });
      // ...and the visitor plans a meeting through it.
      await block.getByRole('button', { name: 'Görüşme Planla' }).click();
      const dialog = visitor.getByRole('dialog', { name: 'Görüşme Planlayın' });
      await dialog.getByLabel('Ad', { exact: true }).fill('Çağrı');
      await dialog.getByLabel('Soyad', { exact: true }).fill('Öztürkölçek');
      await dialog.getByLabel('Telefon', { exact: true }).fill('0532 765 43 21');
      await dialog.getByLabel('İlgi Alanı', { exact: true }).selectOption({ label: 'Alıcı' });
      await dialog.getByRole('button', { name: 'Gönder' }).click();
      await visitor.getByRole('status').filter({ hasText: MESSAGES.remsRegistrationThanks }).waitFor();

      // Then: a projector's REMS reactor delivered the customer to the owner's REMS, exactly once.
      await until('REMS received the customer', async () =>
        Promise.resolve((rems?.customers() ?? []).some((customer) => customer.body.lastName === 'Öztürkölçek')),
      );
      const customers = (rems?.customers() ?? []).filter((customer) => customer.body.lastName === 'Öztürkölçek');
      expect(customers).toHaveLength(1);
      expect(customers[0]?.body).toMatchObject({
        firstName: 'Çağrı',
        phoneNumber: '5327654321',
        customerType: 'BUYER',
      });

      // The owner's session, for the webhook test that follows (the web app keeps it in localStorage).
      ownerToken = (await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)) ?? '';
      await owner.close();
      await phone.close();
    }, 240_000);

    it('tells the owner’s webhook receiver of a new product, signed and once, through nginx (issue 35)', async () => {
      expect(ownerToken, 'the journey signed the owner in').not.toBe('');
      if (!receiver) throw new Error('no webhook receiver');
      // Given: both webhook reactors have their place in the log (the fan-out starts at the head the first time it runs).
      await until(
        'the webhook reactors started',
        async () =>
          (await count('SELECT count(*) AS n FROM reactor_checkpoints WHERE name = ANY($1)', [
            [WEBHOOK_FANOUT_REACTOR, WEBHOOK_DELIVERY_REACTOR],
          ])) === 2,
      );
      // When: the owner adds a webhook for their products through nginx (a command-api), the secret shown once...
      const added = await api('POST', '/api/webhooks', ownerToken, { url: receiver.url, events: ['product.*'] });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const { id: endpointId, secret } = added.body.data as { id: string; secret: string };
      expect(secret).toMatch(/^whsec_/);
      receiver.secret = secret;
      // ...and creates a product (the journey's earlier one came before the webhook: told to no one).
      const name = 'Ölçekli webhook dairesi';
      const created = await api('POST', '/api/products', ownerToken, { name, price: { value: '3.100.000' } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const productId = (created.body.data as { _id: string })._id;
      expect(typeof created.body.position, 'the command answers its position').toBe('string');

      // Then: the delivery log (a query-api, through nginx) says delivered...
      let log: WebhookDeliveryView[] = [];
      let last = '';
      await until('the delivery log says delivered', async () => {
        const answer = await api(
          'GET',
          `/api/webhooks/${endpointId}/deliveries`,
          ownerToken,
          undefined,
          created.body.position,
        );
        last = `${answer.status} ${JSON.stringify(answer.body)}`;
        // Read-your-writes waits 2 s, then answers what it has: 404 until the webhooks projection has the endpoint.
        if (answer.status === 404) return false;
        expect(answer.status, last).toBe(200);
        log = answer.body.data as WebhookDeliveryView[];
        return log.some((delivery) => delivery.status === 'delivered');
      }).catch((error: unknown) => {
        throw new Error(`${String(error)}; the last answer: ${last}`);
      });
      expect(log).toEqual([expect.objectContaining({ eventName: 'product.created', status: 'delivered' })]);
      const deliveryId = log[0]?.id;
      // ...and the receiver had exactly one product.created, verified with the endpoint's secret, under that id (a retry
      // would carry the same webhook-id; a second fan-out another).
      const hooks = receiver.received.filter((hook) => hook.body.type === 'product.created');
      expect(hooks.length).toBeGreaterThan(0);
      expect(new Set(hooks.map((hook) => hook.id))).toEqual(new Set([deliveryId]));
      const unique = receiver.unique();
      expect(unique.map((hook) => [hook.id, hook.body.type, hook.verified])).toEqual([
        [deliveryId, 'product.created', true],
      ]);
      expect(unique[0]?.body.data).toMatchObject({ productId, product: { name } });
      expect(
        receiver.received.filter((hook) => !hook.verified),
        'every request signed with the secret',
      ).toEqual([]);
      webhookRequests = receiver.received.length;
    }, 120_000);

    it('limits a client as itself through nginx, whatever X-Forwarded-For it sends (decision 50)', async () => {
      expect(cardId, 'the journey created a card').not.toBe('');
      // Given: nginx in front of two command-apis, each limiting a client to LEAD_LIMIT_PER_CARD forms per card (in
      // its own memory), and trusting one hop (TRUST_PROXY=1). When: one client sends one form more than both allow
      // together, each claiming another address (the hidden field only bots fill: answered, counted, not stored).
      const statuses: number[] = [];
      for (let index = 1; index <= 2 * LEAD_LIMIT_PER_CARD + 1; index++) {
        const response = await fetch(`${nginx?.url}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': IPHONE, 'x-forwarded-for': `1.2.3.${index}` },
          body: JSON.stringify({
            cardId,
            fullName: 'Sahte Adres',
            phone: '0532 123 45 67',
            email: '',
            message: '',
            marketingConsent: false,
            website: 'https://bot.example',
          }),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      // Then: nginx passed on the address it saw, not the forged ones: the client was limited as itself.
      expect(
        statuses.filter((status) => status !== 200 && status !== 429),
        'only accepted or limited',
      ).toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(2 * LEAD_LIMIT_PER_CARD);
      expect(statuses).toContain(429);
    });

    it('keeps projecting when the working projector is killed under load, and ends equal to a rebuild', async () => {
      expect(cardId, 'the journey created a card').not.toBe('');
      // Given: the read model has every visit so far.
      await until('statistics caught up', async () => (await projectedVisits()) === (await storedVisits()));
      const before = await storedVisits();
      const locksOfA = await locksHeldBy(projectorA);
      if (EVENT_TRANSPORT === 'store')
        expect(locksOfA, 'projector A works, B stands by').toBeGreaterThanOrEqual(PROJECTIONS.length);

      // When: beacons keep coming through nginx and projector A dies without a word (SIGKILL) in the middle.
      const load = beaconLoad(cardId);
      await until('beacons flowing', async () => Promise.resolve(load.accepted() >= 100));
      projectorA.child.kill('SIGKILL');
      await new Promise((resolve) => projectorA.child.once('exit', resolve));
      const atKill = before + load.accepted();
      // Then: B takes over (in store mode: it now holds every lock A held) and counts visits sent after the kill.
      if (EVENT_TRANSPORT === 'store') {
        await until('projector B holds what A held', async () => (await locksHeldBy(projectorB)) >= locksOfA);
      }
      await until('visits after the kill are counted', async () => (await projectedVisits()) > atKill);
      const sent = await load.stop();
      expect(sent.refused, 'every beacon was stored').toBe(0);

      // Every accepted beacon is in the store, and B projected every one.
      expect(await storedVisits()).toBe(before + sent.accepted);
      await until(
        'statistics caught up after the load',
        async () => (await projectedVisits()) === before + sent.accepted,
      );
      // Fed by Kafka, a projection's checkpoint is the relay's newest mark it covers: at the head once all is published.
      await until('every projection at the head', projectionsAtHead);

      // And the read models B kept equal a rebuild from the event store (npm run projector -- rebuild all).
      const live = await readModelSnapshot(database.pool);
      expect(live.rm_stat_totals?.length, 'statistics rows').toBeGreaterThan(0);
      expect(
        live.rm_cards?.some((row) => row.includes(cardId)),
        'the card is in rm_cards',
      ).toBe(true);
      const rebuilt = spawnSync(process.execPath, ['--import', 'tsx', 'projector/src/cli.ts', 'rebuild', 'all'], {
        cwd: root,
        env: { ...process.env, ...shared, DATA_DIR: join(workDir, 'cli') },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(rebuilt.status, rebuilt.stderr).toBe(0);
      expect(await readModelSnapshot(database.pool)).toEqual(live);
      // The delivered webhook was not sent again when its projector died, nor by B taking over.
      if (webhookRequests >= 0) expect(receiver?.received.length).toBe(webhookRequests);
    }, 300_000);
  },
);

/** Every projection's checkpoint is the newest event's (store mode: they follow the event store). */
async function projectionsAtHead(): Promise<boolean> {
  const { rows } = await database.pool.query<{ behind: string }>(
    `SELECT count(*) AS behind FROM projection_checkpoints p,
       (SELECT transaction_id::text || ':' || global_position::text AS head FROM events
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1) h
      WHERE p.name = ANY($1) AND p.checkpoint IS DISTINCT FROM h.head`,
    [PROJECTIONS.map((projection) => projection.name)],
  );
  return Number(rows[0]?.behind ?? 1) === 0;
}
