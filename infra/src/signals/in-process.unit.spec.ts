import { describeSignalBusContract } from './contract.ts';
import { createSignalBus } from './create.ts';

// One process: the publisher and the listener are the same bus.
describeSignalBusContract('InProcessSignalBus', async () => {
  const bus = createSignalBus({ kind: 'in-process' });
  return { publisher: bus, listener: bus, listening: async () => undefined, cleanup: () => bus.close() };
});
