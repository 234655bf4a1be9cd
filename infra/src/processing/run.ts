import type { EventCodec } from '../vault/event-codec.ts';
import type { SignalBus } from '../signals/types.ts';
import type { EventTransport } from '../transport/types.ts';
import { KafkaSource } from './kafka-source.ts';
import { SharedLockSession } from './lock-session.ts';
import type { Projection } from './projection.ts';
import { ProjectionWork } from './projection-work.ts';
import type { ProjectionDependencies } from './rebuild.ts';
import type { Reactor } from './reactor.ts';
import { ReactorWork } from './reactor-work.ts';
import { ScheduleRunner, type Schedule } from './schedule.ts';
import { StoreSource } from './store-source.ts';
import type { Work } from './work.ts';

/**
 * Where the processed events come from: the event store (the default; LISTEN/NOTIFY or in-process wake-ups with a
 * fallback poll) or the relay's Kafka topic, a consumer group per projection or reactor (EVENT_TRANSPORT=kafka,
 * decision 42). A projection or a reactor is declared once and runs unchanged on either.
 */
export interface KafkaTopic {
  readonly transport: EventTransport;
  /** The topic the relay publishes the log to (KAFKA_TOPIC). */
  readonly topic: string;
}

export interface ProcessingDependencies extends ProjectionDependencies {
  readonly codec: EventCodec;
  readonly signals?: SignalBus;
  /** The fallback poll (a lost wake-up costs at most one interval) and the standby's retry interval. */
  readonly pollIntervalMs?: number;
  /** Unset: the event store is the source. */
  readonly kafka?: KafkaTopic;
  /** Now, for the schedules' deadlines (tests move it); default the system's. */
  readonly clock?: () => Date;
}

export type Source = StoreSource | KafkaSource;

export interface ProcessingService {
  readonly runners: readonly Source[];
  readonly reactors: readonly Source[];
  /** Reactions driven by time (schedule.ts), whatever the source. */
  readonly schedules: readonly ScheduleRunner[];
  /** Brings every projection up to the head of the store (start-up and tests). */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the projections and the reactors of a process on its source. Every lock of the process shares one
 * connection (decision 25): a projection or a reactor costs none of its own between rounds (the projections since a
 * pool of ten ran out with seven of them, see projection-work.ts).
 */
export function startProcessing(
  work: {
    readonly projections: readonly Projection[];
    readonly reactors: readonly Reactor[];
    readonly schedules?: readonly Schedule[];
  },
  deps: ProcessingDependencies,
): ProcessingService {
  const lockSession = new SharedLockSession(deps.pool);
  const { kafka } = deps;
  const source = (what: Work): Source =>
    kafka ? new KafkaSource(what, { ...deps, ...kafka, lockSession }) : new StoreSource(what, { ...deps, lockSession });
  const runners = work.projections.map((projection) => source(new ProjectionWork(projection, deps)));
  const reactors = work.reactors.map((reactor) => source(new ReactorWork(reactor, deps)));
  // A schedule reads only PostgreSQL: the same on either source.
  const schedules = (work.schedules ?? []).map((schedule) => new ScheduleRunner(schedule, { ...deps, lockSession }));
  for (const runner of [...runners, ...reactors, ...schedules]) runner.start();
  return {
    runners,
    reactors,
    schedules,
    async catchUp() {
      for (const runner of runners) await runner.catchUp();
    },
    async stop() {
      await Promise.all([...runners, ...reactors, ...schedules].map((runner) => runner.stop()));
      await lockSession.close();
    },
  };
}
