import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** Which page reports (the server's WEB_VITALS_PAGES). */
export type VitalsPage = 'card' | 'dashboard';

type Reported = Partial<Record<Metric['name'], number>>;

/**
 * Measures this page load's Core Web Vitals with `web-vitals` and sends them once, in one beacon, when the page is
 * first hidden (docs/decisions/0044-web-vitals.md): a tab switched away from, the app put in the background, a link
 * followed, the tab closed. Loaded only on a sampled page load (a dynamic import), so pages that are not sampled never
 * fetch the library.
 *
 * Every change is kept (`reportAllChanges`), and the beacon goes at `visibilitychange` to hidden, after the library's
 * own listener (registered first, in the capture phase) has taken the interactions and layout shifts still queued:
 * the values sent are the final ones. Not at `pagehide`, which comes before that in an unload, so INP and CLS could
 * be short of their last entries (only Safari before 14.1 has no hidden state on unload; it loses these samples).
 * sendBeacon, because nothing waits for the answer of a page going away (and a hit lost is only a sample less).
 */
export function reportWebVitals(page: VitalsPage): void {
  const metrics: Reported = {};
  const keep = (metric: Metric) => {
    metrics[metric.name] = metric.value;
  };
  onLCP(keep, { reportAllChanges: true });
  onINP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onTTFB(keep);

  let sent = false;
  const send = () => {
    // Hidden before anything was measured (a page opened in a background tab): nothing to say yet.
    if (sent || Object.keys(metrics).length === 0) return;
    sent = true;
    const body = JSON.stringify({ page, touchPoints: navigator.maxTouchPoints, metrics });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/telemetry/vitals', body)) return;
    // No sendBeacon, or its queue full: a keepalive fetch also outlives the page.
    fetch('/api/telemetry/vitals', {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
      keepalive: true,
    }).catch(() => undefined);
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}
