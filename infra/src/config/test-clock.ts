import { readFileSync, statSync } from 'node:fs';

/**
 * LISTING_CLOCK_FILE (tests only): "now" for listings' EİDS authorisations read from a file, so a browser journey or a
 * test of separate processes can move the deadlines' time of a running product (issue 33) the way the in-process tests
 * move their `listingClock`. The file holds an ISO instant; while it is absent, empty or unreadable, the system's time
 * is used. Refused when NODE_ENV=production: a production product runs on the real clock.
 */
export function fileClock(path: string): () => Date {
  let seen: { readonly mtimeMs: number; readonly size: number; readonly instant: Date | null } | null = null;
  return () => {
    try {
      const stat = statSync(path);
      if (!seen || seen.mtimeMs !== stat.mtimeMs || seen.size !== stat.size) {
        const instant = new Date(readFileSync(path, 'utf8').trim());
        seen = { mtimeMs: stat.mtimeMs, size: stat.size, instant: Number.isNaN(instant.getTime()) ? null : instant };
      }
      return seen.instant ?? new Date();
    } catch {
      return new Date();
    }
  };
}

/** The listing clock the environment asks for: LISTING_CLOCK_FILE's, or undefined (the system's time). */
export function readListingClock(env: NodeJS.ProcessEnv): (() => Date) | undefined {
  const path = env.LISTING_CLOCK_FILE?.trim();
  if (!path) return undefined;
  if (env.NODE_ENV === 'production') throw new Error('LISTING_CLOCK_FILE is for tests only; unset it in production');
  return fileClock(path);
}
