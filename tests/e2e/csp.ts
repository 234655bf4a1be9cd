import type { Page } from '@playwright/test';

/** What the browser reports when the page's Content-Security-Policy blocks something. */
export interface Violation {
  readonly page: string;
  readonly directive: string;
  readonly blocked: string;
  readonly sample: string;
}

/** Violations the browser reports, on this page and every page it navigates to afterwards. */
export async function watchViolations(page: Page): Promise<{ violations: Violation[]; consoleErrors: string[] }> {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation: (v: Violation) => void }).reportCspViolation;
        report({
          page: location.pathname,
          directive: event.violatedDirective,
          blocked: event.blockedURI,
          sample: event.sample,
        });
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  return { violations, consoleErrors };
}
