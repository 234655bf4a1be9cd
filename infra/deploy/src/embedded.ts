/**
 * The whole product in one process (npm start): command-api, projector and query-api with the
 * built web app on one port, over embedded PostgreSQL unless DATABASE_URL is set.
 */
import Fastify from 'fastify';
import { commandApi } from '@kartvizit/command-api/app';
import { readConfig } from '@kartvizit/infra/config/env';
import { registerErrorHandling } from '@kartvizit/infra/http/error-handler';
import { loggerOptions } from '@kartvizit/infra/http/logging';
import { registerOpenApi } from '@kartvizit/infra/http/openapi';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { closeOnSignals } from '@kartvizit/infra/runtime/process';
import { startProjectors } from '@kartvizit/projector/service';
import { mountWeb, queryApi } from '@kartvizit/query-api/app';

const config = readConfig();
const log = (message: string) => console.log(`[kartvizit] ${message}`);

log(config.databaseUrl ? 'PostgreSQL: DATABASE_URL' : `PostgreSQL: gömülü (${config.dataDir}/pg)`);
const runtime = await openRuntime(config, { signals: 'in-process', log });
const projectors = startProjectors({
  pool: runtime.database.pool,
  store: runtime.store,
  codec: runtime.codec,
  signals: runtime.signals,
  log,
});

const app = Fastify({ logger: loggerOptions(config.logLevel) });
registerErrorHandling(app);
await registerOpenApi(app, 'Dijital Kartvizit API');
await app.register(
  commandApi({
    pool: runtime.database.pool,
    store: runtime.store,
    codec: runtime.codec,
    appSecret: runtime.appSecret,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
  }),
);
await app.register(
  queryApi({ pool: runtime.database.pool, store: runtime.store, appSecret: runtime.appSecret, signals: runtime.signals }),
);
await mountWeb(app, config.webDistDir);
await app.listen({ port: config.port, host: config.host });
log(`Dijital Kartvizit hazır: http://localhost:${config.port}`);

closeOnSignals(async () => {
  await app.close();
  await projectors.stop();
  await runtime.close();
}, log);
