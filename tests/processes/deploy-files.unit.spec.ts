import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { readTrustProxy } from '@kartvizit/infra/config/env';

/**
 * No Docker engine or cluster runs here, so `docker compose config` and `kubectl apply --dry-run` cannot check the
 * deploy files. This reads them as the tools would (YAML 1.1 merge keys included) and checks that they describe what
 * tests/processes/scaled-shape.int.spec.ts runs: two of each service, the upstream ports nginx.conf names, Kafka
 * (KRaft) with the relay's settings, and EVENT_TRANSPORT=kafka on the projectors.
 */
const deploy = new URL('../../infra/deploy/', import.meta.url).pathname;
const SERVICES = ['command-api', 'query-api', 'projector'] as const;
// What the process test starts of each service.
const REPLICAS = 2;

/** The ports nginx.conf's upstreams name: `server command-api:3001;`. */
function upstreamPorts(): Record<string, number> {
  const conf = readFileSync(join(deploy, 'nginx.conf'), 'utf8');
  const ports: Record<string, number> = {};
  for (const match of conf.matchAll(/^\s*server (command-api|query-api):(\d+);$/gm)) {
    if (match[1] && match[2]) ports[match[1]] = Number(match[2]);
  }
  return ports;
}

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
  healthcheck?: { test?: string[] };
  ports?: string[];
}

/** The operations port every service container listens on (METRICS_PORT, decision 45). */
const OPERATIONS_PORT = '9464';

describe('infra/deploy/compose.yaml', () => {
  const compose = parse(readFileSync(join(deploy, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const ports = upstreamPorts();

  it('runs two of each service, each with the whole environment (merge keys are shallow)', () => {
    for (const name of SERVICES) {
      const service = compose.services[name];
      expect(service?.deploy?.replicas, name).toBe(REPLICAS);
      expect(Object.keys(service?.environment ?? {}), name).toEqual(
        expect.arrayContaining(['DATABASE_URL', 'APP_SECRET', 'BLOB_DIR', 'KAFKA_BROKERS', 'EVENT_TRANSPORT']),
      );
      expect(service?.depends_on, name).toMatchObject({
        postgres: { condition: 'service_healthy' },
        kafka: { condition: 'service_healthy' },
      });
    }
  });

  it('listens where nginx.conf sends requests', () => {
    expect(ports).toEqual({ 'command-api': 3001, 'query-api': 3002 });
    expect(compose.services['command-api']?.environment?.PORT).toBe('3001');
    expect(compose.services['query-api']?.environment?.PORT).toBe('3002');
    expect(compose.services.proxy?.volumes).toContain('./nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('has a single-node KRaft Kafka 3.9 that the services and the relay reach', () => {
    const kafka = compose.services.kafka;
    expect(kafka?.image).toMatch(/^apache\/kafka:3\.9\./);
    expect(kafka?.environment).toMatchObject({
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://kafka:9092',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    });
    for (const name of SERVICES) {
      expect(compose.services[name]?.environment?.KAFKA_BROKERS, name).toBe('kafka:9092');
    }
    expect(compose.services.projector?.environment?.EVENT_TRANSPORT).toBe('kafka');
  });

  it('asks each service /readyz on its operations port, publishes that port nowhere, and nginx waits for ready', () => {
    for (const name of SERVICES) {
      const service = compose.services[name];
      expect(service?.environment, name).toMatchObject({ METRICS_PORT: OPERATIONS_PORT, METRICS_HOST: '0.0.0.0' });
      expect(service?.healthcheck?.test?.join(' '), name).toContain(`http://127.0.0.1:${OPERATIONS_PORT}/readyz`);
      expect(service?.ports, name).toBeUndefined();
    }
    expect(compose.services.proxy?.depends_on).toEqual({
      'command-api': { condition: 'service_healthy' },
      'query-api': { condition: 'service_healthy' },
    });
  });
});

interface Probe {
  httpGet?: { path: string; port: string | number };
}

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: {
    replicas?: number;
    ports?: { port: number }[];
    template?: {
      metadata?: { annotations?: Record<string, string> };
      spec: {
        containers: {
          image: string;
          env?: { name: string; value: string }[];
          ports?: { containerPort: number; name?: string }[];
          livenessProbe?: Probe;
          readinessProbe?: Probe;
        }[];
      };
    };
  };
}

describe('infra/deploy/kubernetes/kartvizit.yaml', () => {
  const manifests = parseAllDocuments(readFileSync(join(deploy, 'kubernetes/kartvizit.yaml'), 'utf8')).map(
    (document) => document.toJS() as Manifest,
  );
  const find = (kind: string, name: string) =>
    manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  const env = (manifest: Manifest | undefined) =>
    Object.fromEntries(
      (manifest?.spec.template?.spec.containers[0]?.env ?? []).map((variable) => [variable.name, variable.value]),
    );
  const ports = upstreamPorts();

  it('runs two of each service, on Kafka, where nginx.conf sends requests', () => {
    for (const name of SERVICES) {
      const deployment = find('Deployment', name);
      expect(deployment?.spec.replicas, name).toBe(REPLICAS);
      expect(env(deployment), name).toMatchObject({ KAFKA_BROKERS: 'kafka:9092', EVENT_TRANSPORT: 'kafka' });
    }
    for (const name of ['command-api', 'query-api'] as const) {
      expect(find('Deployment', name)?.spec.template?.spec.containers[0]?.ports, name).toEqual([
        { containerPort: ports[name] },
        { name: 'metrics', containerPort: Number(OPERATIONS_PORT) },
      ]);
      expect(find('Service', name)?.spec.ports?.[0]?.port, name).toBe(ports[name]);
    }
  });

  it('probes liveness at /healthz and readiness at /readyz on the operations port, which no Service exposes', () => {
    for (const name of SERVICES) {
      const deployment = find('Deployment', name);
      const container = deployment?.spec.template?.spec.containers[0];
      expect(env(deployment), name).toMatchObject({ METRICS_PORT: OPERATIONS_PORT, METRICS_HOST: '0.0.0.0' });
      expect(container?.ports, name).toContainEqual({ name: 'metrics', containerPort: Number(OPERATIONS_PORT) });
      expect(container?.livenessProbe?.httpGet, name).toEqual({ path: '/healthz', port: 'metrics' });
      expect(container?.readinessProbe?.httpGet, name).toEqual({ path: '/readyz', port: 'metrics' });
      expect(deployment?.spec.template?.metadata?.annotations, name).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': OPERATIONS_PORT,
        'prometheus.io/path': '/metrics',
      });
      expect(find('Service', name)?.spec.ports?.map((port) => port.port) ?? [], name).not.toContain(
        Number(OPERATIONS_PORT),
      );
    }
  });

  it('has a single-node KRaft Kafka 3.9 behind the service the brokers list names, and nginx in front', () => {
    const kafka = find('StatefulSet', 'kafka');
    expect(kafka?.spec.template?.spec.containers[0]?.image).toMatch(/^apache\/kafka:3\.9\./);
    expect(env(kafka)).toMatchObject({
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    });
    expect(find('Service', 'kafka')?.spec.ports?.[0]?.port).toBe(9092);
    expect(find('Deployment', 'proxy')?.spec.template?.spec.containers[0]?.image).toMatch(/^nginx:/);
  });
});

describe('the client address behind the shipped nginx (decision 50)', () => {
  const conf = readFileSync(join(deploy, 'nginx.conf'), 'utf8');

  it('nginx sets X-Forwarded-For to the address it saw, never appending to what the client sent', () => {
    const forwarded = [...conf.matchAll(/^\s*proxy_set_header X-Forwarded-For (\S+);$/gm)].map((match) => match[1]);
    expect(forwarded.length).toBeGreaterThan(0);
    expect(new Set(forwarded)).toEqual(new Set(['$remote_addr']));
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('the services trust exactly that one hop, in compose and in Kubernetes, and TRUST_PROXY reads it so', () => {
    const compose = parse(readFileSync(join(deploy, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const manifests = parseAllDocuments(readFileSync(join(deploy, 'kubernetes/kartvizit.yaml'), 'utf8')).map(
      (document) => document.toJS() as Manifest,
    );
    for (const name of ['command-api', 'query-api'] as const) {
      const composed = compose.services[name]?.environment?.TRUST_PROXY;
      const deployment = manifests.find(
        (manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === name,
      );
      const kubernetes = deployment?.spec.template?.spec.containers[0]?.env?.find(
        (variable) => variable.name === 'TRUST_PROXY',
      )?.value;
      for (const value of [composed, kubernetes]) {
        expect(value, name).toBe('1');
        expect(readTrustProxy({ TRUST_PROXY: value })).toBe(1);
      }
    }
  });
});
