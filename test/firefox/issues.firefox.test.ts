// The Issues tab in real Firefox (MV3 build) against a local service whose lists come without
// `results`: a project chosen in "Show issues for" is listed and counted as having no details,
// Read details reads them (one queue job), and the table then counts the failing pages.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { writeConnection } from '../e2e/extension';
import { poll, the } from '../e2e/flows';
import { byRole, type FirefoxWithExtension, launchFirefox } from './firefox';

const API_KEY = 'firefox-issues-key-0001';
let service: RunningService | undefined;
let firefox: FirefoxWithExtension | undefined;

beforeAll(async () => {
  service = await startService({ port: 0, apiKeys: [API_KEY], listResults: false });
  await service.seed(
    [0, 1, 2, 3].map((n) => ({
      url: `https://shop.example/item-${n}`,
      result: 'decent' as const,
      results: {
        meta_description: {
          passed: n >= 2,
          importance: 'high',
          value: null,
          errors: { missing: true },
        },
        favicon: { passed: true, importance: 'low', value: true, errors: {} },
      },
    })),
  );
  firefox = await launchFirefox(inject('firefoxExtensionDir'));
  const page = await firefox.openExtensionPage('options.html');
  await page.evaluate(writeConnection, { baseUrl: service.baseUrl, apiKey: API_KEY });
  await page.close();
});

afterAll(async () => {
  const results = await Promise.allSettled([firefox?.close(), service?.close()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

describe('Issues in Firefox', () => {
  it('shows the issues of a project after reading the details its list left out', async () => {
    const workspace = await the(firefox, 'Firefox').openExtensionPage('sidepanel.html#tab=issues');
    const select = await workspace.locator(byRole('combobox', 'Show issues for')).waitHandle();
    // Someone about to choose: the project names are asked for.
    await select.evaluate((node) => (node as HTMLSelectElement).focus());
    const options = () =>
      select.evaluate((node) => [...(node as HTMLSelectElement).options].map((o) => o.text));
    await poll(options, 'the projects listed').toContain('shop.example');
    await select.evaluate((node) => {
      const element = node as HTMLSelectElement;
      element.value = 'project:shop.example';
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const text = () => workspace.evaluate(() => document.body.innerText);
    await poll(text, 'the reports without details counted').toContain(
      '4 of 4 reports have no details yet',
    );
    await workspace.locator(byRole('button', 'Read details')).click();
    const rows = () =>
      workspace.evaluate(() =>
        [
          ...document.querySelectorAll('table[aria-label="Checks failing across pages"] tbody tr'),
        ].map((row) => [...row.children].slice(0, 3).map((cell) => cell.textContent)),
      );
    await poll(rows, 'the table counted', 30_000).toEqual([['Meta description', 'high', '2 of 4']]);
    expect(await text()).not.toContain('have no details yet');
  });
});
