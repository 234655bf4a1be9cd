import { join } from 'node:path';
import { LocalDiskBlobStore } from '../blob/local-disk.ts';
import type { BlobStore } from '../blob/types.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { loadAppSecret } from '../config/secrets.ts';
import type { ServiceConfig } from '../config/env.ts';
import { createEventStore } from '../event-store/create.ts';
import type { EventStore } from '../event-store/types.ts';
import { createSignalBus, wakeReaders } from '../signals/create.ts';
import type { SignalBus } from '../signals/types.ts';
import { codecFromAppSecret, type EventCodec } from '../vault/event-codec.ts';
import type { ServiceMetrics } from '../metrics/registry.ts';

/** The shared parts every service process is built from. */
export interface Runtime {
  readonly config: ServiceConfig;
  readonly database: Database;
  readonly store: EventStore;
  readonly signals: SignalBus;
  readonly appSecret: Buffer;
  readonly codec: EventCodec;
  /** Uploaded files; local disk under config.blobDir. */
  readonly blobs: BlobStore;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /**
   * 'in-process': one process runs everything (embedded); wake-ups travel through an RxJS Subject.
   * 'postgres': services run as separate processes; wake-ups travel through LISTEN/NOTIFY.
   */
  readonly signals: 'in-process' | 'postgres';
  readonly log?: (message: string) => void;
  /** The process's /metrics registry: the store's appends and the pool's use are measured into it. */
  readonly metrics?: ServiceMetrics;
}

export async function openRuntime(config: ServiceConfig, options: RuntimeOptions): Promise<Runtime> {
  // The embedded cluster gets a folder of its own: initdb wants it to itself.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pg'),
    log: options.log,
  });
  const signals: SignalBus = createSignalBus(
    options.signals === 'in-process'
      ? { kind: 'in-process' }
      : { kind: 'postgres', connectionString: database.url, pool: database.pool, log: options.log },
  );
  // Every committed append wakes readers through the bus, in this process (Subject) or in others (NOTIFY), whichever
  // store holds the events; coalesced, so a flood of beacons is a handful of publishes.
  const store = await createEventStore(config.eventStore, {
    pool: database.pool,
    onAppended: wakeReaders(signals, options.log),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  options.metrics?.watchPool('main', database.pool);
  const appSecret = await loadAppSecret({ envValue: config.appSecret, dataDir: config.dataDir });
  const codec = codecFromAppSecret(database.pool, appSecret);
  return {
    config,
    database,
    store,
    signals,
    appSecret,
    codec,
    blobs: new LocalDiskBlobStore(config.blobDir),
    async close() {
      await signals.close();
      await store.close();
      await database.close();
    },
  };
}
