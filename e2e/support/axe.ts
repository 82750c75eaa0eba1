import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Rules a screen is known to break while its fix waits for the work that owns the screen: named
 * here, with why, so the test says so in its report instead of hiding the rule everywhere.
 */
export interface Pending {
  rules?: string[];
  why?: string;
}

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits until the screen shows its content, not a wait: `ready` is visible, no spinner or
 * skeleton is left and no navigation is under way (a screen whose content is a spinner, the
 * waiting screen, says `spinnerIsContent`).
 */
export async function waitForContent(page: Page, ready: Locator, spinnerIsContent = false) {
  await expect(ready.first()).toBeVisible();
  const spinners = page.locator('[class*="animate-[spin"]').filter({ visible: true });
  if (!spinnerIsContent) await expect(spinners).toHaveCount(0);
  await expect(page.locator('.animate-pulse').filter({ visible: true })).toHaveCount(0);
  // The navigation over (its loading bar gone): content seen during a navigation may be the old screen's.
  await expect(page.locator('[class*="animate-[nav-progress"]')).toHaveCount(0);
  // Fonts and pictures settled, so colours are measured on what the player sees.
  await page.evaluate(() => document.fonts.ready);
}

/** One line a person can act on: the rule, how bad, and where (axe's selectors). */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${violation.nodes
        .map((node) => `${node.target.join(' ')}${colours(node.any[0]?.data)}`)
        .join(', ')}`,
  );
}

/** For a contrast failure, the two colours and their ratio: what a token change must fix. */
function colours(data: unknown): string {
  const pair = data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return pair?.fgColor ? ` (${pair.fgColor} on ${pair.bgColor}: ${pair.contrastRatio})` : '';
}

/**
 * Scans the screen as it stands and fails with every violation found, named by `screen`. A soft
 * failure: the test goes on to scan its other screens, so one run lists everything to fix.
 */
export async function expectNoAxeViolations(page: Page, screen: string, pending: Pending = {}) {
  const builder = new AxeBuilder({ page }).withTags(axeTags);
  if (pending.rules?.length) {
    builder.disableRules(pending.rules);
    test.info().annotations.push({
      type: 'a11y pending',
      description: `${screen}: ${pending.rules.join(', ')} (${pending.why})`,
    });
  }
  const results = await builder.analyze();
  expect.soft(describe(results.violations), `axe violations on ${screen}`).toEqual([]);
}
