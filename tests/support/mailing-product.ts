import { createMailer } from '@kartvizit/infra/mail/mailer';
import { startTestProduct, type TestProduct } from './product.ts';

/** Waits (polling every 25 ms, at most 30 s) until `condition` holds; `what` names it when it never does. */
export async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached in 30 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The whole product with its e-mail reactors sending over SMTP to `smtpUrl` (a real server on loopback, or a
 * port nothing answers on). Resolves once every reactor has looked at the log: a new reactor starts at the
 * log's head, so only what a test does afterwards is reacted to. `close()` stops the product and the mailer.
 */
export async function startMailingProduct(
  smtpUrl: string,
  /** Anything the test product takes (clocks, GeoIP, the log) but the mailer, which this makes. */
  options: Omit<NonNullable<Parameters<typeof startTestProduct>[0]>, 'mailer'> = {},
): Promise<TestProduct> {
  const mailer = createMailer({
    smtpUrl,
    from: 'Dijital Kartvizit <bildirim@kart.example.test>',
    mailDir: '/nonexistent',
    messageIdHost: 'kart.example.test',
  });
  const product = await startTestProduct({ mailer, projectorPollIntervalMs: 100, ...options });
  await until(
    async () =>
      (await product.pool.query('SELECT 1 FROM reactor_checkpoints')).rowCount ===
      product.product.projectors.reactors.length,
    'the reactors started',
  );
  return {
    ...product,
    async close() {
      await product.close();
      mailer.close();
    },
  };
}

/**
 * An owner's e-mail address as the accounts read model has it, once it has it: the read model may lag behind the
 * registration (events held back by another test run's open transaction).
 */
export async function projectedEmail(product: TestProduct, userId: string): Promise<string> {
  let email = '';
  await until(async () => {
    const { rows } = await product.pool.query<{ email: string }>('SELECT email FROM rm_accounts WHERE user_id = $1', [
      userId,
    ]);
    email = rows[0]?.email ?? '';
    return email !== '';
  }, `the account ${userId} in rm_accounts`);
  return email;
}
