import type * as Static from '@kartvizit/schemas/statistics/http';
import { api } from '../../app/api.ts';
import { recordPosition } from '../../app/write-position.ts';
import { httpStatus } from '../../shared/command-outcome.ts';
import { readToken } from '../account/token.ts';
import { coalesce, subscribeStatistics, type LiveStatus } from './statistics-stream.ts';

export type DashboardStatistics = Static.DashboardStatistics;
export type ProfileStatistics = Static.ProfileStatistics;
export type DailyStat = Static.DailyStatistic;
export type LocationStat = Static.LocationStatistic;
export type DeviceStats = Static.DeviceStatistics;
export type LanguageStat = Static.LanguageStatistic;
export type ClickStats = Static.ClickStatistics;
export type ProductStats = Static.ProductStatistics;
export type ProductStat = Static.ProductStatistic;
export type OfficeStatistics = Static.OfficeStatistics;

export interface StatisticsLive {
  /** Written by the stream through updateCachedData (an immer draft). */
  status: LiveStatus;
}

/** The card a statistics query is about; null for all of the owner's cards. */
export type CardScope = string | null;

export const EMPTY_DASHBOARD: DashboardStatistics = {
  totalVisits: 0,
  uniqueVisitors: 0,
  totalClicks: 0,
  lastVisit: null,
  topDevices: [],
  recentDailyVisits: [],
};
export const EMPTY_DEVICE_STATS: DeviceStats = { devices: [], browsers: [] };
export const EMPTY_CLICK_STATS: ClickStats = {
  totalClicks: 0,
  phone: 0,
  whatsapp: 0,
  email: 0,
  website: 0,
  address: 0,
  directions: 0,
  vcard: 0,
  socialMedia: [],
};

export const EMPTY_PRODUCT_STATS: ProductStats = { totalViews: 0, totalClicks: 0, products: [] };

const STATISTICS = [{ type: 'Statistics', id: 'LIST' }] as const;
// Coalescing window for a burst of changes: the first one is read at once, the rest at most this often.
const REFRESH_INTERVAL_MS = 400;
// Leaving the dashboard for /stats (or back) keeps the stream; leaving both closes it soon after.
const STREAM_LINGER_SECONDS = 10;

function statisticsRequest(path: string, cardId: CardScope): string {
  const query = cardId ? `?${new URLSearchParams({ cardId }).toString()}` : '';
  return `/statistics/${path}${query}`;
}

/** The owner's stream, or with `officeId` the office's team stream (issue 30). */
export function statisticsStreamUrl(ticket: string, officeId?: string): string {
  const path = officeId ? `/api/offices/${encodeURIComponent(officeId)}/statistics/stream` : '/api/statistics/stream';
  return `${path}?${new URLSearchParams({ ticket }).toString()}`;
}

/** A short-lived ticket to open the stream with (EventSource cannot send the bearer token). */
const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatisticsStreamTicket: build.query<Static.StatisticsStreamTicketResponse, string | void>({
      query: (officeId) =>
        officeId ? `/offices/${encodeURIComponent(officeId)}/statistics/stream-ticket` : '/statistics/stream-ticket',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The dashboard's figures for all of the owner's cards, or for one card (its details page). */
    getDashboardStatistics: build.query<DashboardStatistics, CardScope | void>({
      query: (cardId) => statisticsRequest('dashboard', cardId ?? null),
      transformResponse: (response: { dashboard?: DashboardStatistics | null }) =>
        response.dashboard ?? EMPTY_DASHBOARD,
      providesTags: STATISTICS,
    }),
    getProfileStatistics: build.query<ProfileStatistics | null, CardScope>({
      query: (cardId) => statisticsRequest('profile', cardId),
      transformResponse: (response: { stats?: ProfileStatistics | null }) => response.stats ?? null,
      providesTags: STATISTICS,
    }),
    getDailyStatistics: build.query<readonly DailyStat[], CardScope>({
      query: (cardId) => statisticsRequest('daily', cardId),
      transformResponse: (response: { dailyStats?: readonly DailyStat[] }) => response.dailyStats ?? [],
      providesTags: STATISTICS,
    }),
    getLocationStatistics: build.query<readonly LocationStat[], CardScope>({
      query: (cardId) => statisticsRequest('location', cardId),
      transformResponse: (response: { locationStats?: readonly LocationStat[] }) => response.locationStats ?? [],
      providesTags: STATISTICS,
    }),
    getDeviceStatistics: build.query<DeviceStats, CardScope>({
      query: (cardId) => statisticsRequest('device', cardId),
      transformResponse: (response: { deviceStats?: DeviceStats | null }) => response.deviceStats ?? EMPTY_DEVICE_STATS,
      providesTags: STATISTICS,
    }),
    /** The 'Diller' tab (issue 31): visits by the language the card page was shown in, most first. */
    getLanguageStatistics: build.query<readonly LanguageStat[], CardScope>({
      query: (cardId) => statisticsRequest('languages', cardId),
      transformResponse: (response: { languageStats?: readonly LanguageStat[] }) => response.languageStats ?? [],
      providesTags: STATISTICS,
    }),
    getClickStatistics: build.query<ClickStats, CardScope>({
      query: (cardId) => statisticsRequest('clicks', cardId),
      transformResponse: (response: { clickStats?: ClickStats | null }) => response.clickStats ?? EMPTY_CLICK_STATS,
      providesTags: STATISTICS,
    }),
    /** The 'Ürünler' tab: per product, owner-wide (the card only checks that it is the owner's). */
    getProductStatistics: build.query<ProductStats, CardScope>({
      query: (cardId) => statisticsRequest('products', cardId),
      transformResponse: (response: { productStats?: ProductStats | null }) =>
        response.productStats ?? EMPTY_PRODUCT_STATS,
      providesTags: STATISTICS,
    }),
    /** The team statistics (/office/stats) for the office's admins: the last `from`… days up to today. */
    getOfficeStatistics: build.query<OfficeStatistics, { readonly officeId: string; readonly from: string }>({
      query: ({ officeId, from }) =>
        `/offices/${encodeURIComponent(officeId)}/statistics?${new URLSearchParams({ from }).toString()}`,
      transformResponse: (response: Static.OfficeStatisticsResponse) => response.data,
      providesTags: STATISTICS,
    }),
    /**
     * Not data but a subscription: while a screen uses this entry, the owner's change stream is
     * open, and every change re-reads the statistics queries on screen (tag invalidation). One
     * stream per tab however many screens subscribe; closed when the last one has gone. With an
     * office's id: that office's team stream (its admins, /office/stats).
     */
    getStatisticsStream: build.query<StatisticsLive, string | void>({
      queryFn: () => ({ data: { status: 'connecting' } }),
      keepUnusedDataFor: STREAM_LINGER_SECONDS,
      async onCacheEntryAdded(officeId, lifecycle) {
        const { cacheDataLoaded, cacheEntryRemoved, dispatch } = lifecycle;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const refresh = coalesce(() => dispatch(api.util.invalidateTags(['Statistics'])), REFRESH_INTERVAL_MS);
        const stop = subscribeStatistics({
          async address() {
            const request = dispatch(
              ticketApi.endpoints.getStatisticsStreamTicket.initiate(officeId ?? undefined, {
                subscribe: false,
                forceRefetch: true,
              }),
            );
            const result = await request;
            // 401: the session is over (the base query has ended it); nothing to reopen.
            if (result.error) {
              if (httpStatus(result.error) === 401) return null;
              throw new Error('statistics stream ticket unavailable');
            }
            return result.data ? statisticsStreamUrl(result.data.ticket, officeId ?? undefined) : null;
          },
          readToken,
          onStatus: (status) =>
            lifecycle.updateCachedData((draft) => {
              draft.status = status;
            }),
          onChange: (position) => {
            // The reads this change triggers then answer from projections that include it (exact, not
            // "probably there by now"): the base query sends the newest position with every read.
            recordPosition(position);
            refresh.run();
          },
          onResync: () => refresh.run(),
        });
        await cacheEntryRemoved;
        stop();
        refresh.cancel();
      },
    }),
  }),
});

export const {
  useGetDashboardStatisticsQuery,
  useGetProfileStatisticsQuery,
  useGetDailyStatisticsQuery,
  useGetLocationStatisticsQuery,
  useGetDeviceStatisticsQuery,
  useGetLanguageStatisticsQuery,
  useGetClickStatisticsQuery,
  useGetProductStatisticsQuery,
  useGetStatisticsStreamQuery,
  useGetOfficeStatisticsQuery,
} = statisticsApi;
