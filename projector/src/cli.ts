/**
 * Projection maintenance for operators and analysts:
 *   npm run projector -- status             where each projection stands against the log's head
 *   npm run projector -- rebuild <name|all> replay history into fresh tables, then switch (blue/green)
 * Uses DATABASE_URL, or the embedded database in DATA_DIR when the product is not running.
 */
import { readConfig } from '@kartvizit/infra/config/env';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { rebuildProjection } from './core/rebuild.ts';
import { PROJECTIONS, findProjection } from './projections.ts';

const [command, target] = process.argv.slice(2);
const usage = 'Kullanım: npm run projector -- status | rebuild <projeksiyon adı | all>';

if (command !== 'status' && command !== 'rebuild') {
  console.error(usage);
  process.exit(2);
}
if (command === 'rebuild' && !target) {
  console.error(`${usage}\nProjeksiyonlar: ${PROJECTIONS.map((projection) => projection.name).join(', ')}`);
  process.exit(2);
}

const log = (message: string) => console.log(message);
const runtime = await openRuntime(readConfig(), { signals: 'postgres', log });
try {
  if (command === 'status') {
    const head = await runtime.store.headCheckpoint();
    const rows = await runtime.database.pool.query<{ name: string; checkpoint: Checkpoint | null; version: number; generation: number; updated_at: Date }>(
      'SELECT name, checkpoint, version, generation, updated_at FROM projection_checkpoints ORDER BY name',
    );
    console.log(`Olay günlüğünün başı: ${head ?? '(boş)'}`);
    for (const projection of PROJECTIONS) {
      const row = rows.rows.find((candidate) => candidate.name === projection.name);
      const state = !row
        ? 'henüz kurulmadı'
        : row.version !== projection.version
          ? `sürüm ${row.version} → ${projection.version}: yeniden kurulmayı bekliyor`
          : compareCheckpoints(row.checkpoint, head) >= 0
            ? 'güncel'
            : 'geride';
      console.log(`${projection.name.padEnd(20)} nesil ${row?.generation ?? '-'}  konum ${row?.checkpoint ?? '-'}  ${state}`);
    }
  } else {
    const selected = target === 'all' ? PROJECTIONS : [findProjection(target ?? '')].filter((projection) => projection !== undefined);
    if (selected.length === 0) {
      console.error(`Bilinmeyen projeksiyon: ${target}. Projeksiyonlar: ${PROJECTIONS.map((projection) => projection.name).join(', ')}`);
      process.exitCode = 2;
    }
    for (const projection of selected) {
      const started = Date.now();
      const result = await rebuildProjection(
        { pool: runtime.database.pool, store: runtime.store, codec: runtime.codec, log },
        projection,
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(`${projection.name}: ${result.events} olay, ${seconds.toFixed(1)} sn, nesil ${result.generation} yayında`);
    }
  }
} finally {
  await runtime.close();
}
