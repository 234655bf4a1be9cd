import type { SignalBus } from '@kartvizit/infra/signals/types';
import { ReactorRunner, type Reactor } from '@kartvizit/infra/processing/reactor';
import { KafkaReactorRunner } from '@kartvizit/infra/processing/kafka-reactor';
import { SharedLockSession } from '@kartvizit/infra/processing/lock-session';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PROJECTIONS } from './projections.ts';
import { ProjectionRunner } from './core/runner.ts';
import { KafkaProjectionRunner, type KafkaRunnerOptions } from './core/kafka-runner.ts';
import type { ProjectionDependencies } from './core/rebuild.ts';

export interface ProjectorService {
  readonly runners: readonly (ProjectionRunner | KafkaProjectionRunner)[];
  /** The features' reactors (issue 13 on), run by the same process as the projections. */
  readonly reactors: readonly (ReactorRunner | KafkaReactorRunner)[];
  /** Brings every projection up to the head of the store (start-up and tests). */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
}

export function startProjectors(
  deps: ProjectionDependencies & {
    readonly signals?: SignalBus;
    readonly pollIntervalMs?: number;
    readonly codec: EventCodec;
    readonly reactors?: readonly Reactor[];
    /**
     * EVENT_TRANSPORT=kafka (issue 16): the projections and the reactors consume the relay's topic through this
     * transport instead of reading the store (decision 42).
     */
    readonly kafka?: Pick<KafkaRunnerOptions, 'transport' | 'topic'>;
  },
): ProjectorService {
  // Every lock of the process shares one connection: a projection or a reactor costs none of its own between rounds
  // (decision 25; the projections since a pool of ten ran out with seven of them, see core/runner.ts).
  const lockSession = new SharedLockSession(deps.pool);
  const { kafka } = deps;
  const runners = PROJECTIONS.map((projection) =>
    kafka
      ? new KafkaProjectionRunner(projection, { ...deps, ...kafka })
      : new ProjectionRunner(projection, { ...deps, lockSession }),
  );
  const reactors = (deps.reactors ?? []).map((reactor) =>
    kafka
      ? new KafkaReactorRunner(reactor, { ...deps, ...kafka, lockSession })
      : new ReactorRunner(reactor, { ...deps, lockSession }),
  );
  for (const runner of [...runners, ...reactors]) runner.start();
  return {
    runners,
    reactors,
    async catchUp() {
      for (const runner of runners) await runner.catchUp();
    },
    async stop() {
      await Promise.all([...runners, ...reactors].map((runner) => runner.stop()));
      await lockSession.close();
    },
  };
}
