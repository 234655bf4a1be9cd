/**
 * The REMS of the registration bench, as a process of its own (it answers every call 200 ms late, as a busy CRM
 * across the internet would): the fake of the tests (tests/support/fake-rems.ts), which speaks REMS's contract on
 * loopback. tests/bench/run.ts reads its address from the first IPC message, then sends it
 * `{ addKey: [key, accountId] }` and `{ count: true }` (answered with the customers it holds and the deliveries
 * they took, so a customer sent twice would show).
 */
import { startFakeRems } from '../support/fake-rems.ts';

const rems = await startFakeRems();
rems.slow(Number(process.env.REMS_LATENCY_MS ?? 200));

type Message = { readonly addKey: readonly [string, string] } | { readonly count: true };

process.on('message', (message: Message) => {
  if ('addKey' in message) {
    const [key, id] = message.addKey;
    rems.addKey(key, { id, name: `Ölçüm ofisi ${id}` });
    process.send?.({ ok: true });
    return;
  }
  const customers = rems.customers();
  process.send?.({
    customers: customers.length,
    deliveries: customers.reduce((sum, customer) => sum + customer.deliveries, 0),
  });
});
process.send?.({ url: rems.url });
process.once('SIGTERM', () => void rems.close().then(() => process.exit(0)));
