/** Runs `close` once on SIGINT/SIGTERM, so appends in flight finish and the embedded database stops cleanly. */
export function closeOnSignals(close: () => Promise<void>, log: (message: string) => void = console.log): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`${signal} alındı, kapanıyor...`);
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

/** Separate services share one database server; embedded PostgreSQL belongs to the all-in-one process. */
export function requireDatabaseUrl(service: string, databaseUrl: string | undefined): string {
  if (!databaseUrl) {
    throw new Error(
      `${service} needs DATABASE_URL when started on its own (e.g. postgres://user@127.0.0.1:5432/kartvizit). ` +
        'Use "npm start" for everything in one process on embedded PostgreSQL.',
    );
  }
  return databaseUrl;
}
