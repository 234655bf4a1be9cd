import type { SignalBus } from '@kartvizit/infra/signals/types';
import { PROJECTIONS } from './projections.ts';
import { ProjectionRunner } from './core/runner.ts';
import type { ProjectionDependencies } from './core/rebuild.ts';

export interface ProjectorService {
  readonly runners: readonly ProjectionRunner[];
  /** Brings every projection up to the head of the store (start-up and tests). */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
}

export function startProjectors(
  deps: ProjectionDependencies & { readonly signals?: SignalBus; readonly pollIntervalMs?: number },
): ProjectorService {
  const runners = PROJECTIONS.map((projection) => new ProjectionRunner(projection, deps));
  for (const runner of runners) runner.start();
  return {
    runners,
    async catchUp() {
      for (const runner of runners) await runner.catchUp();
    },
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
