import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe on the page as a reader finds it once it has drawn: its content is in <main> and no
 * spinner (role="status") is left, and its colours have stopped changing. No serious or critical
 * WCAG 2.1 A/AA violation may remain.
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.getByRole('status')).toHaveCount(0);
  // Colours still fading (a button enabled as the page comes alive) would be measured half-way:
  // transitions end at once, so every colour axe reads is one a reader sees at rest; a control
  // enabled while axe runs (the Google button once its settings arrive) is then measured either
  // disabled (which WCAG exempts) or in its final colours, never between the two.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
