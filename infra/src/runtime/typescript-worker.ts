import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module. The services run their sources through tsx, and Node 20 does not hand
 * the parent's loader on to worker threads: the worker registers tsx itself, then imports the module. A module that
 * fails to load ends the worker with an 'error' event, as any worker failure does.
 */
export function startTypeScriptWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  // tsx's ESM entry (its CommonJS one resolves its own files wrongly when imported from ESM).
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
