import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_TYPES, MESSAGES, TELEMETRY_MESSAGES, telemetryShard, telemetryStreamId } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { send } from './card-fixtures.ts';
import {
  USER_AGENTS,
  appendedBy,
  click,
  expectAccepted,
  ownerWithCards,
  telemetryEvents,
  visit,
  waitForTelemetry,
  type CardOwner,
} from './telemetry-fixtures.ts';

/**
 * POST /api/telemetry/visit and POST /api/profile/record-click: what is counted, what the events
 * carry, the daily visitor hash and its salts, and the answers to broken requests.
 */
let product: TestProduct;
let alice: CardOwner;
let bora: CardOwner;
let clock = new Date('2026-03-10T09:00:00.000Z');

beforeAll(async () => {
  product = await startTestProduct({ telemetry: { now: () => clock } });
  [alice, bora] = await Promise.all([ownerWithCards(product, 3), ownerWithCards(product, 1)]);
});
afterAll(async () => {
  await product?.close();
});

const aliceCard = () => alice.cards[0] ?? '';
/** A countable visit sent last, so that whatever came before it has been written too. */
const marker = () =>
  visit(product, { cardId: aliceCard() }, { userAgent: USER_AGENTS.linuxFirefox, address: '198.51.100.99' });

describe('what is not a visit appends nothing and still answers 204', () => {
  it('bots and link previews: Googlebot, WhatsApp, facebookexternalhit, Telegram, curl, headless Chrome', async () => {
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'WhatsApp/2.23',
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'TelegramBot (like TwitterBot)',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    ];
    const appended = await appendedBy(
      product,
      async () => {
        for (const userAgent of bots) {
          expectAccepted(await visit(product, { cardId: aliceCard() }, { userAgent }));
          expectAccepted(
            await click(
              product,
              { profileId: alice.profileId, cardId: aliceCard(), clickType: 'phone' },
              { userAgent },
            ),
          );
        }
      },
      marker,
    );
    expect(appended.map((event) => event.data.browser)).toEqual(['Firefox']);
  });

  it('prefetches and prerenders, and requests without a user agent', async () => {
    const speculative: Record<string, string>[] = [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
      { 'x-purpose': 'preview' },
    ];
    const appended = await appendedBy(
      product,
      async () => {
        for (const headers of speculative) expectAccepted(await visit(product, { cardId: aliceCard() }, { headers }));
        expectAccepted(await visit(product, { cardId: aliceCard() }, { userAgent: '' }));
        expectAccepted(await visit(product, { cardId: aliceCard() }, { userAgent: null }));
        expectAccepted(await click(product, { profileId: alice.profileId, clickType: 'email' }, { userAgent: '' }));
      },
      marker,
    );
    expect(appended).toHaveLength(1);
  });

  it('unknown, malformed and never-activated cards, and a deactivated card', async () => {
    const deactivated = alice.cards[1] ?? '';
    const off = await send(product, 'PUT', `/api/cards/deactivate/${deactivated}`, alice.owner.token);
    expect(off.statusCode, off.body).toBe(200);
    const position = (JSON.parse(off.body) as { position: string }).position;
    // Read-your-writes: once the public page says 404, the projection has the card inactive.
    const page = await send(product, 'GET', `/api/profile/card/${deactivated}`, undefined, undefined, {
      'x-min-position': position,
    });
    expect(page.statusCode).toBe(404);

    const appended = await appendedBy(
      product,
      async () => {
        for (const cardId of ['KV-YOKBOYLE', 'VC-ZZZZZZ', 'kv-iı', '../../etc', deactivated]) {
          expectAccepted(await visit(product, { cardId }));
        }
        // A click naming a card that is not this owner's active card did not come from its page.
        expectAccepted(await click(product, { profileId: alice.profileId, cardId: deactivated, clickType: 'phone' }));
        expectAccepted(await click(product, { profileId: alice.profileId, cardId: bora.cards[0], clickType: 'phone' }));
        expectAccepted(await click(product, { profileId: randomUUID(), clickType: 'phone' }));
        expectAccepted(await click(product, { profileId: 'profil-yok', clickType: 'phone' }));
      },
      marker,
    );
    expect(appended).toHaveLength(1);
  });
});

describe('a visit', () => {
  it('is one CardVisited per page view with device, browser and OS, in the card’s shard stream', async () => {
    const cases = [
      { userAgent: USER_AGENTS.iPhone, device: 'mobile', browser: 'Safari', os: 'iOS' },
      { userAgent: USER_AGENTS.samsungPhone, device: 'mobile', browser: 'Samsung Internet', os: 'Android' },
      { userAgent: USER_AGENTS.androidChrome, device: 'mobile', browser: 'Chrome', os: 'Android' },
      { userAgent: USER_AGENTS.androidTablet, device: 'tablet', browser: 'Chrome', os: 'Android' },
      { userAgent: USER_AGENTS.windowsEdge, device: 'desktop', browser: 'Edge', os: 'Windows' },
      { userAgent: USER_AGENTS.macSafari, device: 'desktop', browser: 'Safari', os: 'macOS' },
    ] as const;
    const before = (await telemetryEvents(product)).length;
    for (const { userAgent } of cases)
      expectAccepted(await visit(product, { cardId: aliceCard().toLowerCase(), touchPoints: 0 }, { userAgent }));
    const events = (await waitForTelemetry(product, before + cases.length)).slice(before);
    expect(events.map((event) => [event.type, event.data.device, event.data.browser, event.data.os])).toEqual(
      cases.map((entry) => ['CardVisited', entry.device, entry.browser, entry.os]),
    );
    for (const event of events) {
      expect(event.streamId).toBe(telemetryStreamId(telemetryShard(aliceCard())));
      expect(event.metadata).toEqual({ actor: 'visitor' });
      expect(event.data).toMatchObject({
        cardId: aliceCard(),
        ownerId: alice.owner.userId,
        at: clock.toISOString(),
        country: null,
        city: null,
      });
      expect(event.data.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('from an iPad that presents itself as a Mac (touchPoints 5) counts as a tablet', async () => {
    const before = (await telemetryEvents(product)).length;
    expectAccepted(
      await visit(
        product,
        { cardId: aliceCard(), touchPoints: 5, screenWidth: 1024 },
        { userAgent: USER_AGENTS.macSafari },
      ),
    );
    const [event] = (await waitForTelemetry(product, before + 1)).slice(before);
    expect(event?.data).toMatchObject({ device: 'tablet', browser: 'Safari', os: 'iOS' });
  });

  it('knows the country and, in Türkiye, the province from an offline database', async () => {
    const before = (await telemetryEvents(product)).length;
    expectAccepted(await visit(product, { cardId: aliceCard() }, { address: '88.255.1.1' }));
    expectAccepted(await visit(product, { cardId: aliceCard() }, { address: '::ffff:8.8.8.8' }));
    expectAccepted(await visit(product, { cardId: aliceCard() }, { address: '127.0.0.1' }));
    const events = (await waitForTelemetry(product, before + 3)).slice(before);
    expect(events[0]?.data.country).toBe('TR');
    expect(events[0]?.data.city).toMatch(/^[A-ZÇĞİÖŞÜ][a-zçğıöşü]+$/);
    expect(events[1]?.data.country).toBe('US');
    expect(events[2]?.data).toMatchObject({ country: null, city: null });
  });

  it('is accepted as text/plain JSON too (sendBeacon with a string)', async () => {
    const before = (await telemetryEvents(product)).length;
    const response = await visit(product, JSON.stringify({ cardId: aliceCard() }), {
      contentType: 'text/plain;charset=UTF-8',
    });
    expectAccepted(response);
    expect(await waitForTelemetry(product, before + 1)).toHaveLength(before + 1);
  });
});

describe('a contact click', () => {
  it('is one ContactClicked per click type, with the platform only where it means something', async () => {
    const before = (await telemetryEvents(product)).length;
    const sent = [
      ...CLICK_TYPES.map((clickType) => ({
        clickType,
        platform: undefined as string | undefined,
        expected: clickType === 'social' ? 'other' : null,
      })),
      { clickType: 'social', platform: 'instagram', expected: 'instagram' },
      { clickType: 'social', platform: 'LinkedIn', expected: 'linkedin' },
      { clickType: 'directions', platform: 'waze', expected: 'waze' },
      { clickType: 'directions', platform: 'apple', expected: 'apple' },
      { clickType: 'phone', platform: 'instagram', expected: null },
    ];
    for (const { clickType, platform } of sent) {
      expectAccepted(
        await click(
          product,
          { profileId: alice.profileId, cardId: aliceCard(), clickType, ...(platform ? { platform } : {}) },
          { userAgent: USER_AGENTS.samsungPhone },
        ),
      );
    }
    const events = (await waitForTelemetry(product, before + sent.length)).slice(before);
    expect(
      events.map((event) => event.type === 'ContactClicked' && [event.data.clickType, event.data.platform]),
    ).toEqual(sent.map((entry) => [entry.clickType, entry.expected]));
    for (const event of events) {
      expect(event.data).toMatchObject({
        cardId: aliceCard(),
        ownerId: alice.owner.userId,
        profileId: alice.profileId,
        device: 'mobile',
        browser: 'Samsung Internet',
      });
      expect(event.streamId).toBe(telemetryStreamId(telemetryShard(aliceCard())));
    }
  });

  it('without a card (SPEC §7 sends profileId alone) and with nulls for what the page left empty', async () => {
    const before = (await telemetryEvents(product)).length;
    expectAccepted(
      await click(product, { profileId: alice.profileId, cardId: null, clickType: 'website', platform: null }),
    );
    const [event] = (await waitForTelemetry(product, before + 1)).slice(before);
    expect(event?.data).toMatchObject({
      cardId: null,
      ownerId: alice.owner.userId,
      profileId: alice.profileId,
      clickType: 'website',
      platform: null,
    });
    expect(event?.streamId).toBe(telemetryStreamId(telemetryShard(alice.owner.userId)));
  });

  it('carries the same visitor hash as the visit of the same person that day', async () => {
    const visitor = { address: '198.51.100.31', userAgent: USER_AGENTS.androidChrome };
    const before = (await telemetryEvents(product)).length;
    expectAccepted(await visit(product, { cardId: aliceCard() }, visitor));
    expectAccepted(
      await click(product, { profileId: alice.profileId, cardId: aliceCard(), clickType: 'vcard' }, visitor),
    );
    const [seen, clicked] = (await waitForTelemetry(product, before + 2)).slice(before);
    expect(clicked?.data.visitorHash).toBe(seen?.data.visitorHash);
  });
});

describe('broken requests get a Turkish 4xx and append nothing, never a 500', () => {
  const cases: { name: string; url: string; body: unknown; contentType?: string; status: number; message: string }[] = [
    {
      name: 'visit without cardId',
      url: '/api/telemetry/visit',
      body: {},
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryCardIdRequired,
    },
    {
      name: 'visit with an empty cardId',
      url: '/api/telemetry/visit',
      body: { cardId: '  ' },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryCardIdRequired,
    },
    {
      name: 'cardId a number',
      url: '/api/telemetry/visit',
      body: { cardId: 42 },
      status: 400,
      message: 'Kart alanı metin olmalıdır',
    },
    {
      name: 'touchPoints a text',
      url: '/api/telemetry/visit',
      body: { cardId: 'VC-AAAAAA', touchPoints: 'beş' },
      status: 400,
      message: 'touchPoints alanı geçersiz',
    },
    {
      name: 'an unknown field',
      url: '/api/telemetry/visit',
      body: { cardId: 'VC-AAAAAA', ip: '1.2.3.4' },
      status: 400,
      message: 'Tanınmayan alan: ip',
    },
    { name: 'an array', url: '/api/telemetry/visit', body: [], status: 400, message: MESSAGES.invalidRequest },
    { name: 'JSON null', url: '/api/telemetry/visit', body: 'null', status: 400, message: MESSAGES.invalidRequest },
    {
      name: 'invalid JSON',
      url: '/api/telemetry/visit',
      body: '{"cardId":',
      status: 400,
      message: MESSAGES.invalidJson,
    },
    {
      name: 'invalid JSON as text/plain',
      url: '/api/telemetry/visit',
      body: 'merhaba',
      contentType: 'text/plain;charset=UTF-8',
      status: 400,
      message: MESSAGES.invalidJson,
    },
    { name: 'an empty body', url: '/api/telemetry/visit', body: '', status: 400, message: MESSAGES.invalidRequest },
    {
      name: 'a form body',
      url: '/api/telemetry/visit',
      body: 'cardId=VC-AAAAAA',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      message: MESSAGES.unsupportedMediaType,
    },
    {
      name: 'more than 2 KB',
      url: '/api/telemetry/visit',
      body: { cardId: 'VC-AAAAAA', padding: 'x'.repeat(3000) },
      status: 413,
      message: MESSAGES.bodyTooLarge,
    },
    {
      name: 'click without profileId',
      url: '/api/profile/record-click',
      body: { clickType: 'phone' },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryProfileIdRequired,
    },
    {
      name: 'click without clickType',
      url: '/api/profile/record-click',
      body: { profileId: randomUUID() },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryClickTypeRequired,
    },
    {
      name: 'an unknown clickType',
      url: '/api/profile/record-click',
      body: { profileId: randomUUID(), clickType: 'fax' },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryClickTypeInvalid,
    },
    {
      name: 'platform a number',
      url: '/api/profile/record-click',
      body: { profileId: randomUUID(), clickType: 'social', platform: 7 },
      status: 400,
      message: 'platform alanı metin olmalıdır',
    },
    {
      name: 'a click over 2 KB',
      url: '/api/profile/record-click',
      body: { profileId: randomUUID(), clickType: 'social', platform: 'x'.repeat(2100) },
      status: 413,
      message: MESSAGES.bodyTooLarge,
    },
  ];

  it.each(cases)('$name → $status', async ({ url, body, contentType, status, message }) => {
    const before = await product.eventCount();
    const response = await product.app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.50',
      headers: { 'content-type': contentType ?? 'application/json', 'user-agent': USER_AGENTS.iPhone },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, message });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await product.eventCount()).toBe(before);
  });

  it('GET is not a beacon', async () => {
    const response = await product.app.inject({ method: 'GET', url: '/api/telemetry/visit' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the API description', () => {
  it('lists both beacons under the telemetry tag, answering 204', async () => {
    const response = await product.get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = (
      JSON.parse(response.body) as {
        paths: Record<string, { post?: { tags?: string[]; responses?: Record<string, unknown> } }>;
      }
    ).paths;
    for (const path of ['/api/telemetry/visit', '/api/profile/record-click']) {
      expect(paths[path]?.post?.tags).toEqual(['telemetry']);
      expect(Object.keys(paths[path]?.post?.responses ?? {})).toEqual(expect.arrayContaining(['204', '400', '413']));
    }
  });
});

describe('the visitor hash and its daily salt', () => {
  const ipad = { address: '198.51.100.77', userAgent: USER_AGENTS.iPad };

  async function hashOf(cardId: string, who: { address: string; userAgent: string }): Promise<string> {
    const before = (await telemetryEvents(product)).length;
    expectAccepted(await visit(product, { cardId }, who));
    const [event] = (await waitForTelemetry(product, before + 1)).slice(before);
    return event?.data.visitorHash ?? '';
  }

  async function saltDays(): Promise<string[]> {
    const { rows } = await product.pool.query<{ day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM visitor_salts ORDER BY day`,
    );
    return rows.map((row) => row.day);
  }

  it('one visitor twice in a day has one hash, also across the owner’s cards; another owner sees another hash', async () => {
    clock = new Date('2026-04-01T06:00:00.000Z');
    const first = await hashOf(aliceCard(), ipad);
    clock = new Date('2026-04-01T20:59:59.000Z'); // 23:59:59 in Istanbul
    expect(await hashOf(aliceCard(), ipad)).toBe(first);
    expect(await hashOf(alice.cards[2] ?? '', ipad)).toBe(first);
    expect(await hashOf(bora.cards[0] ?? '', ipad)).not.toBe(first);
    expect(await hashOf(aliceCard(), { ...ipad, address: '198.51.100.78' })).not.toBe(first);
    expect(await hashOf(aliceCard(), { ...ipad, userAgent: USER_AGENTS.iPhone })).not.toBe(first);
  });

  it('the next day in Istanbul (from midnight there, 21:00 UTC) the same visitor has another hash', async () => {
    clock = new Date('2026-04-01T20:00:00.000Z');
    const today = await hashOf(aliceCard(), ipad);
    clock = new Date('2026-04-01T21:00:00.000Z'); // 00:00 on 2 April in Istanbul
    const tomorrow = await hashOf(aliceCard(), ipad);
    expect(tomorrow).not.toBe(today);
    clock = new Date('2026-04-02T12:00:00.000Z');
    expect(await hashOf(aliceCard(), ipad)).toBe(tomorrow);
  });

  it('keeps only today’s and yesterday’s salt: older ones are deleted when a new day starts', async () => {
    expect(await saltDays()).toEqual(expect.arrayContaining(['2026-04-01', '2026-04-02']));
    clock = new Date('2026-04-03T09:00:00.000Z');
    await hashOf(aliceCard(), ipad);
    expect(await saltDays()).toEqual(['2026-04-02', '2026-04-03']);
    clock = new Date('2026-04-06T09:00:00.000Z');
    await hashOf(aliceCard(), ipad);
    expect(await saltDays()).toEqual(['2026-04-06']);
  });
});
