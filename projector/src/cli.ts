/**
 * Projection maintenance for operators and analysts:
 *   npm run projector -- status             where each projection stands against the log's head
 *   npm run projector -- rebuild <name|all> replay history into fresh tables, then switch (blue/green)
 *   npm run projector -- export [--type CardVisited,ContactClicked] [--owner <uuid>]
 *                               [--from 2026-01-01] [--to 2026-02-01] [--out file.ndjson] [--include-personal]
 *                                           decoded events as NDJSON in global order (core/export.ts);
 *                                           to stdout use `npm run -s` (npm prints its own header otherwise)
 *   npm run projector -- vitals [--days 28]  Core Web Vitals of sampled page loads: p75 per page type, device
 *                                           class and metric over the last days (today included), with the sample count
 *   npm run projector -- reactors           reactions waiting for a retry or given up on (dead letters)
 *   npm run projector -- reactors:retry <reactor> <eventId>
 *                                           asks a reactor to try a dead-lettered event again
 * Uses DATABASE_URL, or the embedded database in DATA_DIR when the product is not running.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { EVENT_TYPES, isDomainEventType, type DomainEventType } from '@kartvizit/schemas';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import { readConfig } from '@kartvizit/infra/config/env';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { deliveryProblems, requestRetry } from '@kartvizit/infra/processing/delivery-operations';
import { openRuntime } from '@kartvizit/infra/runtime/open-runtime';
import { webVitalsP75 } from '@kartvizit/infra/read-models/web-vitals';
import { exportEvents, parseExportTime, type ExportFilter } from './core/export.ts';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { formatVitalsTable } from './vitals/vitals-table.ts';
import { PROJECTIONS, findProjection } from './projections.ts';

const usage = [
  'Kullanım: npm run projector -- status | rebuild <projeksiyon adı | all>',
  '          npm run projector -- export [--type Tür1,Tür2] [--owner <uuid>] [--from YYYY-AA-GG] [--to YYYY-AA-GG]',
  '                                      [--out dosya.ndjson] [--include-personal]',
  '          npm run projector -- reactors | reactors:retry <tepki verici> <olay kimliği>',
  '          npm run projector -- vitals [--days 28]',
].join('\n');

function fail(message: string): never {
  console.error(message === '' ? usage : `${message}\n${usage}`);
  process.exit(2);
}

function parseCommandLine() {
  return parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: true,
    options: {
      type: { type: 'string' },
      owner: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      out: { type: 'string' },
      'include-personal': { type: 'boolean', default: false },
      days: { type: 'string' },
    },
  });
}
const parsed = (() => {
  try {
    return parseCommandLine();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
const [command, target] = parsed.positionals;

if (!['status', 'rebuild', 'export', 'reactors', 'reactors:retry', 'vitals'].includes(command ?? '')) fail('');
const retryEventId = parsed.positionals[2];
if (command === 'reactors:retry' && (!target || !retryEventId)) fail('Tepki verici adı ve olay kimliği gerekli');
if (command === 'rebuild' && !target)
  fail(`Projeksiyonlar: ${PROJECTIONS.map((projection) => projection.name).join(', ')}`);

/** The export's filter from the options; refuses what it cannot honour before touching the database. */
function exportFilter(values: typeof parsed.values): ExportFilter {
  let types: Set<DomainEventType> | null = null;
  if (values.type !== undefined) {
    types = new Set();
    for (const name of values.type
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')) {
      if (!isDomainEventType(name))
        fail(`Bilinmeyen olay türü: ${name}. Türler: ${Object.keys(EVENT_TYPES).join(', ')}`);
      types.add(name);
    }
    if (types.size === 0) fail('--type boş olamaz');
  }
  const owner = values.owner?.toLowerCase() ?? null;
  if (owner !== null && !UUID_PATTERN.test(owner))
    fail(`Geçersiz sahip kimliği: ${values.owner}`);
  const time = (name: 'from' | 'to'): Date | null => {
    const value = values[name];
    if (value === undefined) return null;
    return (
      parseExportTime(value) ??
      fail(`Geçersiz --${name}: ${value} (YYYY-AA-GG, İstanbul gece yarısı, ya da saat dilimli ISO zamanı)`)
    );
  };
  const from = time('from');
  const to = time('to');
  if (from && to && from >= to) fail('--from, --to tarihinden önce olmalı');
  return { types, ownerId: owner, from, to, includePersonal: values['include-personal'] ?? false };
}

/** --days: how many Istanbul days the vitals cover, today included (default 28, CrUX's window). */
function vitalsDays(value: string | undefined): number {
  if (value === undefined) return 28;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 3660)
    fail(`Geçersiz --days: ${value} (1 ile 3660 arasında tam sayı)`);
  return days;
}

const filter = command === 'export' ? exportFilter(parsed.values) : null;
const days = command === 'vitals' ? vitalsDays(parsed.values.days) : 0;
// The export's NDJSON may go to stdout: everything else is said on stderr there.
const log = (message: string) => (command === 'export' ? console.error(message) : console.log(message));
const runtime = await openRuntime(readConfig(), { signals: 'postgres', log });
try {
  if (command === 'status') {
    const head = await runtime.store.headCheckpoint();
    const rows = await runtime.database.pool.query<{
      name: string;
      checkpoint: Checkpoint | null;
      version: number;
      generation: number;
      updated_at: Date;
    }>('SELECT name, checkpoint, version, generation, updated_at FROM projection_checkpoints ORDER BY name');
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
      console.log(
        `${projection.name.padEnd(20)} nesil ${row?.generation ?? '-'}  konum ${row?.checkpoint ?? '-'}  ${state}`,
      );
    }
  } else if (command === 'reactors') {
    const problems = await deliveryProblems(runtime.database.pool);
    if (problems.length === 0) console.log('Bekleyen ya da bırakılmış tepki yok.');
    for (const problem of problems) {
      const state =
        problem.state === 'dead'
          ? 'bırakıldı'
          : problem.state === 'parked'
            ? 'sırada (önündeki olayı bekliyor)'
            : `yeniden denenecek ${problem.nextAttemptAt?.toISOString() ?? ''}`;
      console.log(
        `${problem.reactor}  ${problem.eventType} ${problem.eventId}  ${problem.attempts} deneme  ${state}  ${problem.lastError}`,
      );
    }
  } else if (command === 'vitals') {
    const since = new Date(Date.now() - (days - 1) * 86_400_000);
    console.log(formatVitalsTable(await webVitalsP75(runtime.database.pool, since), days));
  } else if (command === 'reactors:retry' && target && retryEventId) {
    const asked = await requestRetry(
      { pool: runtime.database.pool, store: runtime.store, codec: runtime.codec },
      target,
      retryEventId,
    );
    if (asked) console.log(`${target}: ${retryEventId} yeniden denenecek.`);
    else {
      console.error(`${target} için bırakılmış ${retryEventId} olayı yok.`);
      process.exitCode = 2;
    }
  } else if (command === 'export' && filter) {
    const started = Date.now();
    const out: Writable = parsed.values.out ? createWriteStream(parsed.values.out, { flags: 'w' }) : process.stdout;
    const written = await exportEvents({ store: runtime.store, codec: runtime.codec }, filter, out);
    if (out !== process.stdout) {
      out.end();
      await finished(out);
    }
    const seconds = (Date.now() - started) / 1000;
    log(
      `${written} olay dışa aktarıldı (${seconds.toFixed(1)} sn)${filter.includePersonal ? ', kişisel alanlarla' : ''}`,
    );
  } else {
    const selected =
      target === 'all' ? PROJECTIONS : [findProjection(target ?? '')].filter((projection) => projection !== undefined);
    if (selected.length === 0) {
      console.error(
        `Bilinmeyen projeksiyon: ${target}. Projeksiyonlar: ${PROJECTIONS.map((projection) => projection.name).join(', ')}`,
      );
      process.exitCode = 2;
    }
    for (const projection of selected) {
      const started = Date.now();
      const result = await rebuildProjection(
        { pool: runtime.database.pool, store: runtime.store, codec: runtime.codec, log },
        projection,
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `${projection.name}: ${result.events} olay, ${seconds.toFixed(1)} sn, nesil ${result.generation} yayında`,
      );
    }
  }
} finally {
  await runtime.close();
}
