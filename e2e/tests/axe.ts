import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * The accessibility check the journeys run on every screen they visit: axe-core with the
 * WCAG 2.0/2.1/2.2 A and AA rules, failing on any serious or critical violation. The assertion is soft so
 * one run reports every screen of a journey; the test still fails. Minor and moderate findings are left
 * to the full report attached to the test.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** What one check may add to its test's time limit: a long page takes axe seconds on a busy machine. */
const CHECK_BUDGET_MS = 30_000;

export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  test.setTimeout(test.info().timeout + CHECK_BUDGET_MS);
  // A screen is checked once its data is in: no 'Loading' spinner (the kit's <Loading>) is left.
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  // ...and once a dialog or menu has finished appearing: mid-fade its colours fail the contrast rule.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Only violations are reported in full: collecting every passing node doubles the time on long pages.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  if (results.violations.length > 0) {
    await test.info().attach(`axe-${screen}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  const report = blocking.flatMap((v) => [
    `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}`,
    ...v.nodes.map((n) => `  ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`),
  ]);
  expect.soft(report, `serious or critical axe violations on ${screen}`).toEqual([]);
}
