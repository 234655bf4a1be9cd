/**
 * Turns "publish a signal" into a call that may be made thousands of times a second (every append, every beacon
 * batch) without thousands of publishes in flight: one publish runs at a time, and calls made meanwhile collapse into
 * one more that starts when it finishes. A signal carries no data, so the one that follows wakes readers for all of
 * them. A failed publish is reported and forgotten: readers poll as well, so a lost wake-up only delays them.
 */
export function coalescedPublisher(publish: () => Promise<void>, onError: (error: unknown) => void): () => void {
  let inFlight = false;
  let pending = false;

  const run = (): void => {
    inFlight = true;
    pending = false;
    let started: Promise<void>;
    try {
      started = publish();
    } catch (error) {
      onError(error);
      finish();
      return;
    }
    void started.then(
      () => finish(),
      (error: unknown) => {
        onError(error);
        finish();
      },
    );
  };

  const finish = (): void => {
    inFlight = false;
    if (pending) run();
  };

  return () => {
    if (inFlight) pending = true;
    else run();
  };
}
