import { sampleWebVitals } from '../shared/vitals-sampling.ts';

/**
 * The dashboard's share of Core Web Vitals (docs/decisions/0044-web-vitals.md): the sample rate is the server's
 * setting (GET /api/config/public, cached by the browser for five minutes), decided once per page load.
 */
export function sampleDashboardVitals(): void {
  fetch('/api/config/public')
    .then((response) => (response.ok ? (response.json() as Promise<{ webVitalsSampleRate?: unknown }>) : null))
    .then((config) => sampleWebVitals(config?.webVitalsSampleRate, 'dashboard', reportProblem))
    .catch(reportProblem);
}

function reportProblem(error: unknown): void {
  console.debug('[kartvizit] web vitals', error);
}
