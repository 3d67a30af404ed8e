import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules, best practices) on the page as it stands and returns
 * the serious and critical violations, each with the elements it found them on.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated in the page (a string: this file is type-checked for Node, without the DOM).
  // DevTools evaluation, not a script tag: the page's CSP (script-src 'self') stays as shipped.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  return page.evaluate(`(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  })()`);
}
