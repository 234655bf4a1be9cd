import type { VitalsPage } from './web-vitals.ts';

/**
 * Decides for this page load whether it measures its Core Web Vitals (`rate`: WEB_VITALS_SAMPLE_RATE, 0 to 1) and
 * only then fetches the library (web-vitals.ts, a chunk of its own): a load that is not sampled pays these few lines.
 */
export function sampleWebVitals(rate: unknown, page: VitalsPage, onError: (error: unknown) => void): void {
  if (typeof rate !== 'number' || !(Math.random() < rate)) return;
  import('./web-vitals.ts').then(({ reportWebVitals }) => reportWebVitals(page), onError);
}
