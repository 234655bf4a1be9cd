import type { KafkaSettings } from '@kartvizit/infra/config/env';
import { startProcessing, type ProcessingDependencies, type ProcessingService } from '@kartvizit/infra/processing/run';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { startKafkaRelay, type RunningRelay } from '@kartvizit/infra/transport/relay';
import { PROJECTIONS } from './projections.ts';
import { productReactors } from './reactors.ts';
import { productSchedules } from './schedules.ts';
import type { Schedule } from '@kartvizit/infra/processing/schedule';

export type ProjectorService = ProcessingService;

/** Every projection of the product, and the reactors and schedules given (none by default: most tests), on one source. */
export function startProjectors(
  deps: ProcessingDependencies & { readonly reactors?: readonly Reactor[]; readonly schedules?: readonly Schedule[] },
): ProjectorService {
  return startProcessing(
    { projections: PROJECTIONS, reactors: deps.reactors ?? [], schedules: deps.schedules ?? [] },
    deps,
  );
}

export type ProjectorParts = ProcessingDependencies &
  Parameters<typeof productReactors>[0] & {
    /**
     * KAFKA_BROKERS and KAFKA_TOPIC: with brokers, this process also publishes every event to the topic (the relay,
     * decision 42). Unset (tests): no relay.
     */
    readonly relay?: KafkaSettings;
  };

export interface RunningProjector extends ProjectorService {
  readonly relay: RunningRelay | null;
}

/**
 * What follows the log in a process, composed once for both ways to run (the projector's own process, and the one
 * process of `npm start`, decision 56): every projection, every product reactor, and the Kafka relay. A feature adds
 * its projection to PROJECTIONS, its reactor to productReactors and its schedule to productSchedules; nothing else
 * changes.
 */
export function composeProjector(parts: ProjectorParts): RunningProjector {
  const processing = startProjectors({ ...parts, reactors: productReactors(parts), schedules: productSchedules(parts) });
  const relay = parts.relay
    ? startKafkaRelay(parts.relay, {
        pool: parts.pool,
        store: parts.store,
        signals: parts.signals,
        pollIntervalMs: parts.pollIntervalMs,
        log: parts.log,
      })
    : null;
  return {
    ...processing,
    relay,
    async stop() {
      await relay?.stop();
      await processing.stop();
    },
  };
}
