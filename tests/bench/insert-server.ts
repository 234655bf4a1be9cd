/**
 * The second baseline of the registration bench, a process of its own like command-api: a bare Fastify server that
 * stores each POST's body as one row in its own transaction (one INSERT, one commit: what "answered means stored"
 * costs at the least) on the same database, through a pool of the same size as command-api's (10). The gap between it
 * and the hello-world is the database's; the gap between it and the registrations is ours. tests/bench/run.ts passes
 * the database in BENCH_DATABASE_URL and reads the address from the first IPC message.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
await pool.query(
  'CREATE TABLE IF NOT EXISTS bench_forms (id bigint generated always as identity primary key, body jsonb not null)',
);
const app = Fastify({ logger: false });
app.post('/hello', async (request, reply) => {
  await pool.query('INSERT INTO bench_forms (body) VALUES ($1)', [JSON.stringify(request.body)]);
  return reply.code(200).send({ success: true });
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url: `${url}/hello` });
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
