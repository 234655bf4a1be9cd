import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { isLoopbackAddress } from '@kartvizit/schemas/public-address';
import { readMapsSettings, type MapsSettings } from '../geocoding/settings.ts';
import { readHubSpotSettings, type HubSpotSettings } from '../hubspot/settings.ts';
import { readMeetingSettings, type MeetingSettings } from '../meetings/settings.ts';
import { parseRemsBaseUrl } from '../rems/client.ts';
import { readGoogleWalletSettings, type GoogleWalletSettings } from '../wallet/google-settings.ts';
import { readAppleWalletSettings, type AppleWalletSettings } from '../wallet/apple-settings.ts';
import { parseAllowedPrivateHosts, type WebhookAddressPolicy } from '../webhooks/address-policy.ts';

/** Settings every service reads from the environment; docs/configuration.md lists them. */
export interface ServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Unset: embedded PostgreSQL under dataDir. */
  readonly databaseUrl: string | undefined;
  readonly appSecret: string | undefined;
  /** Origin used in links and QR codes, e.g. https://kart.example.com. */
  readonly publicBaseUrl: string;
  readonly logLevel: string;
  /** Attempts per minute per client on login and register. */
  readonly authRateLimitPerMinute: number;
  /** Directory with the built web app (web/dist). */
  readonly webDistDir: string;
  /** Projector's fallback poll when no wake-up signal arrives. */
  readonly projectorPollIntervalMs: number;
  /** TRUST_PROXY: which X-Forwarded-For hops are the operator's proxies (decision 50); false: none, the socket's peer is the client. */
  readonly trustProxy: TrustProxy;
  /** Uploaded files on local disk (BLOB_DIR, default DATA_DIR/blobs). */
  readonly blobDir: string;
  /** Geocoders (address → coordinates) and map tiles. */
  readonly maps: MapsSettings;
  /** E-mail: SMTP_URL (unset: `.eml` files under DATA_DIR/mail) and MAIL_FROM. */
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string; readonly dir: string };
  /** REMS_API_URL, the real-estate CRM's API (issue 14); null when unset: REMS is not available. */
  readonly remsApiUrl: string | null;
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS (issue 35): private hosts webhooks may reach, by name or address; empty: none. */
  readonly webhookAddressPolicy: WebhookAddressPolicy;
  /** The meeting providers' OAuth clients and APIs (issue 15): GOOGLE_*, MICROSOFT_*, ZOOM_*, CALENDLY_*. */
  readonly meetings: MeetingSettings;
  /** HubSpot (issue 35, decision 68): HUBSPOT_CLIENT_ID, HUBSPOT_CLIENT_SECRET and its URLs; no client id: not configured. */
  readonly hubspot: HubSpotSettings;
  /** Where events are stored (issue 16): EVENT_STORE=postgres (default) or kurrentdb with KURRENTDB_URL. */
  readonly eventStore: EventStoreSettings;
  /** Kafka (issue 16): the relay publishes every event when KAFKA_BROKERS is set; EVENT_TRANSPORT=kafka makes readers consume it. */
  readonly kafka: KafkaSettings;
  /** WEB_VITALS_SAMPLE_RATE: the share of page loads that measure and send Core Web Vitals (issue 17), 0 to 1. */
  readonly webVitalsSampleRate: number;
  /** /metrics, /healthz, /readyz (issue 17, decision 45): METRICS_PORT, METRICS_HOST, READY_MAX_LAG_SECONDS. */
  readonly operations: OperationsSettings;
  /** Google Wallet passes (issue 32): GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT, GOOGLE_WALLET_API_URL; null: not set up. */
  readonly googleWallet: GoogleWalletSettings | null;
  /** Apple Wallet passes and their pushes (issue 32): APPLE_PASS_*, APPLE_TEAM_ID, APPLE_WWDR_CERT, APPLE_APNS_*; null: not set up. */
  readonly appleWallet: AppleWalletSettings | null;
}

/**
 * The reverse proxies in front of a service, as Fastify's `trustProxy` takes them: false (none: the client is the
 * socket's peer), a number of hops (the client is that many addresses from the right of X-Forwarded-For, the socket's
 * peer counting as the first), or the proxies' addresses and CIDR ranges (the client is the first address from the
 * right that is none of them). Never `true`: trusting every hop lets a client name any address it likes.
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for address ranges (Express and Fastify understand them too). */
const TRUST_PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (TRUST_PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}

/**
 * TRUST_PROXY (decision 50): unset, empty, `false` or `0` trust no proxy; a whole number trusts that many hops (`1`:
 * the one nginx in front); otherwise a comma-separated list of the proxies' addresses or CIDR ranges
 * (`10.0.0.0/8,192.168.1.5`, or proxy-addr's names loopback, linklocal, uniquelocal). `true`, which used to trust every
 * hop, is refused with what to write instead: behind it a client could choose its own address.
 */
export function readTrustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const value = env.TRUST_PROXY?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true is no longer accepted: it trusted every X-Forwarded-For hop, so a client could choose its own ' +
        'address. Name the proxies in front of the service instead: TRUST_PROXY=1 for one reverse proxy (the shipped ' +
        'nginx), a larger number for a chain of them, or their addresses/CIDR ranges, e.g. TRUST_PROXY=10.0.0.0/8.',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (!Number.isSafeInteger(hops)) throw new Error(`TRUST_PROXY is not a usable number of hops: "${value}"`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses/CIDR ranges; ` +
        `not an address or range: ${wrong.map((entry) => `"${entry}"`).join(', ')}`,
    );
  }
  return entries;
}

/** One page load in ten measures its Core Web Vitals unless WEB_VITALS_SAMPLE_RATE says otherwise (decision 44). */
export const WEB_VITALS_DEFAULT_SAMPLE_RATE = 0.1;

/** WEB_VITALS_SAMPLE_RATE: a fraction from 0 (none) to 1 (every page load). */
export function readWebVitalsSampleRate(env: NodeJS.ProcessEnv): number {
  const value = env.WEB_VITALS_SAMPLE_RATE?.trim();
  if (value === undefined || value === '') return WEB_VITALS_DEFAULT_SAMPLE_RATE;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1)
    throw new Error(`WEB_VITALS_SAMPLE_RATE must be a number from 0 to 1, got "${value}"`);
  return parsed;
}

export interface OperationsSettings {
  /**
   * METRICS_PORT: the operations port serving /metrics (and /healthz, /readyz again). Null (unset): none, and /metrics
   * is served nowhere; 0: a free port the process picks and logs (several processes on one host).
   */
  readonly metricsPort: number | null;
  /** METRICS_HOST, default 127.0.0.1: only this machine reaches /metrics unless the operator opens it. */
  readonly metricsHost: string;
  /** READY_MAX_LAG_SECONDS, default 120: /readyz answers 503 while a projection is further behind; 0 turns it off. */
  readonly readyMaxLagSeconds: number | null;
}

/** METRICS_PORT, METRICS_HOST, READY_MAX_LAG_SECONDS. */
export function readOperationsSettings(env: NodeJS.ProcessEnv): OperationsSettings {
  const port = env.METRICS_PORT?.trim() ? integer(env.METRICS_PORT.trim(), 0, 'METRICS_PORT') : null;
  if (port !== null && port > 65_535) throw new Error(`METRICS_PORT must be a port number, got "${port}"`);
  const lag = integer(env.READY_MAX_LAG_SECONDS?.trim(), 120, 'READY_MAX_LAG_SECONDS');
  return {
    metricsPort: port,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    readyMaxLagSeconds: lag === 0 ? null : lag,
  };
}

export type EventStoreSettings =
  | { readonly kind: 'postgres' }
  | { readonly kind: 'kurrentdb'; /** e.g. kurrentdb://127.0.0.1:2113?tls=false */ readonly url: string };

export interface KafkaSettings {
  /** KAFKA_BROKERS, comma-separated host:port; empty: no Kafka (no relay, readers follow the store). */
  readonly brokers: readonly string[];
  /** KAFKA_TOPIC, default kartvizit.events. */
  readonly topic: string;
  /** KAFKA_PARTITIONS: partitions of the topic when the relay creates it (default 6). */
  readonly partitions: number;
  /** EVENT_TRANSPORT: 'store' (default: projections read the event store) or 'kafka' (they consume the topic). */
  readonly transport: 'store' | 'kafka';
}

const KAFKA_TOPIC_PATTERN = /^[a-zA-Z0-9._-]{1,249}$/;

/** EVENT_STORE, KURRENTDB_URL. */
export function readEventStoreSettings(env: NodeJS.ProcessEnv): EventStoreSettings {
  const kind = env.EVENT_STORE?.trim() || 'postgres';
  if (kind === 'postgres') return { kind };
  if (kind !== 'kurrentdb') throw new Error(`EVENT_STORE must be postgres or kurrentdb, got "${kind}"`);
  const url = env.KURRENTDB_URL?.trim();
  if (!url) throw new Error('EVENT_STORE=kurrentdb needs KURRENTDB_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false)');
  return { kind, url };
}

/** KAFKA_BROKERS, KAFKA_TOPIC, KAFKA_PARTITIONS, EVENT_TRANSPORT. */
export function readKafkaSettings(env: NodeJS.ProcessEnv): KafkaSettings {
  const brokers = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker !== '');
  for (const broker of brokers) {
    if (!/^[^\s:/]+:\d{1,5}$/.test(broker)) throw new Error(`KAFKA_BROKERS must list host:port, got "${broker}"`);
  }
  const topic = env.KAFKA_TOPIC?.trim() || 'kartvizit.events';
  if (!KAFKA_TOPIC_PATTERN.test(topic) || topic === '.' || topic === '..') {
    throw new Error(`KAFKA_TOPIC is not a valid topic name: "${topic}"`);
  }
  const partitions = integer(env.KAFKA_PARTITIONS, 6, 'KAFKA_PARTITIONS');
  if (partitions < 1) throw new Error('KAFKA_PARTITIONS must be at least 1');
  const transport = env.EVENT_TRANSPORT?.trim() || 'store';
  if (transport !== 'store' && transport !== 'kafka') {
    throw new Error(`EVENT_TRANSPORT must be store or kafka, got "${transport}"`);
  }
  if (transport === 'kafka' && brokers.length === 0) throw new Error('EVENT_TRANSPORT=kafka needs KAFKA_BROKERS');
  return { brokers, topic, partitions, transport };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, defaults: { port?: number } = {}): ServiceConfig {
  const port = integer(env.PORT, defaults.port ?? 3000, 'PORT');
  const host = env.HOST ?? '0.0.0.0';
  // Set but empty counts as unset: an empty origin would make every card link relative.
  const publicBaseUrl = (env.PUBLIC_BASE_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL === '' ? undefined : env.DATABASE_URL,
    appSecret: env.APP_SECRET,
    publicBaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimitPerMinute: integer(env.AUTH_RATE_LIMIT_PER_MINUTE, 20, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    projectorPollIntervalMs: integer(env.PROJECTOR_POLL_INTERVAL_MS, 1000, 'PROJECTOR_POLL_INTERVAL_MS'),
    trustProxy: readTrustProxy(env),
    blobDir: resolve(env.BLOB_DIR || resolve(env.DATA_DIR ?? 'data', 'blobs')),
    maps: readMapsSettings(env, publicBaseUrl),
    mail: {
      smtpUrl: env.SMTP_URL?.trim() || undefined,
      from: env.MAIL_FROM?.trim() || `Dijital Kartvizit <bildirim@${new URL(publicBaseUrl).hostname}>`,
      dir: resolve(env.DATA_DIR ?? 'data', 'mail'),
    },
    remsApiUrl: env.REMS_API_URL?.trim() ? parseRemsBaseUrl(env.REMS_API_URL) : null,
    webhookAddressPolicy: { allowedPrivateHosts: parseAllowedPrivateHosts(env.WEBHOOK_ALLOWED_PRIVATE_HOSTS) },
    meetings: readMeetingSettings(env),
    hubspot: readHubSpotSettings(env),
    eventStore: readEventStoreSettings(env),
    kafka: readKafkaSettings(env),
    webVitalsSampleRate: readWebVitalsSampleRate(env),
    operations: readOperationsSettings(env),
    googleWallet: readGoogleWalletSettings(env),
    appleWallet: readAppleWalletSettings(env),
    webDistDir: resolve(env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}

/**
 * The sentence a service logs once at start when card links and QR codes would open nothing on a
 * visitor's phone: PUBLIC_BASE_URL unset (the default is this machine's localhost) or set to a
 * loopback address. Null when the address is fine.
 */
export function publicBaseUrlWarning(env: NodeJS.ProcessEnv, publicBaseUrl: string): string | null {
  const consequence = 'kart bağlantıları ve QR kodlar başka cihazlarda (ziyaretçilerin telefonlarında) açılmaz.';
  const remedy = 'Herkese açık adresi PUBLIC_BASE_URL ile verin, örneğin PUBLIC_BASE_URL=https://kart.example.com.';
  if (env.PUBLIC_BASE_URL === undefined || env.PUBLIC_BASE_URL.trim() === '') {
    return `Uyarı: PUBLIC_BASE_URL ayarlı değil; adresler ${publicBaseUrl} ile başlıyor ve ${consequence} ${remedy}`;
  }
  if (isLoopbackAddress(publicBaseUrl)) {
    return `Uyarı: PUBLIC_BASE_URL (${publicBaseUrl}) yalnızca bu makinede açılan bir adres; ${consequence} ${remedy}`;
  }
  return null;
}
