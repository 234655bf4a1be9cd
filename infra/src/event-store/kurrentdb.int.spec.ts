import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { describe } from 'vitest';
import { describeEventStoreContract } from './contract.ts';
import { createEventStore } from './create.ts';

/**
 * The event store contract against a real KurrentDB (25.1+: multi-stream appends):
 * - KURRENTDB_URL set: that server (shared: the contract names its streams and types per test);
 * - else a reachable Docker engine: the official image in insecure, in-memory mode through testcontainers;
 * - else skipped, saying why in the title. No KurrentDB can be installed without Docker (decision 0041).
 */
const IMAGE = process.env.KURRENTDB_IMAGE?.trim() || 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1';
const HTTP_PORT = 2113;

const url = process.env.KURRENTDB_URL?.trim() || null;
const docker = url === null && (await dockerReachable());
const skipped = url === null && !docker;

const title = skipped
  ? 'KurrentDB contract (skipped: no KURRENTDB_URL and no Docker engine)'
  : `KurrentDB contract (${url === null ? IMAGE : 'KURRENTDB_URL'})`;

describe.skipIf(skipped)(title, () => {
  describeEventStoreContract('KurrentDbEventStore', async ({ onAppended }) => {
    const server = url === null ? await startContainer() : { url, stop: async () => undefined };
    // Read models stay in PostgreSQL; the KurrentDB store needs no pool.
    const store = await createEventStore({ kind: 'kurrentdb', url: server.url }, { onAppended });
    return { store, cleanup: server.stop };
  });
});

async function startContainer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_MEM_DB: 'true',
      KURRENTDB_RUN_PROJECTIONS: 'None',
      KURRENTDB_CLUSTER_SIZE: '1',
      // The contract appends 5,000 events (and their id markers) at once, as the telemetry group commit may: past the
      // default 1 MiB per append (decision 0041).
      KURRENTDB_MAX_APPEND_SIZE: String(16 * 1024 * 1024),
    })
    .withExposedPorts(HTTP_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

/** A Docker engine answers /_ping on DOCKER_HOST's socket or the default one. */
function dockerReachable(): Promise<boolean> {
  const host = process.env.DOCKER_HOST?.trim();
  const options =
    host && host.startsWith('tcp://')
      ? (() => {
          const address = new URL(host.replace('tcp://', 'http://'));
          return { host: address.hostname, port: Number(address.port || 2375) };
        })()
      : { socketPath: host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock' };
  if ('socketPath' in options && !existsSync(options.socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const ping = request({ ...options, path: '/_ping', method: 'GET', timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    ping.on('timeout', () => ping.destroy());
    ping.on('error', () => resolve(false));
    ping.end();
  });
}
