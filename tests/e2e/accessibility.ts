import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The WCAG levels the product promises: 2.0 and 2.1, A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * axe-core's own best practices too: `heading-order` and `landmark-unique` (the /stats findings
 * of issue 10) carry no WCAG tag, so a check of the WCAG tags alone would let them come back.
 */
const RULE_TAGS = [...WCAG_21_AA, 'best-practice'];

/** One line per element that breaks a rule, so a failure names what to fix and where. */
function describe(violation: Result): string[] {
  return violation.nodes.map((node) => {
    const target = node.target
      .map((selector) => (Array.isArray(selector) ? selector.join(' >> ') : String(selector)))
      .join(' | ');
    const why = node.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
    return `${violation.id} (${violation.impact ?? 'unknown'}) at ${target}: ${violation.help}. ${why}`;
  });
}

/** Time each check may add to its test's limit: axe takes 1–3 s here, several times that on a loaded machine. */
const CHECK_BUDGET_MS = 30_000;

/** sonner's toasts: present for five seconds, then removed from the page. */
const TOASTS = '[data-sonner-toaster]';

export interface AccessibilityOptions {
  /**
   * Check the toasts too. Only where the test holds them on screen (a pointer resting on them
   * pauses sonner's timer): a toast that expires while axe reads the page leaves it measuring an
   * element no longer there. Elsewhere toasts are left out of the check (not a rule: the element),
   * and accessibility.e2e.ts checks both kinds the app shows, held open.
   */
  readonly includeToasts?: boolean;
}

/**
 * Runs axe-core over the page as it is now (open dialogs included) and fails with a readable
 * list when anything breaks WCAG 2.1 A/AA or axe's best practices. No rule is turned off.
 *
 * The screen's level-one heading is awaited first, and transitions are settled: a dialog caught halfway through its fade-in would be measured
 * at part opacity and fail the contrast rule only sometimes. The page is put into reduced motion
 * for the check (sonner and our own CSS drop their transitions there), running finite animations
 * are awaited, and the setting is handed back afterwards.
 */
export async function expectAccessible(page: Page, screen: string, options: AccessibilityOptions = {}): Promise<void> {
  test.info().setTimeout(test.info().timeout + CHECK_BUDGET_MS);
  await test.step(`accessibility: ${screen}`, async () => {
    // The screen is there before it is judged: right after a navigation the route's code may still be loading (on a
    // loaded machine, seconds), and axe would measure the empty frame. Every screen has its level-one heading.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await page.evaluate(async () => {
        const finite = document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
          );
        await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      });
      const axe = new AxeBuilder({ page }).withTags(RULE_TAGS);
      if (!options.includeToasts) axe.exclude(TOASTS);
      const results = await axe.analyze();
      const found = results.violations.flatMap(describe);
      expect(found, `axe-core (WCAG 2.1 A/AA and best practices) on '${screen}' at ${page.url()}`).toEqual([]);
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });
}
