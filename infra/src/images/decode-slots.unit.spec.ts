import { describe, expect, it } from 'vitest';
import { DecodeSlots, ImageBusyError } from './process.ts';

/** The bound on decodes at once (issue 28 item 13): first come first served, and a bounded wait. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('DecodeSlots', () => {
  it('given one slot, runs a second decode only when the first has finished, in order', async () => {
    const slots = new DecodeSlots(1, 60_000);
    const first = gate();
    const order: string[] = [];
    const a = slots.run(async () => {
      order.push('a starts');
      await first.opened;
      order.push('a ends');
    });
    const b = slots.run(async () => {
      order.push('b starts');
    });
    await Promise.resolve();
    expect(order).toEqual(['a starts']);
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a starts', 'a ends', 'b starts']);
  });

  it('given a decode that holds the slot, a waiting one is refused as busy after the wait, and the slot still works', async () => {
    const slots = new DecodeSlots(1, 20);
    const first = gate();
    const holding = slots.run(() => first.opened);
    let ran = false;
    await expect(
      slots.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(ImageBusyError);
    expect(ran).toBe(false);
    first.open();
    await holding;
    await expect(slots.run(() => Promise.resolve('sonra'))).resolves.toBe('sonra');
  });

  it('a failing decode gives its slot back', async () => {
    const slots = new DecodeSlots(1, 60_000);
    await expect(slots.run(() => Promise.reject(new Error('bozuk')))).rejects.toThrow('bozuk');
    await expect(slots.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
