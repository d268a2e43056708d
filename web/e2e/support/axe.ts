import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The page's serious and critical WCAG 2 A/AA violations, with where they are. Axe runs in the page
 * itself (legacy mode: no extra blank page per run to gather frames' results; the app shows no frames
 * from other origins) and describes only the violations' elements in full (passes and the rest are
 * counted, not listed): the same rules on the same page, in about half the time.
 */
export async function seriousViolations(page: Page) {
  // `options` replaces every option set before it: the tags come after.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`),
    }));
}

/** Fails with the violations listed when the page has serious or critical ones. */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const serious = await seriousViolations(page);
  expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Nothing on the page is still loading (`aria-busy`). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}
