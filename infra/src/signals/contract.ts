import { firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { SignalBus } from './types.ts';

/**
 * Two ends of one bus: `publisher` in the writer's process, `listener` in a reader's (the same instance in one
 * process). `listening()` resolves once every channel the listener was asked for so far is live: signals are not
 * stored, so one published before that may be lost, and a reader's polling fallback covers it.
 */
export interface SignalBusUnderTest {
  readonly publisher: SignalBus;
  readonly listener: SignalBus;
  readonly listening: () => Promise<void>;
  readonly cleanup: () => Promise<void>;
}

/**
 * What every SignalBus promises (types.ts), run against each: InProcessSignalBus (in-process.unit.spec.ts) and
 * PostgresSignalBus, two buses on one database (postgres.int.spec.ts). Each test gets a fresh pair.
 */
export function describeSignalBusContract(name: string, factory: () => Promise<SignalBusUnderTest>): void {
  describe(`${name}: the signal bus contract`, () => {
    async function withBus(test: (bus: SignalBusUnderTest) => Promise<void>): Promise<void> {
      const bus = await factory();
      try {
        await test(bus);
      } finally {
        await bus.cleanup();
      }
    }

    it('given a listener, when a signal is published, then its payload arrives intact; no payload arrives as ""', () =>
      withBus(async ({ publisher, listener, listening }) => {
        const received = firstValueFrom(listener.on('projection_advanced').pipe(toArray()));
        const two = new Promise<void>((resolve) => {
          let count = 0;
          listener.on('projection_advanced').subscribe(() => {
            count += 1;
            if (count === 2) resolve();
          });
        });
        await listening();

        await publisher.publish('projection_advanced', 'statistics 812:4711 ayşe,çağrı');
        await publisher.publish('projection_advanced');
        await two;
        await listener.close();

        expect(await received).toEqual(['statistics 812:4711 ayşe,çağrı', '']);
      }));

    it('given listeners on two channels, when one channel is signalled, then only its listeners hear it, every one of them', () =>
      withBus(async ({ publisher, listener, listening }) => {
        const first: string[] = [];
        const second: string[] = [];
        const other: string[] = [];
        listener.on('events_appended').subscribe((payload) => first.push(payload));
        const secondHeard = firstValueFrom(listener.on('events_appended'));
        listener.on('events_appended').subscribe((payload) => second.push(payload));
        listener.on('projection_advanced').subscribe((payload) => other.push(payload));
        await listening();

        await publisher.publish('events_appended', 'a');
        await secondHeard;

        expect(first).toEqual(['a']);
        expect(second).toEqual(['a']);
        expect(other).toEqual([]);
      }));

    it('given a signal published before anyone listened, when a reader listens later, then it is not replayed', () =>
      withBus(async ({ publisher, listener, listening }) => {
        await publisher.publish('events_appended', 'early');
        const received = firstValueFrom(listener.on('events_appended'));
        await listening();

        await publisher.publish('events_appended', 'late');

        expect(await received).toBe('late');
      }));

    it('given subscribers, when the bus closes, then their streams complete; later subscriptions complete at once and publishing is a no-op', () =>
      withBus(async ({ publisher, listener, listening }) => {
        const all = firstValueFrom(listener.on('events_appended').pipe(toArray()));
        await listening();

        await listener.close();
        await publisher.close();

        expect(await all).toEqual([]);
        expect(await firstValueFrom(listener.on('events_appended').pipe(toArray()))).toEqual([]);
        await expect(publisher.publish('events_appended', 'after')).resolves.toBeUndefined();
      }));
  });
}
