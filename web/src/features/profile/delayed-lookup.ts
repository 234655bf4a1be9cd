/**
 * Numbers address lookups and runs the latest one after a pause (SPEC §4: 1 s after the last edit).
 * A plain object, held for the screen's lifetime, so event handlers can restart it freely.
 */
export class DelayedLookup {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest = 0;

  /** A lookup is waiting for its pause to end. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** Drops any waiting lookup and returns the number of the next one. */
  restart(): number {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.latest += 1;
    return this.latest;
  }

  /** Runs `run` after `delayMs` unless restarted or cancelled first. */
  schedule(request: number, delayMs: number, run: () => void): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (request === this.latest) run();
    }, delayMs);
  }

  cancel(): void {
    this.restart();
  }
}
