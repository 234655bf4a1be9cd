import { firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { InProcessSignalBus } from './in-process.ts';

describe('InProcessSignalBus', () => {
  it('given two subscribers, when a signal is published, then both receive its payload, and only on that channel', async () => {
    const bus = new InProcessSignalBus();
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    bus.on('projection_advanced').subscribe((payload) => first.push(payload));
    bus.on('projection_advanced').subscribe((payload) => second.push(payload));
    bus.on('events_appended').subscribe((payload) => other.push(payload));

    await bus.publish('projection_advanced', 'cards 12:34');
    await bus.publish('projection_advanced');

    expect(first).toEqual(['cards 12:34', '']);
    expect(second).toEqual(['cards 12:34', '']);
    expect(other).toEqual([]);
  });

  it('given a signal published before anyone subscribed, when a reader subscribes later, then it is not replayed', async () => {
    const bus = new InProcessSignalBus();
    await bus.publish('events_appended', 'early');
    const received: string[] = [];

    bus.on('events_appended').subscribe((payload) => received.push(payload));
    await bus.publish('events_appended', 'late');

    expect(received).toEqual(['late']);
  });

  it('given subscribers, when the bus closes, then their streams complete; later subscriptions complete at once and publishing is a no-op', async () => {
    const bus = new InProcessSignalBus();
    const collected = firstValueFrom(bus.on('events_appended').pipe(toArray()));
    await bus.publish('events_appended', 'a');

    await bus.close();

    expect(await collected).toEqual(['a']);
    expect(await firstValueFrom(bus.on('events_appended').pipe(toArray()))).toEqual([]);
    await expect(bus.publish('events_appended', 'b')).resolves.toBeUndefined();
  });
});
