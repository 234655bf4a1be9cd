import { mkdirSync, readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import pg from 'pg';
import type { Browser, BrowserContext, Download, Locator, Page } from '@playwright/test';
import {
  MEETING_FORM_MESSAGES,
  MEETING_PROVIDER_MESSAGES,
  MEETING_TOAST_MESSAGES,
} from '@kartvizit/schemas/meeting/messages';
import { expectAccessible } from './accessibility.ts';
import { watchViolations, type Violation } from './csp.ts';
import {
  createProfileViaApi,
  DESKTOP,
  e2eDatabaseUrl,
  expect,
  PHONE,
  plantToken,
  publicVirtualCard,
  registerViaApi,
  test,
  type Account,
} from './fixtures.ts';
import {
  failNextMeetingApiCall,
  meetingApiRequests,
  refuseConsentAt,
  resetOAuthProviders,
} from '../support/e2e-fake-services.ts';

/**
 * Issue 15 in the browser: the owner plans meetings from their own card. Each provider's button opens the 500×600
 * popup, which runs the real authorization-code flow (PKCE, state) against the fake provider on another origin,
 * lands on /auth/{provider}/callback, hands the token to the card and closes; the card sends it with the owner's
 * request and says so. A visitor sees 'Takvime Ekle' only and downloads an invitation from the owner.
 */

const SHOTS = '/tmp/shots-c';
const TOASTS = MEETING_TOAST_MESSAGES;

function shotName(page: Page, name: string): string {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  return `${SHOTS}/meetings-${name}-${width}x${height}.png`;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: shotName(page, name), animations: 'disabled', scale: 'css' });
}

/**
 * Screenshots and axe at both sizes (phone 390×844, desktop 1280×800), then back to the size it had; `centre`, when
 * given, is brought to the middle of the screen first (the bottom bar would cover it at the edge).
 */
async function lookAtBothSizes(page: Page, name: string, screen: string, centre?: Locator): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [PHONE.viewport ?? DESKTOP, DESKTOP]) {
    await page.setViewportSize(size);
    await centre?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await expectAccessible(page, `${screen} at ${size.width}×${size.height}`);
    await shoot(page, name);
  }
  await page.setViewportSize(before);
}

function toast(page: Page): Locator {
  return page.locator('[data-toast]');
}

/** The .ics as a calendar reads it (ical.js): its time zone known from the file's own VTIMEZONE, its one event. */
function eventOf(text: string): { calendar: ICAL.Component; event: ICAL.Event } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  if (!vtimezone) throw new Error(`no VTIMEZONE in:\n${text}`);
  ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error(`no VEVENT in:\n${text}`);
  return { calendar, event: new ICAL.Event(vevent) };
}

async function downloaded(download: Download): Promise<string> {
  const path = await download.path();
  return readFileSync(path, 'utf8');
}

function attendeeAddresses(event: ICAL.Event): string[] {
  return event.attendees.map((attendee) =>
    String(attendee.getFirstValue())
      .replace(/^mailto:/i, '')
      .toLowerCase(),
  );
}

async function ownerCard(browser: Browser, account: Account, cardId: string) {
  // No fixed viewport: the popup gets the size the card asks for, so the journey can see it is 500×600.
  const context = await browser.newContext({
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    viewport: null,
    deviceScaleFactor: undefined,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  const csp = await watchViolations(page);
  // The provider tokens our exchange handed to the popups (in its redirect's fragment), to look for them afterwards.
  const issued: string[] = [];
  context.on('response', (response) => {
    if (!/\/api\/integration\/oauth\/\w+\/exchange/.test(response.url())) return;
    const fragment = (response.headers().location ?? '').split('#')[1] ?? '';
    const token = new URLSearchParams(fragment).get('access_token');
    if (token) issued.push(token);
  });
  await plantToken(page, account.token);
  await page.goto(`/p/${cardId}`);
  const block = page.getByRole('region', { name: 'Toplantı Planla' });
  await expect(block.getByRole('button', { name: 'Takvim Daveti' })).toBeVisible();
  return { context, page, block, csp, issued };
}

/**
 * Presses `button`, follows the popup it opens through the provider's sign-in to its close, and returns its size as
 * the popup itself saw it when it opened.
 */
async function signInThroughPopup(page: Page, button: Locator): Promise<{ width: number; height: number }> {
  const opening = page.waitForEvent('popup');
  await button.click();
  const popup = await opening;
  // The window as the owner sees it on the screen (Chromium counts the popup's own title bar in its height).
  const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 20_000 });
  return size;
}

async function cspClean(csp: { violations: Violation[]; consoleErrors: string[] }): Promise<void> {
  expect(csp.violations).toEqual([]);
  expect(csp.consoleErrors).toEqual([]);
}

/** The provider API's requests whose body has `field` = `value`: this journey's, among every journey's. */
async function sentToProvider(provider: 'google' | 'microsoft' | 'zoom' | 'calendly', field: string, value: string) {
  const requests = await meetingApiRequests(provider);
  return requests.filter((request) => (request.body as Record<string, unknown> | null)?.[field] === value);
}

/** Every row of every table of ours (events, read models, settings) that holds any of `needles` in its text. */
async function rowsHolding(needles: readonly string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const patterns = needles.map((needle) => `%${needle}%`);
    const found: string[] = [];
    for (const { name } of tables.rows) {
      const hits = await client.query<{ count: string }>(
        `SELECT count(*) FROM ${name} AS row WHERE row::text LIKE ANY($1)`,
        [patterns],
      );
      if (hits.rows[0]?.count !== '0') found.push(`${name}: ${hits.rows[0]?.count ?? '?'}`);
    }
    return found;
  } finally {
    await client.end();
  }
}

interface ListedMeeting {
  readonly provider: string;
  readonly title: string;
  readonly link: string | null;
}

async function listedMeetings(page: Page, account: Account): Promise<ListedMeeting[]> {
  const response = await page.request.get('/api/meetings', { headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { meetings: ListedMeeting[] }).meetings;
}

test.describe('meeting planning on the card', () => {
  // In order, in one worker: the refused-token story queues a failure for the fake Zoom's next call, which another
  // story's Zoom call running at the same moment would take instead.
  test.describe.configure({ mode: 'default' });
  let cardId = '';
  let owner: Account;

  test.beforeEach(async ({ request, account }) => {
    owner = account;
    await createProfileViaApi(request, account);
    cardId = await publicVirtualCard(request, account, 'Toplantı Kartı');
  });

  test('given the owner on their own card, when they use each provider, then a 500×600 popup signs them in against the provider and the meeting is made', async ({
    browser,
  }) => {
    const { context, page, block, csp, issued } = await ownerCard(browser, owner, cardId);
    const calendar = page.getByRole('dialog', { name: 'Takvim Daveti' });
    const title = 'Tanışma: Çağrı & Ayşe; İstanbul, “ofis”';

    await test.step('the block shows the owner their tools under Takvime Ekle', async () => {
      await expect(block.getByRole('button', { name: 'Takvime Ekle' })).toBeVisible();
      await expect(block.getByText('Kart sahibi araçları: bunları yalnızca siz görüyorsunuz.')).toBeVisible();
      for (const name of ['Zoom Toplantısı', 'Calendly Linki']) {
        await expect(block.getByRole('button', { name })).toBeVisible();
      }
      await lookAtBothSizes(page, 'owner-block', '/p/{cardId}, the owner’s meeting block', block);
    });

    await test.step('the calendar invite starts at the next full hour, two hours long; its rules speak beside each field before anything is sent', async () => {
      await block.getByRole('button', { name: 'Takvim Daveti' }).click();
      await expect(calendar).toBeVisible();
      await expect(calendar.getByLabel('Başlık')).toBeFocused();
      const start = await calendar.getByLabel('Başlangıç').inputValue();
      const end = await calendar.getByLabel('Bitiş').inputValue();
      expect(start).toMatch(/T\d{2}:00$/);
      expect(new Date(end).getTime() - new Date(start).getTime()).toBe(2 * 3_600_000);
      await calendar.getByLabel('Katılımcılar (isteğe bağlı)').fill('ayse@example.com, yanlis-adres');
      let popups = 0;
      page.on('popup', () => popups++);
      await calendar.getByRole('button', { name: 'Google Calendar' }).click();
      await expect(calendar.getByLabel('Başlık')).toHaveAccessibleDescription(
        MEETING_FORM_MESSAGES.meetingTitleRequired,
      );
      await expect(calendar.getByLabel('Katılımcılar (isteğe bağlı)')).toHaveAccessibleDescription(
        'Geçersiz e-posta adresi: yanlis-adres',
      );
      expect(popups).toBe(0);
      await lookAtBothSizes(page, 'calendar-errors', '/p/{cardId}, Takvim Daveti with errors');
    });

    await test.step('Google Calendar: the popup is 500×600, signs in, closes, and the event is made', async () => {
      await calendar.getByLabel('Başlık').fill(title);
      await calendar.getByLabel('Açıklama (isteğe bağlı)').fill('Gündem:\n1. Tanışma\n2. Teklif');
      await calendar.getByLabel('Katılımcılar (isteğe bağlı)').fill(' Ayse@Example.com , mehmet@example.com ');
      await lookAtBothSizes(page, 'calendar', '/p/{cardId}, Takvim Daveti');
      const size = await signInThroughPopup(page, calendar.getByRole('button', { name: 'Google Calendar' }));
      expect(size).toEqual({ width: 500, height: 600 });
      await expect(toast(page)).toHaveText(TOASTS.meetingGoogleCreated);
      await expect(calendar).toBeHidden();
      // Google Calendar got the event with the token its own sign-in issued, and nothing else did.
      const [sent, ...more] = await sentToProvider('google', 'summary', title);
      expect(more).toEqual([]);
      expect(sent?.headers.authorization).toBe(`Bearer ${issued[0] ?? '?'}`);
      const body = sent?.body as { description?: string; attendees?: { email: string }[] };
      expect(body.description).toBe('Gündem:\n1. Tanışma\n2. Teklif');
      expect(body.attendees?.map((attendee) => attendee.email)).toEqual(['ayse@example.com', 'mehmet@example.com']);
      await expect
        .poll(async () => (await listedMeetings(page, owner)).map((m) => `${m.provider}:${m.title}`))
        .toContain(`google:${title}`);
    });

    await test.step('Outlook Calendar: the same through Microsoft', async () => {
      await block.getByRole('button', { name: 'Takvim Daveti' }).click();
      await calendar.getByLabel('Başlık').fill('Outlook görüşmesi');
      await signInThroughPopup(page, calendar.getByRole('button', { name: 'Outlook Calendar' }));
      await expect(toast(page)).toHaveText(TOASTS.meetingOutlookCreated);
      const sent = await sentToProvider('microsoft', 'subject', 'Outlook görüşmesi');
      expect(sent.map((request) => request.headers.authorization)).toEqual([`Bearer ${issued[1] ?? '?'}`]);
      await expect
        .poll(async () => (await listedMeetings(page, owner)).map((m) => `${m.provider}:${m.title}`))
        .toContain('microsoft:Outlook görüşmesi');
    });

    await test.step('iCal dosyası: downloaded as {title}.ics, an invitation a calendar reads', async () => {
      await block.getByRole('button', { name: 'Takvim Daveti' }).click();
      await calendar.getByLabel('Başlık').fill('Çağrı ile kahve');
      await calendar.getByLabel('Açıklama (isteğe bağlı)').fill('Kadıköy, iskele; saat: tam');
      await calendar.getByLabel('Katılımcılar (isteğe bağlı)').fill('ayse@example.com');
      const start = await calendar.getByLabel('Başlangıç').inputValue();
      const downloading = page.waitForEvent('download');
      await calendar.getByRole('button', { name: 'iCal dosyası' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Çağrı ile kahve.ics');
      const { event } = eventOf(await downloaded(download));
      expect(event.summary).toBe('Çağrı ile kahve');
      expect(event.description).toBe('Kadıköy, iskele; saat: tam');
      expect(event.startDate.zone?.tzid).toBe('Europe/Istanbul');
      // The browser's clock is Istanbul's: the time typed is the time in the file.
      expect(event.startDate.toString().slice(0, 16)).toBe(start);
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(2 * 3_600_000);
      expect(attendeeAddresses(event)).toEqual(['ayse@example.com']);
      expect(event.organizer.replace(/^mailto:/i, '').toLowerCase()).toBe(owner.email.toLowerCase());
      await expect(toast(page)).toHaveText(TOASTS.meetingIcsDownloaded);
    });

    const zoom = page.getByRole('dialog', { name: 'Zoom Toplantısı' });
    await test.step('Zoom: 60 minutes by default in steps of 15; after the sign-in the link, id and password with copy buttons', async () => {
      await block.getByRole('button', { name: 'Zoom Toplantısı' }).click();
      const duration = zoom.getByLabel('Süre (dakika)');
      await expect(duration).toHaveValue('60');
      await expect(duration).toHaveAttribute('min', '15');
      await expect(duration).toHaveAttribute('step', '15');
      await zoom.getByLabel('Konu').fill('Proje görüşmesi');
      await duration.fill('20');
      await zoom.getByRole('button', { name: 'Zoom ile Oluştur' }).click();
      await expect(duration).toHaveAccessibleDescription(MEETING_FORM_MESSAGES.meetingDurationInvalid);
      await duration.fill('45');
      await lookAtBothSizes(page, 'zoom', '/p/{cardId}, Zoom Toplantısı');
      await signInThroughPopup(page, zoom.getByRole('button', { name: 'Zoom ile Oluştur' }));
      await expect(toast(page)).toHaveText(TOASTS.meetingZoomCreated);
      const [sent] = await sentToProvider('zoom', 'topic', 'Proje görüşmesi');
      expect((sent?.body as { duration?: number }).duration).toBe(45);
      await expect(zoom.getByText('Toplantı bağlantısı')).toBeVisible();
      await expect(zoom.getByRole('link', { name: /^https?:\/\// })).toBeVisible();
      for (const label of ['Toplantı bağlantısı', 'Toplantı ID', 'Şifre']) {
        await expect(zoom.getByRole('button', { name: `${label} kopyala` })).toBeVisible();
      }
      await zoom.getByRole('button', { name: 'Toplantı ID kopyala' }).click();
      await expect(toast(page)).toHaveText('Toplantı ID kopyalandı!');
      await lookAtBothSizes(page, 'zoom-details', '/p/{cardId}, Zoom Toplantısı details');
      await zoom.getByRole('button', { name: 'Kapat' }).click();
      await expect(zoom).toBeHidden();
    });

    const calendly = page.getByRole('dialog', { name: 'Calendly Linki' });
    await test.step('Calendly: the event type is required; after the sign-in the booking link with copy and WhatsApp', async () => {
      await block.getByRole('button', { name: 'Calendly Linki' }).click();
      const eventType = calendly.getByLabel(/^Etkinlik tipi ID/);
      await calendly.getByRole('button', { name: 'Calendly ile Oluştur' }).click();
      await expect(eventType).toHaveAccessibleDescription(MEETING_FORM_MESSAGES.meetingEventTypeRequired);
      await lookAtBothSizes(page, 'calendly', '/p/{cardId}, Calendly Linki');
      await eventType.fill('AAAA-BBBB-e2e');
      await signInThroughPopup(page, calendly.getByRole('button', { name: 'Calendly ile Oluştur' }));
      await expect(toast(page)).toHaveText(TOASTS.meetingCalendlyCreated);
      const link = calendly.getByRole('link', { name: /^https?:\/\// });
      await expect(link).toBeVisible();
      const bookingUrl = (await link.textContent()) ?? '';
      await expect(calendly.getByRole('button', { name: 'Randevu linki kopyala' })).toBeVisible();
      const share = calendly.getByRole('link', { name: 'WhatsApp ile Paylaş' });
      const href = (await share.getAttribute('href')) ?? '';
      expect(href.startsWith('https://wa.me/?text=')).toBe(true);
      expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toContain(bookingUrl);
      await lookAtBothSizes(page, 'calendly-link', '/p/{cardId}, Calendly Linki link');
      await page.keyboard.press('Escape');
      await expect(calendly).toBeHidden();
    });

    await test.step('the four provider tokens were handed over and dropped: not in storage, the page or the database', async () => {
      expect(issued).toHaveLength(4);
      const kept = await page.evaluate(() =>
        [window.localStorage, window.sessionStorage]
          .flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`))
          .concat(document.documentElement.outerHTML, window.location.href),
      );
      for (const token of issued) expect(kept.filter((text) => text.includes(token))).toEqual([]);
      // Nor in the database: the meetings were stored (listed above), their tokens nowhere.
      expect(await rowsHolding(issued)).toEqual([]);
      // The same look does find what was stored: the Zoom meeting's topic.
      expect(await rowsHolding(['Proje görüşmesi'])).not.toEqual([]);
      await cspClean(csp);
    });

    await test.step('Toplantılar lists the five, newest first, each with its provider and its link', async () => {
      await page.goto('/meetings');
      await expect(page.getByRole('heading', { level: 1, name: 'Toplantılar' })).toBeVisible();
      const items = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3 }) });
      await expect(items).toHaveCount(5);
      await expect(items.locator('.meeting-badge')).toHaveText([
        'Calendly',
        'Zoom',
        'iCal dosyası',
        'Outlook Calendar',
        'Google Calendar',
      ]);
      await expect(items.nth(1).getByRole('heading', { name: 'Proje görüşmesi' })).toBeVisible();
      await expect(items.nth(1).getByRole('link', { name: 'Toplantıya Katıl' })).toHaveAttribute(
        'href',
        /^https?:\/\//,
      );
      await expect(items.nth(4).getByText(/Katılımcılar:/)).toBeVisible();
      await expect(page.getByRole('complementary').getByText('Kullanılabilir')).toHaveCount(4);
      await lookAtBothSizes(page, 'toplantilar', 'Toplantılar');
    });
    await context.close();
  });

  test('given the owner on Toplantılar, when they plan with the card’s tools there, then the same popups sign them in and the list shows each meeting without a reload', async ({
    browser,
  }) => {
    // No fixed viewport, as on the card: the popup gets the size the page asks for.
    const context = await browser.newContext({
      locale: 'tr-TR',
      timezoneId: 'Europe/Istanbul',
      viewport: null,
      deviceScaleFactor: undefined,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      const page = await context.newPage();
      await page.setViewportSize(DESKTOP);
      const csp = await watchViolations(page);
      await plantToken(page, owner.token);
      const shell = await page.goto('/meetings');
      // The dashboard lets its popups keep their opener, as the card page does (decision 39).
      expect(shell?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const planner = page.getByRole('region', { name: 'Toplantı Planla' });
      const items = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3 }) });

      await test.step('Toplantı Planla shows the three tools beside the list', async () => {
        // The first screen of a fresh server's build: its chunks load before anything shows.
        await expect(page.getByRole('heading', { level: 1, name: 'Toplantılar' })).toBeVisible({ timeout: 30_000 });
        for (const name of ['Takvim Daveti', 'Zoom Toplantısı', 'Calendly Linki']) {
          await expect(planner.getByRole('button', { name })).toBeVisible();
        }
        await expect(page.getByText('Henüz toplantı oluşturmadınız.')).toBeVisible();
        await lookAtBothSizes(page, 'dashboard-planner', 'Toplantılar with Toplantı Planla');
      });

      const calendar = page.getByRole('dialog', { name: 'Takvim Daveti' });
      await test.step('a Google Calendar invite: the 500×600 popup signs in, and the meeting is listed at once', async () => {
        await planner.getByRole('button', { name: 'Takvim Daveti' }).click();
        await expect(calendar.getByLabel('Başlık')).toBeFocused();
        await calendar.getByLabel('Başlık').fill('Panodan planlandı');
        await calendar.getByLabel('Katılımcılar (isteğe bağlı)').fill('ayse@example.com');
        await lookAtBothSizes(page, 'dashboard-calendar', 'Toplantılar, Takvim Daveti');
        const size = await signInThroughPopup(page, calendar.getByRole('button', { name: 'Google Calendar' }));
        expect(size).toEqual({ width: 500, height: 600 });
        await expect(calendar).toBeHidden();
        await expect(page.locator('[data-sonner-toast]', { hasText: TOASTS.meetingGoogleCreated })).toBeVisible();
        await expect(items).toHaveCount(1);
        await expect(items.first().getByRole('heading', { name: 'Panodan planlandı' })).toBeVisible();
        expect(await sentToProvider('google', 'summary', 'Panodan planlandı')).toHaveLength(1);
      });

      const zoom = page.getByRole('dialog', { name: 'Zoom Toplantısı' });
      await test.step('a Zoom meeting: its link, id and password in the dialog, and on top of the list', async () => {
        await planner.getByRole('button', { name: 'Zoom Toplantısı' }).click();
        await zoom.getByLabel('Konu').fill('Panodan Zoom');
        await signInThroughPopup(page, zoom.getByRole('button', { name: 'Zoom ile Oluştur' }));
        await expect(zoom.getByText('Toplantı bağlantısı')).toBeVisible();
        await lookAtBothSizes(page, 'dashboard-zoom-result', 'Toplantılar, Zoom result');
        await zoom.getByRole('button', { name: 'Kapat' }).click();
        await expect(items).toHaveCount(2);
        await expect(items.locator('.meeting-badge')).toHaveText(['Zoom', 'Google Calendar']);
        await expect(items.first().getByRole('link', { name: 'Toplantıya Katıl' })).toHaveAttribute(
          'href',
          /^https?:\/\//,
        );
      });

      await test.step('they are MeetingScheduled like the card’s: the owner’s list from the server holds both', async () => {
        expect((await listedMeetings(page, owner)).map((m) => `${m.provider}:${m.title}`)).toEqual([
          'zoom:Panodan Zoom',
          'google:Panodan planlandı',
        ]);
        await lookAtBothSizes(page, 'dashboard-list', 'Toplantılar after planning');
        await cspClean(csp);
      });
    } finally {
      await context.close();
    }
  });

  test('given a provider that no longer takes the token, when the owner makes a Zoom meeting, then they are asked to sign in again', async ({
    browser,
  }) => {
    const { context, page, block, csp } = await ownerCard(browser, owner, cardId);
    const zoom = page.getByRole('dialog', { name: 'Zoom Toplantısı' });
    await failNextMeetingApiCall('zoom', 401);
    await block.getByRole('button', { name: 'Zoom Toplantısı' }).click();
    await zoom.getByLabel('Konu').fill('Reddedilecek toplantı');
    await signInThroughPopup(page, zoom.getByRole('button', { name: 'Zoom ile Oluştur' }));
    const signInAgain = MEETING_PROVIDER_MESSAGES.meetingProviderSignInAgain.replace('{provider}', 'Zoom');
    await expect(toast(page)).toHaveText(TOASTS.meetingZoomFailed.replace('{message}', signInAgain));
    // The dialog stays, filled in, for another try.
    await expect(zoom.getByLabel('Konu')).toHaveValue('Reddedilecek toplantı');
    await cspClean(csp);
    await context.close();
  });

  test('given the owner refuses consent at Calendly, then the popup closes and the card says the sign-in was cancelled', async ({
    browser,
  }) => {
    const { context, page, block, csp, issued } = await ownerCard(browser, owner, cardId);
    const calendly = page.getByRole('dialog', { name: 'Calendly Linki' });
    const calendlyCalls = (await meetingApiRequests('calendly')).length;
    await refuseConsentAt('calendly');
    try {
      await block.getByRole('button', { name: 'Calendly Linki' }).click();
      await calendly.getByLabel(/^Etkinlik tipi ID/).fill('AAAA-BBBB-e2e');
      await signInThroughPopup(page, calendly.getByRole('button', { name: 'Calendly ile Oluştur' }));
      await expect(toast(page)).toHaveText(MEETING_PROVIDER_MESSAGES.oauthCancelled.replace('{provider}', 'Calendly'));
      // No token was issued, so none was sent; the dialog waits for another try.
      expect(issued).toEqual([]);
      expect(await meetingApiRequests('calendly')).toHaveLength(calendlyCalls);
      await expect(calendly.getByRole('button', { name: 'Calendly ile Oluştur' })).toBeEnabled();
    } finally {
      await resetOAuthProviders();
    }
    await cspClean(csp);
    await context.close();
  });

  test('given a visitor without a session, or another owner, then only Takvime Ekle shows and its invitation names the owner as organizer', async ({
    browser,
    request,
  }) => {
    const visitor = await browser.newContext(PHONE);
    const page = await visitor.newPage();
    const csp = await watchViolations(page);
    const block = page.getByRole('region', { name: 'Toplantı Planla' });
    const dialog = page.getByRole('dialog', { name: 'Takvime Ekle' });

    await test.step('the block has Takvime Ekle and nothing of the owner’s', async () => {
      await page.goto(`/p/${cardId}`);
      await expect(block.getByRole('button', { name: 'Takvime Ekle' })).toBeVisible();
      await expect(block.getByRole('button', { name: 'Takvim Daveti' })).toHaveCount(0);
      await lookAtBothSizes(page, 'visitor-block', '/p/{cardId}, the visitor’s meeting block', block);
    });

    await test.step('Takvime Ekle: the next full hour; 30 minutes chosen; the file is from the owner', async () => {
      await block.getByRole('button', { name: 'Takvime Ekle' }).click();
      await expect(dialog).toBeVisible();
      const start = dialog.getByLabel('Başlangıç');
      await expect(start).toHaveValue(/T\d{2}:00$/);
      await expect(start).toBeFocused();
      await dialog.getByLabel('Süre').selectOption({ label: '30 dakika' });
      await lookAtBothSizes(page, 'visitor-ics', '/p/{cardId}, Takvime Ekle');
      const typed = await start.inputValue();
      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'İndir' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${owner.firstName} ${owner.lastName} ile görüşme.ics`);
      const { event } = eventOf(await downloaded(download));
      expect(event.organizer.replace(/^mailto:/i, '').toLowerCase()).toBe(owner.email.toLowerCase());
      expect(event.startDate.zone?.tzid).toBe('Europe/Istanbul');
      expect(event.startDate.toString().slice(0, 16)).toBe(typed);
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(30 * 60_000);
      await expect(dialog).toBeHidden();
      await expect(page.locator('[data-toast]')).toHaveText(TOASTS.meetingIcsDownloaded);
    });

    await test.step('another signed-in owner sees the card as any visitor does', async () => {
      const other = await registerViaApi(request);
      const checked = page.waitForResponse((response) => response.url().includes(`/api/cards/mine/${cardId}`));
      await plantToken(page, other.token);
      await page.goto(`/p/${cardId}`);
      expect((await checked).status()).toBe(404);
      await expect(block.getByRole('button', { name: 'Takvime Ekle' })).toBeVisible();
      await expect(block.getByRole('button', { name: 'Takvim Daveti' })).toHaveCount(0);
    });
    await cspClean(csp);
    await visitor.close();
  });
});

test.describe('the OAuth callback page', () => {
  let context: BrowserContext;
  test.beforeEach(async ({ browser }) => {
    context = await browser.newContext({ viewport: { width: 500, height: 600 }, locale: 'tr-TR' });
  });
  test.afterEach(async () => context.close());

  test('given it is opened by hand with a token, then it says the sign-in could not finish and wipes the token from the address', async () => {
    const page = await context.newPage();
    const csp = await watchViolations(page);
    await page.goto('/auth/google/callback#access_token=elle-acilan-belirtec');
    await expect(page.getByRole('status')).toHaveText(MEETING_PROVIDER_MESSAGES.oauthFailed);
    expect(new URL(page.url()).hash).toBe('');
    await expectAccessible(page, '/auth/google/callback opened by hand');
    await shoot(page, 'callback-failed');
    await cspClean(csp);
  });

  test('given no script has run yet, then it says the sign-in is completing, with a spinner', async ({ browser }) => {
    const still = await browser.newContext({ viewport: { width: 500, height: 600 }, javaScriptEnabled: false });
    const page = await still.newPage();
    await page.goto('/auth/zoom/callback');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zoom girişi');
    await expect(page.getByRole('status')).toHaveText(MEETING_PROVIDER_MESSAGES.oauthCompleting);
    await expect(page.locator('.oc-spinner')).toBeVisible();
    await shoot(page, 'callback-waiting');
    await still.close();
  });

  test('given a provider we do not know, then it is the product’s 404 page', async () => {
    const page = await context.newPage();
    await page.goto('/auth/facebook/callback');
    await expect(page.getByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeVisible();
  });
});
