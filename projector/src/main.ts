import { readConfig } from '@kartvizit/infra/config/env';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { closeOnSignals, requireDatabaseUrl } from '@kartvizit/infra/runtime/process';
import { startProjectors } from './service.ts';

const config = readConfig(process.env);
requireDatabaseUrl('projector', config.databaseUrl);
const log = (message: string) => console.log(`[projector] ${message}`);
const runtime = await openRuntime(config, { signals: 'postgres', log });
const projectors = startProjectors({
  pool: runtime.database.pool,
  store: runtime.store,
  codec: runtime.codec,
  signals: runtime.signals,
  pollIntervalMs: config.projectorPollIntervalMs,
  log,
});
log(`running ${projectors.runners.map((runner) => runner.name).join(', ')}`);
closeOnSignals(async () => {
  await projectors.stop();
  await runtime.close();
}, log);
