import { describe, expect, it } from 'vitest';
import { publicBaseUrlWarning, readConfig } from './env.ts';

function warningFor(env: NodeJS.ProcessEnv): string | null {
  return publicBaseUrlWarning(env, readConfig(env).publicBaseUrl);
}

describe('PUBLIC_BASE_URL at start', () => {
  it('unset: links point at this machine, and the start-up log says so', () => {
    const env = { PORT: '3000' };
    expect(readConfig(env).publicBaseUrl).toBe('http://localhost:3000');
    expect(warningFor(env)).toBe(
      'Uyarı: PUBLIC_BASE_URL ayarlı değil; adresler http://localhost:3000 ile başlıyor ve kart bağlantıları ve QR ' +
        'kodlar başka cihazlarda (ziyaretçilerin telefonlarında) açılmaz. Herkese açık adresi PUBLIC_BASE_URL ile ' +
        'verin, örneğin PUBLIC_BASE_URL=https://kart.example.com.',
    );
  });

  it('set but empty counts as unset (an empty origin would make card links relative)', () => {
    const env = { PORT: '3001', PUBLIC_BASE_URL: '  ' };
    expect(readConfig(env).publicBaseUrl).toBe('http://localhost:3001');
    expect(warningFor(env)).toContain('PUBLIC_BASE_URL ayarlı değil');
  });

  it('set to a loopback address: warned as well', () => {
    expect(warningFor({ PUBLIC_BASE_URL: 'http://127.0.0.1:3140/' })).toContain(
      'PUBLIC_BASE_URL (http://127.0.0.1:3140) yalnızca bu makinede açılan bir adres',
    );
  });

  it('set to an address others can open: nothing to say', () => {
    expect(warningFor({ PUBLIC_BASE_URL: 'https://kart.example.com/' })).toBeNull();
    expect(readConfig({ PUBLIC_BASE_URL: 'https://kart.example.com/' }).publicBaseUrl).toBe('https://kart.example.com');
  });
});

describe('REMS_API_URL', () => {
  it('unset or empty: REMS is not available', () => {
    expect(readConfig({}).remsApiUrl).toBeNull();
    expect(readConfig({ REMS_API_URL: '' }).remsApiUrl).toBeNull();
    expect(readConfig({ REMS_API_URL: '  ' }).remsApiUrl).toBeNull();
  });

  it('set: the http(s) address, without trailing slashes, a path prefix kept', () => {
    expect(readConfig({ REMS_API_URL: 'https://rems.example.com/' }).remsApiUrl).toBe('https://rems.example.com');
    expect(readConfig({ REMS_API_URL: ' http://127.0.0.1:8080/rems ' }).remsApiUrl).toBe('http://127.0.0.1:8080/rems');
  });

  it('not an http(s) address, or one carrying credentials or a query: the service does not start', () => {
    expect(() => readConfig({ REMS_API_URL: 'rems.example.com' })).toThrow('REMS_API_URL must be an http(s) URL');
    expect(() => readConfig({ REMS_API_URL: 'ftp://rems.example.com' })).toThrow('must be an http(s) URL');
    expect(() => readConfig({ REMS_API_URL: 'https://a:b@rems.example.com' })).toThrow('user name or password');
    expect(() => readConfig({ REMS_API_URL: 'https://rems.example.com/?key=1' })).toThrow('query or a fragment');
  });
});

describe('the event store and Kafka (issue 16)', () => {
  it('unset: events in PostgreSQL, no Kafka, projections read the store', () => {
    const config = readConfig({});
    expect(config.eventStore).toEqual({ kind: 'postgres' });
    expect(config.kafka).toEqual({ brokers: [], topic: 'kartvizit.events', partitions: 6, transport: 'store' });
  });

  it('KurrentDB needs its address', () => {
    expect(
      readConfig({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://127.0.0.1:2113?tls=false' }).eventStore,
    ).toEqual({
      kind: 'kurrentdb',
      url: 'kurrentdb://127.0.0.1:2113?tls=false',
    });
    expect(() => readConfig({ EVENT_STORE: 'kurrentdb' })).toThrow('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
    expect(() => readConfig({ EVENT_STORE: 'mongo' })).toThrow('EVENT_STORE must be postgres or kurrentdb');
  });

  it('brokers are a comma-separated host:port list; EVENT_TRANSPORT=kafka needs them', () => {
    const kafka = readConfig({
      KAFKA_BROKERS: ' 127.0.0.1:9092, kafka-1.internal:9093 ,',
      KAFKA_TOPIC: 'acme.events',
      KAFKA_PARTITIONS: '12',
      EVENT_TRANSPORT: 'kafka',
    }).kafka;
    expect(kafka).toEqual({
      brokers: ['127.0.0.1:9092', 'kafka-1.internal:9093'],
      topic: 'acme.events',
      partitions: 12,
      transport: 'kafka',
    });
    expect(() => readConfig({ EVENT_TRANSPORT: 'kafka' })).toThrow('EVENT_TRANSPORT=kafka needs KAFKA_BROKERS');
    expect(() => readConfig({ EVENT_TRANSPORT: 'nats' })).toThrow('EVENT_TRANSPORT must be store or kafka');
    expect(() => readConfig({ KAFKA_BROKERS: 'http://127.0.0.1:9092' })).toThrow('KAFKA_BROKERS must list host:port');
    expect(() => readConfig({ KAFKA_TOPIC: 'kart vizit' })).toThrow('KAFKA_TOPIC is not a valid topic name');
    expect(() => readConfig({ KAFKA_PARTITIONS: '0' })).toThrow('KAFKA_PARTITIONS must be at least 1');
  });

  it('WEB_VITALS_SAMPLE_RATE is a share of page loads from 0 to 1, one in ten unless set', () => {
    expect(readConfig({}).webVitalsSampleRate).toBe(0.1);
    expect(readConfig({ WEB_VITALS_SAMPLE_RATE: '' }).webVitalsSampleRate).toBe(0.1);
    expect(readConfig({ WEB_VITALS_SAMPLE_RATE: '1' }).webVitalsSampleRate).toBe(1);
    expect(readConfig({ WEB_VITALS_SAMPLE_RATE: '0' }).webVitalsSampleRate).toBe(0);
    expect(readConfig({ WEB_VITALS_SAMPLE_RATE: ' 0.25 ' }).webVitalsSampleRate).toBe(0.25);
    for (const wrong of ['1.5', '-0.1', '%10', 'NaN'])
      expect(() => readConfig({ WEB_VITALS_SAMPLE_RATE: wrong })).toThrow(
        'WEB_VITALS_SAMPLE_RATE must be a number from 0 to 1',
      );
  });
});

describe('the operations port and readiness (issue 17)', () => {
  it('has no operations port unless METRICS_PORT is set, and then listens on loopback unless told otherwise', () => {
    expect(readConfig({}).operations).toEqual({ metricsPort: null, metricsHost: '127.0.0.1', readyMaxLagSeconds: 120 });
    expect(readConfig({ METRICS_PORT: '0' }).operations.metricsPort).toBe(0);
    expect(readConfig({ METRICS_PORT: ' 9464 ', METRICS_HOST: '0.0.0.0' }).operations).toMatchObject({
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
    });
  });

  it('refuses a METRICS_PORT that is no port, and READY_MAX_LAG_SECONDS=0 turns the lag check off', () => {
    expect(() => readConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => readConfig({ METRICS_PORT: 'yes' })).toThrow(/METRICS_PORT/);
    expect(readConfig({ READY_MAX_LAG_SECONDS: '0' }).operations.readyMaxLagSeconds).toBeNull();
    expect(readConfig({ READY_MAX_LAG_SECONDS: '30' }).operations.readyMaxLagSeconds).toBe(30);
  });
});
