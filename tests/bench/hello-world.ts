/**
 * The baseline of the ingestion bench, as a process of its own like the command-api it is compared with: a bare
 * Fastify server answering 204 to `POST /hello`, the same request the beacons are. Started by tests/bench/run.ts,
 * which reads its address from the first IPC message. `--shape scaled` puts it behind nginx in command-api's place:
 * there it answers the beacon's own path.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/hello', async (_request, reply) => reply.code(204).send());
app.post('/api/telemetry/visit', async (_request, reply) => reply.code(204).send());
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url: `${url}/hello` });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
