// axe in an extension page: its violations of WCAG 2.2 AA and best practice, as "rule [targets]"
// lines, within a selector or the whole document, in the colour schemes asked for.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

/** axe's violations in `page` (within `selector`, or all of it), once per colour scheme. */
export async function axeViolations(
  page: Page,
  {
    selector,
    schemes = ['light', 'dark'],
  }: { selector?: string; schemes?: ('light' | 'dark')[] } = {},
): Promise<Record<string, string[]>> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await source);
  const found: Record<string, string[]> = {};
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    found[colorScheme] = await page.evaluate(async (within) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is the global the evaluated script defined.
      const axe = (window as any).axe;
      const results = await axe.run(within ?? document, {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        },
        resultTypes: ['violations'],
      });
      return results.violations.map(
        (violation: { id: string; nodes: { target: unknown }[] }) =>
          `${violation.id} ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      );
    }, selector);
  }
  return found;
}
