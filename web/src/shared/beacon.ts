import { debug } from './debug.ts';

/**
 * The public pages' telemetry beacons (the card page and the product page send them alike;
 * docs/decisions/0018-acknowledged-means-stored.md). The server answers 204 once a hit is stored, 503 with
 * Retry-After when it could not store it: then the same hit is sent once more after that wait. `keepalive` lets it
 * finish when the page is left (as sendBeacon does, which cannot see the answer, so sendBeacon is not used). No retry
 * after a network error: the hit may have been stored.
 */
export function beacon(path: string, payload: object, retry = true): void {
  fetch(path, {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).then(
    (response) => {
      if (response.status === 503 && retry) {
        const seconds = Number(response.headers.get('retry-after'));
        window.setTimeout(() => beacon(path, payload, false), 1000 * (seconds > 0 && seconds <= 60 ? seconds : 5));
      } else if (!response.ok) debug('beacon not stored', path, response.status);
    },
    (error: unknown) => debug('beacon failed', path, error),
  );
}

/** After the page is really shown: not while prerendered, not while in a background tab (a view counts once seen). */
export function whenShown(callback: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', () => whenShown(callback), { once: true });
  } else if (document.visibilityState === 'hidden') {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onVisible);
      callback();
    };
    document.addEventListener('visibilitychange', onVisible);
  } else {
    callback();
  }
}
