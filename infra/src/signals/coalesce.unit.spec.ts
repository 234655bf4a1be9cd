import { describe, expect, it } from 'vitest';
import { coalescedPublisher } from './coalesce.ts';

/** A publish whose completion the test controls. */
function controlledPublish() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const publish = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { calls, publish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedPublisher', () => {
  it('given a publish in flight, when a thousand appends signal meanwhile, then exactly one more publish follows it', async () => {
    const { calls, publish } = controlledPublish();
    const signal = coalescedPublisher(publish, () => undefined);

    signal();
    for (let i = 0; i < 1_000; i += 1) signal();
    expect(calls).toHaveLength(1);

    calls[0]?.resolve();
    await settle();
    expect(calls).toHaveLength(2);

    calls[1]?.resolve();
    await settle();
    expect(calls).toHaveLength(2);
  });

  it('given nothing in flight, when signals come one after another, then each publishes', async () => {
    const { calls, publish } = controlledPublish();
    const signal = coalescedPublisher(publish, () => undefined);

    for (let i = 0; i < 3; i += 1) {
      signal();
      calls[i]?.resolve();
      await settle();
    }

    expect(calls).toHaveLength(3);
  });

  it('given a publish that fails or throws, when signalled, then the error is reported and the next signal publishes again', async () => {
    const errors: unknown[] = [];
    let attempts = 0;
    const signal = coalescedPublisher(
      () => {
        attempts += 1;
        if (attempts === 1) throw new Error('thrown');
        if (attempts === 2) return Promise.reject(new Error('rejected'));
        return Promise.resolve();
      },
      (error) => errors.push(error),
    );

    signal();
    await settle();
    signal();
    await settle();
    signal();
    await settle();

    expect(errors.map((error) => (error instanceof Error ? error.message : error))).toEqual(['thrown', 'rejected']);
    expect(attempts).toBe(3);
  });
});
