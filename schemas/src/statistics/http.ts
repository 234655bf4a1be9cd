import { PUBLIC_LANGUAGES } from '../language/model.ts';
import { literalUnion } from '../common/http.ts';
import { Type, type Static } from 'typebox';
import { CARD_ID_MAX_LENGTH } from '../card/rules.ts';

/**
 * The owner's statistics (SPEC §3 "Dashboard/Profile/Daily/Location/Device/Click statistics",
 * §7 "Statistics"), all under /api/statistics, all for the signed-in owner. Days are calendar days
 * in Europe/Istanbul (YYYY-MM-DD). Unique visitors are counted per day: the sum over days of the
 * distinct visitors of that day (docs/decisions/0011-statistics.md).
 */

/** The visits screen's window (SPEC §9 "last 30 days"). */
export const STATISTICS_DAYS = 30;
/** The dashboard's recent daily visits chart. */
export const DASHBOARD_RECENT_DAYS = 7;
/** Read-model key of the rows that add up every card of an owner (never a card id). */
export const STATISTICS_ALL_CARDS = '*';

/** GET /api/statistics/stream: server-sent events (docs/decisions/0011-statistics.md). */
export const STATISTICS_STREAM = {
  /** Event name of "your statistics changed"; data: {"position": "<checkpoint>"}. */
  event: 'statistics',
  /** Reconnect delay the server asks EventSource for (ms). */
  retryMs: 2000,
  /** A comment line this often keeps proxies from closing an idle stream (ms). */
  heartbeatMs: 15_000,
  /** At most one event per client this often; a burst ends with one event carrying its last position (ms). */
  minIntervalMs: 1000,
  /** How long a stream ticket may be used to open (or reopen) the stream (s). */
  ticketTtlSeconds: 60,
} as const;

export const StatisticsQuery = Type.Object(
  {
    cardId: Type.Optional(
      Type.String({
        maxLength: CARD_ID_MAX_LENGTH * 4,
        description: 'Only this card of the signed-in owner; another owner’s or an unknown card answers 404.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StatisticsQuery = Static<typeof StatisticsQuery>;

const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Calendar day in Europe/Istanbul' });
const Percentage = Type.Number({ minimum: 0, maximum: 100, description: 'Share of all visits, one decimal' });
const Instant = Type.String({ format: 'date-time' });
export const StatisticsDeviceType = Type.Union([
  Type.Literal('mobile'),
  Type.Literal('tablet'),
  Type.Literal('desktop'),
]);

export const DailyVisits = Type.Object({ date: Day, count: Count });
export type DailyVisits = Static<typeof DailyVisits>;

/** GET /api/statistics/dashboard */
export const DashboardStatistics = Type.Object({
  totalVisits: Count,
  /** Sum over days of each day's distinct visitors. */
  uniqueVisitors: Count,
  totalClicks: Count,
  lastVisit: Type.Union([Instant, Type.Null()]),
  /** All three device types, most visits first. */
  topDevices: Type.Array(Type.Object({ deviceType: StatisticsDeviceType, count: Count })),
  /** The last 7 Istanbul days, oldest first, days without visits as 0. */
  recentDailyVisits: Type.Array(DailyVisits),
});
export type DashboardStatistics = Static<typeof DashboardStatistics>;
export const DashboardStatisticsResponse = Type.Object({ success: Type.Literal(true), dashboard: DashboardStatistics });
export type DashboardStatisticsResponse = Static<typeof DashboardStatisticsResponse>;

/** GET /api/statistics/profile; `stats` is null while nobody has visited. */
export const ProfileStatistics = Type.Object({
  visits: Count,
  uniqueVisitors: Count,
  lastVisitedAt: Type.Union([Instant, Type.Null()]),
});
export type ProfileStatistics = Static<typeof ProfileStatistics>;
export const ProfileStatisticsResponse = Type.Object({
  success: Type.Literal(true),
  stats: Type.Union([ProfileStatistics, Type.Null()]),
});
export type ProfileStatisticsResponse = Static<typeof ProfileStatisticsResponse>;

/** GET /api/statistics/daily: the last 30 Istanbul days, oldest first, days without visits as 0. */
export const DailyStatistic = Type.Object({ date: Day, count: Count, uniqueVisitors: Count });
export type DailyStatistic = Static<typeof DailyStatistic>;
export const DailyStatisticsResponse = Type.Object({
  success: Type.Literal(true),
  dailyStats: Type.Array(DailyStatistic),
});
export type DailyStatisticsResponse = Static<typeof DailyStatisticsResponse>;

/** GET /api/statistics/location: most visits first; unknown country or city reads 'Bilinmiyor'. */
export const LocationStatistic = Type.Object({
  /** Country name in Turkish ('Türkiye', 'Almanya'). */
  country: Type.String(),
  city: Type.String(),
  /** ISO 3166-1 alpha-2 ('TR'), null when unknown: for flags or a map. */
  countryCode: Type.Union([Type.String(), Type.Null()]),
  count: Count,
});
export type LocationStatistic = Static<typeof LocationStatistic>;
export const LocationStatisticsResponse = Type.Object({
  success: Type.Literal(true),
  locationStats: Type.Array(LocationStatistic),
});
export type LocationStatisticsResponse = Static<typeof LocationStatisticsResponse>;

/** GET /api/statistics/device: percentages of all visits, one decimal. */
export const DeviceStatistics = Type.Object({
  /** All three device types, most visits first. */
  devices: Type.Array(Type.Object({ deviceType: StatisticsDeviceType, count: Count, percentage: Percentage })),
  /** Most visits first; an unrecognised browser reads 'Bilinmiyor'. */
  browsers: Type.Array(Type.Object({ browser: Type.String(), count: Count, percentage: Percentage })),
});
export type DeviceStatistics = Static<typeof DeviceStatistics>;
export const DeviceStatisticsResponse = Type.Object({ success: Type.Literal(true), deviceStats: DeviceStatistics });
export type DeviceStatisticsResponse = Static<typeof DeviceStatisticsResponse>;

/**
 * GET /api/statistics/languages (issue 31): visits by the language the card page was shown in, most first; visits from
 * before the languages count as Turkish, which is what they saw.
 */
export const LanguageStatistic = Type.Object({
  language: literalUnion(PUBLIC_LANGUAGES),
  /** As the dashboard names it: 'Türkçe', 'İngilizce'… */
  name: Type.String(),
  visits: Count,
  percentage: Percentage,
});
export type LanguageStatistic = Static<typeof LanguageStatistic>;
export const LanguageStatisticsResponse = Type.Object({
  success: Type.Literal(true),
  languageStats: Type.Array(LanguageStatistic),
});
export type LanguageStatisticsResponse = Static<typeof LanguageStatisticsResponse>;

/** GET /api/statistics/clicks: clicks by contact action; social clicks also by platform. */
export const ClickStatistics = Type.Object({
  totalClicks: Count,
  phone: Count,
  /** The card's WhatsApp action (decision 47). */
  whatsapp: Count,
  email: Count,
  website: Count,
  address: Count,
  directions: Count,
  vcard: Count,
  /** Most clicks first. */
  socialMedia: Type.Array(Type.Object({ platform: Type.String(), clicks: Count })),
});
export type ClickStatistics = Static<typeof ClickStatistics>;
export const ClickStatisticsResponse = Type.Object({ success: Type.Literal(true), clickStats: ClickStatistics });
export type ClickStatisticsResponse = Static<typeof ClickStatisticsResponse>;

/**
 * GET /api/statistics/products: per product, all time; with `?cardId=`, the views and clicks of product pages reached
 * from that card's catalogue (decisions 24 and 47). Products with a view, a click or (a listing) a REMS registration
 * only; most views first. A deleted product keeps its figures and reads `deleted: true`, `name: 'Silinmiş ürün'`.
 */
export const ProductStatistic = Type.Object({
  productId: Type.String({ format: 'uuid' }),
  /** The product's current name; 'Silinmiş ürün' once deleted. */
  name: Type.String(),
  deleted: Type.Boolean(),
  /** False while the product is switched off (its page shows nothing, so nothing new is counted). */
  isActive: Type.Boolean(),
  views: Count,
  /** Sum over days of each day's distinct viewers, as for visits. */
  uniqueVisitors: Count,
  lastViewedAt: Type.Union([Instant, Type.Null()]),
  /** 'Satın Al', 'WhatsApp ile Bilgi Al' and a listing's 'Ara' clicks, and their sum. */
  clicks: Type.Object({ buy: Count, whatsapp: Count, call: Count, total: Count }),
  /**
   * REMS registrations made from a listing's page (issue 33): every one requested, whatever REMS answered; with
   * `?cardId=`, those made on that card's form. Not a click: not in `clicks.total`.
   */
  registrations: Count,
});
export type ProductStatistic = Static<typeof ProductStatistic>;
export const ProductStatisticsResponse = Type.Object({
  success: Type.Literal(true),
  productStats: Type.Object({
    totalViews: Count,
    totalClicks: Count,
    products: Type.Array(ProductStatistic),
  }),
});
export type ProductStatisticsResponse = Static<typeof ProductStatisticsResponse>;
export type ProductStatistics = ProductStatisticsResponse['productStats'];

/** GET /api/statistics/stream-ticket (Bearer): what EventSource, which cannot send headers, opens the stream with. */
export const StatisticsStreamTicketResponse = Type.Object({
  success: Type.Literal(true),
  /** Opaque; send as ?ticket= to /api/statistics/stream within ticketTtlSeconds. */
  ticket: Type.String(),
  expiresAt: Instant,
});
export type StatisticsStreamTicketResponse = Static<typeof StatisticsStreamTicketResponse>;

export const StatisticsStreamQuery = Type.Object(
  {
    ticket: Type.Optional(
      Type.String({
        maxLength: 512,
        description: 'From /api/statistics/stream-ticket; or send Authorization: Bearer.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StatisticsStreamQuery = Static<typeof StatisticsStreamQuery>;

/** The data of an 'event: statistics' message. */
export interface StatisticsStreamEvent {
  /** Statistics read model position; send as x-min-position to read at least this far. */
  readonly position: string;
}

/**
 * GET /api/offices/{id}/statistics (issue 30): the team's figures over the office's cards for a period of Istanbul
 * days, for the office's admins. `from` and `to` (YYYY-MM-DD, both included): a missing `to` is today, a missing
 * `from` the STATISTICS_DAYS days up to `to`; at most a year (schemas/src/statistics/rules.ts).
 */
export const OfficeStatisticsQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 10, description: 'First day (YYYY-MM-DD, Europe/Istanbul)' })),
    to: Type.Optional(
      Type.String({ maxLength: 10, description: 'Last day (YYYY-MM-DD, Europe/Istanbul); not after today' }),
    ),
  },
  { additionalProperties: false },
);
export type OfficeStatisticsQuery = Static<typeof OfficeStatisticsQuery>;

/** Visits, unique visitors, clicks and leads: of a member, of a day, or of the whole team. */
const TEAM_FIGURES = {
  visits: Count,
  /** Per card and day (visitors are hashed per holder and day): a team's is the sum of its members'. */
  uniqueVisitors: Count,
  clicks: Count,
  leads: Count,
};
export const TeamFigures = Type.Object(TEAM_FIGURES);
export type TeamFigures = Static<typeof TeamFigures>;

export const OfficeMemberStatistic = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  /** The account's name; 'Silinmiş hesap' once the account was erased. */
  name: Type.String(),
  /** In the office now; false: left or removed (what happened on the office's cards still counts). */
  current: Type.Boolean(),
  ...TEAM_FIGURES,
});
export type OfficeMemberStatistic = Static<typeof OfficeMemberStatistic>;

export const OfficeDailyStatistic = Type.Object({ date: Day, ...TEAM_FIGURES });
export type OfficeDailyStatistic = Static<typeof OfficeDailyStatistic>;

export const OfficeStatistics = Type.Object({
  period: Type.Object({ from: Day, to: Day }),
  totals: TeamFigures,
  /** Every current member (with or without figures) and every former one with figures; most visits first. */
  members: Type.Array(OfficeMemberStatistic),
  /** Every day of the period, oldest first, days without anything as 0. */
  daily: Type.Array(OfficeDailyStatistic),
});
export type OfficeStatistics = Static<typeof OfficeStatistics>;
export const OfficeStatisticsResponse = Type.Object({ success: Type.Literal(true), data: OfficeStatistics });
export type OfficeStatisticsResponse = Static<typeof OfficeStatisticsResponse>;
