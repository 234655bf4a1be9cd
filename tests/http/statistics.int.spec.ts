import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  DEVICE_TYPES,
  MESSAGES,
  STATISTICS_ALL_CARDS,
  previousDay,
  telemetryDay,
  type ClickStatisticsResponse,
  type DailyStatisticsResponse,
  type DashboardStatisticsResponse,
  type DeviceStatisticsResponse,
  type LocationStatisticsResponse,
  type ProfileStatisticsResponse,
} from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { registerOwner, seenEverything, send, virtualCardId, type Owner } from './card-fixtures.ts';
import {
  appendTelemetry,
  expectedBreakdowns,
  expectedDaily,
  expectedTotals,
  traffic,
  visited,
  type ExpectedBreakdown,
  type ExpectedDay,
  type ExpectedTotals,
} from './statistics-fixtures.ts';
import {
  USER_AGENTS,
  ownerWithCards,
  telemetryEvents,
  visit,
  waitForTelemetry,
  type CardOwner,
} from './telemetry-fixtures.ts';

/**
 * GET /api/statistics/*: every answer equals SQL aggregates over the events themselves, for all
 * of an owner's cards and for one card; owners never see each other's numbers.
 */
let product: TestProduct;
let alice: CardOwner;
let bora: CardOwner;
let carol: Owner;
let daily: ExpectedDay[];
let totals: ExpectedTotals[];
let breakdowns: ExpectedBreakdown[];

const UNKNOWN = MESSAGES.statisticsUnknown;
const regionNames = new Intl.DisplayNames(['tr-TR'], { type: 'region' });

beforeAll(async () => {
  product = await startTestProduct();
  [alice, bora] = await Promise.all([ownerWithCards(product, 2), ownerWithCards(product, 1)]);
  carol = await registerOwner(product);
  const owners = [alice, bora].map((owner) => ({ ownerId: owner.owner.userId, cards: owner.cards }));
  // 35 days, so the 30-day window has something outside it to leave out.
  await appendTelemetry(product, traffic(owners, { count: 2500, days: 35, until: new Date(), seed: 5 }));
  await statistics(alice.owner, 'dashboard');
  daily = await expectedDaily(product.pool);
  totals = await expectedTotals(product.pool);
  breakdowns = await expectedBreakdowns(product.pool);
}, 120_000);

afterAll(async () => {
  await product?.close();
});

/** A statistics query as the screen sends it, after everything written so far (read-your-writes). */
async function statistics(owner: Owner, path: string, cardId?: string): Promise<LightMyRequestResponse> {
  const query = cardId === undefined ? '' : `?cardId=${encodeURIComponent(cardId)}`;
  return send(product, 'GET', `/api/statistics/${path}${query}`, owner.token, undefined, await seenEverything(product));
}

async function answer<T>(owner: Owner, path: string, cardId?: string): Promise<T> {
  const response = await statistics(owner, path, cardId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-read-model-stale']).toBeUndefined();
  return JSON.parse(response.body) as T;
}

function lastDays(count: number): string[] {
  const days = [telemetryDay(new Date())];
  while (days.length < count) days.unshift(previousDay(days[0] ?? ''));
  return days;
}

function scopeOf(owner: CardOwner, cardId: string | undefined) {
  return { ownerId: owner.owner.userId, cardId: cardId ?? STATISTICS_ALL_CARDS };
}

function breakdown(owner: CardOwner, cardId: string | undefined, dimension: string) {
  const scope = scopeOf(owner, cardId);
  return breakdowns.filter(
    (row) => row.owner_id === scope.ownerId && row.card_id === scope.cardId && row.dimension === dimension,
  );
}

const byCount = <T extends { count: number }>(rows: T[]) => rows.reduce((sum, row) => sum + row.count, 0);

describe.each([
  ['all of the owner’s cards', undefined],
  ['one card', 0],
] as const)('GET /api/statistics/* for %s', (_label, cardIndex) => {
  const card = () => (cardIndex === undefined ? undefined : alice.cards[cardIndex]);
  const expectedTotalsOf = (owner: CardOwner) => {
    const scope = scopeOf(owner, card());
    return totals.find((row) => row.owner_id === scope.ownerId && row.card_id === scope.cardId);
  };
  const expectedDaysOf = (owner: CardOwner) => {
    const scope = scopeOf(owner, card());
    return new Map(
      daily
        .filter((row) => row.owner_id === scope.ownerId && row.card_id === scope.cardId)
        .map((row) => [row.day, row]),
    );
  };

  it('dashboard: totals, last visit, devices and the last 7 days equal the events', async () => {
    const { dashboard } = await answer<DashboardStatisticsResponse>(alice.owner, 'dashboard', card());
    const expected = expectedTotalsOf(alice);
    expect(expected?.visits).toBeGreaterThan(0);
    expect(dashboard.totalVisits).toBe(expected?.visits);
    expect(dashboard.uniqueVisitors).toBe(expected?.unique_visitors);
    expect(dashboard.totalClicks).toBe(expected?.clicks);
    expect(dashboard.lastVisit).toBe(expected?.last_visit_at ? new Date(expected.last_visit_at).toISOString() : null);
    const devices = breakdown(alice, card(), 'device');
    expect(dashboard.topDevices).toHaveLength(DEVICE_TYPES.length);
    for (const entry of dashboard.topDevices) {
      expect(entry.count).toBe(devices.find((row) => row.key === entry.deviceType)?.count ?? 0);
    }
    expect(dashboard.topDevices.map((entry) => entry.count)).toEqual(
      dashboard.topDevices.map((entry) => entry.count).sort((a, b) => b - a),
    );
    const days = expectedDaysOf(alice);
    expect(dashboard.recentDailyVisits).toEqual(
      lastDays(7).map((date) => ({ date, count: days.get(date)?.visits ?? 0 })),
    );
  });

  it('profile: visits, unique visitors and the last visit', async () => {
    const { stats } = await answer<ProfileStatisticsResponse>(alice.owner, 'profile', card());
    const expected = expectedTotalsOf(alice);
    expect(stats).toEqual({
      visits: expected?.visits,
      uniqueVisitors: expected?.unique_visitors,
      lastVisitedAt: expected?.last_visit_at ? new Date(expected.last_visit_at).toISOString() : null,
    });
  });

  it('daily: the last 30 Istanbul days, oldest first, days without visits as 0, older days left out', async () => {
    const { dailyStats } = await answer<DailyStatisticsResponse>(alice.owner, 'daily', card());
    const days = expectedDaysOf(alice);
    expect(dailyStats).toEqual(
      lastDays(30).map((date) => ({
        date,
        count: days.get(date)?.visits ?? 0,
        uniqueVisitors: days.get(date)?.unique_visitors ?? 0,
      })),
    );
    const window = new Set(lastDays(30));
    expect([...days.keys()].some((day) => !window.has(day))).toBe(true);
  });

  it("location: country and city by visits, most first, 'Bilinmiyor' for what is unknown", async () => {
    const { locationStats } = await answer<LocationStatisticsResponse>(alice.owner, 'location', card());
    const expected = breakdown(alice, card(), 'location');
    expect(locationStats).toHaveLength(expected.length);
    for (const row of expected) {
      expect(locationStats).toContainEqual({
        country: row.key === '' ? UNKNOWN : regionNames.of(row.key),
        city: row.detail === '' ? UNKNOWN : row.detail,
        countryCode: row.key === '' ? null : row.key,
        count: row.count,
      });
    }
    expect(locationStats.map((row) => row.count)).toEqual(locationStats.map((row) => row.count).sort((a, b) => b - a));
    expect(locationStats.some((row) => row.country === 'Türkiye' && row.city === 'İstanbul')).toBe(true);
    expect(locationStats.some((row) => row.country === UNKNOWN && row.city === UNKNOWN)).toBe(true);
  });

  it('device: devices and browsers with their share of all visits, one decimal', async () => {
    const { deviceStats } = await answer<DeviceStatisticsResponse>(alice.owner, 'device', card());
    const visits = expectedTotalsOf(alice)?.visits ?? 0;
    const devices = breakdown(alice, card(), 'device');
    const browsers = breakdown(alice, card(), 'browser');
    expect(byCount(devices)).toBe(visits);
    for (const entry of deviceStats.devices) {
      const count = devices.find((row) => row.key === entry.deviceType)?.count ?? 0;
      expect(entry).toEqual({
        deviceType: entry.deviceType,
        count,
        percentage: Math.round((count * 1000) / visits) / 10,
      });
    }
    expect(deviceStats.browsers).toHaveLength(browsers.length);
    for (const row of browsers) {
      expect(deviceStats.browsers).toContainEqual({
        browser: row.key === '' ? UNKNOWN : row.key,
        count: row.count,
        percentage: Math.round((row.count * 1000) / visits) / 10,
      });
    }
    const shares = deviceStats.devices.reduce((sum, entry) => sum + entry.percentage, 0);
    expect(Math.abs(shares - 100)).toBeLessThanOrEqual(0.2);
  });

  it('clicks: each contact action, social media by platform', async () => {
    const { clickStats } = await answer<ClickStatisticsResponse>(alice.owner, 'clicks', card());
    const clicks = breakdown(alice, card(), 'click');
    const ofType = (type: string) => byCount(clicks.filter((row) => row.key === type));
    expect(clickStats.totalClicks).toBe(expectedTotalsOf(alice)?.clicks);
    expect(clickStats).toMatchObject({
      phone: ofType('phone'),
      email: ofType('email'),
      website: ofType('website'),
      address: ofType('address'),
      directions: ofType('directions'),
      vcard: ofType('vcard'),
    });
    const social = clicks.filter((row) => row.key === 'social');
    expect(clickStats.socialMedia).toHaveLength(social.length);
    for (const row of social)
      expect(clickStats.socialMedia).toContainEqual({ platform: row.detail, clicks: row.count });
  });
});

describe('one owner never sees another owner’s statistics', () => {
  it("the same query with bora's token answers bora's numbers only", async () => {
    const { dashboard } = await answer<DashboardStatisticsResponse>(bora.owner, 'dashboard');
    const expected = totals.find((row) => row.owner_id === bora.owner.userId && row.card_id === STATISTICS_ALL_CARDS);
    expect(dashboard.totalVisits).toBe(expected?.visits);
    expect(dashboard.totalClicks).toBe(expected?.clicks);
    const aliceTotals = totals.find(
      (row) => row.owner_id === alice.owner.userId && row.card_id === STATISTICS_ALL_CARDS,
    );
    expect(dashboard.totalVisits).not.toBe(aliceTotals?.visits);
  });

  it("another owner's card, or a card nobody has, answers 404 'Kart bulunamadı' on every query", async () => {
    for (const path of ['dashboard', 'profile', 'daily', 'location', 'device', 'clicks']) {
      for (const cardId of [alice.cards[0] ?? '', virtualCardId()]) {
        const response = await statistics(bora.owner, path, cardId);
        expect(response.statusCode, `${path} ${cardId}`).toBe(404);
        expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.cardNotFound });
      }
    }
  });

  it('a card id that cannot be one answers 400 with the card id rule; no token answers 401', async () => {
    const malformed = await statistics(alice.owner, 'daily', 'kötü id!');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ success: false, field: 'cardId' });
    const anonymous = await send(product, 'GET', '/api/statistics/dashboard');
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ success: false, message: MESSAGES.sessionExpired });
  });

  it('the card filter accepts the id as typed (lower case, spaces) like the card screens', async () => {
    const cardId = alice.cards[0] ?? '';
    const { stats } = await answer<ProfileStatisticsResponse>(alice.owner, 'profile', ` ${cardId.toLowerCase()} `);
    expect(stats?.visits).toBe(
      totals.find((row) => row.owner_id === alice.owner.userId && row.card_id === cardId)?.visits,
    );
  });
});

describe('an owner nobody has visited yet', () => {
  it('profile answers stats: null (the screen says "İstatistik verisi bulunamadı"); the dashboard zeros', async () => {
    const profile = await answer<ProfileStatisticsResponse>(carol, 'profile');
    expect(profile).toEqual({ success: true, stats: null });
    const { dashboard } = await answer<DashboardStatisticsResponse>(carol, 'dashboard');
    expect(dashboard).toEqual({
      totalVisits: 0,
      uniqueVisitors: 0,
      totalClicks: 0,
      lastVisit: null,
      topDevices: DEVICE_TYPES.map((deviceType) => ({ deviceType, count: 0 })),
      recentDailyVisits: lastDays(7).map((date) => ({ date, count: 0 })),
    });
    const { dailyStats } = await answer<DailyStatisticsResponse>(carol, 'daily');
    expect(dailyStats).toHaveLength(30);
    expect(dailyStats.every((day) => day.count === 0 && day.uniqueVisitors === 0)).toBe(true);
    const { deviceStats } = await answer<DeviceStatisticsResponse>(carol, 'device');
    expect(deviceStats.devices.every((entry) => entry.percentage === 0)).toBe(true);
    expect(deviceStats.browsers).toEqual([]);
  });
});

describe('from a beacon to the numbers', () => {
  it('a visit through POST /api/telemetry/visit shows on the dashboard and the day', async () => {
    const owner = await ownerWithCards(product, 1);
    const before = (await telemetryEvents(product)).length;
    const response = await visit(product, { cardId: owner.cards[0] }, { userAgent: USER_AGENTS.iPhone });
    expect(response.statusCode).toBe(204);
    const events = await waitForTelemetry(product, before + 1);
    const last = events[events.length - 1];
    expect(last?.data.ownerId).toBe(owner.owner.userId);
    const { dashboard } = await answer<DashboardStatisticsResponse>(owner.owner, 'dashboard');
    expect(dashboard).toMatchObject({ totalVisits: 1, uniqueVisitors: 1, totalClicks: 0 });
    expect(dashboard.recentDailyVisits.at(-1)).toEqual({ date: telemetryDay(new Date()), count: 1 });
    expect(dashboard.topDevices[0]).toEqual({ deviceType: 'mobile', count: 1 });
  });

  it('a visit appended for a card of the owner shows in that card’s statistics only', async () => {
    const owner = await ownerWithCards(product, 2);
    const [first, second] = owner.cards;
    await appendTelemetry(product, [visited({ ownerId: owner.owner.userId, cardId: first ?? '', at: new Date() })]);
    const one = await answer<ProfileStatisticsResponse>(owner.owner, 'profile', first);
    const other = await answer<ProfileStatisticsResponse>(owner.owner, 'profile', second);
    expect(one.stats?.visits).toBe(1);
    expect(other.stats).toBeNull();
  });
});
