// Compare selected in real Firefox (MV3 build) against the local service: two reports of the
// sample pages selected in the workspace's Reports table, compared in a region "Comparison" with
// both reports and their checks in four groups, read through the background; Close gives the focus
// back to the button.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { writeConnection } from '../e2e/extension';
import { poll, the } from '../e2e/flows';
import { byRole, type FirefoxWithExtension, launchFirefox } from './firefox';

const API_KEY = 'firefox-compare-key-0001';
let service: RunningService | undefined;
let firefox: FirefoxWithExtension | undefined;

beforeAll(async () => {
  service = await startService({ port: 0, serveSamples: true, apiKeys: [API_KEY] });
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

async function makeReport(address: string): Promise<void> {
  const svc = the(service, 'The service');
  const made = await fetch(`${svc.baseUrl}/reports`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' },
    body: new URLSearchParams({ url: address, privacy: '1' }),
  });
  expect(made.status).toBe(201);
}

describe('Compare selected in Firefox', () => {
  it('compares two reports in four groups and gives the focus back on Close', async () => {
    const svc = the(service, 'The service');
    const good = the(svc.sampleUrls?.good, 'The good sample page');
    const bad = the(svc.sampleUrls?.bad, 'The bad sample page');
    await makeReport(good);
    await makeReport(bad);

    const workspace = await the(firefox, 'Firefox').openExtensionPage('sidepanel.html#tab=reports');
    for (const address of [good, bad]) {
      await (await workspace.locator(byRole('checkbox', `Select ${address}`)).waitHandle()).click();
    }
    await workspace.locator(byRole('button', 'Compare selected')).click();
    await workspace.locator(byRole('region', 'Comparison')).waitHandle();

    /** Each group's heading with how many checks it lists, once the details are in. */
    const groups = () =>
      workspace.evaluate(() =>
        Array.from(document.querySelectorAll('.comparison .check-group')).map((group) => [
          group.querySelector('h3')?.textContent ?? '',
          group.querySelectorAll('li').length,
        ]),
      );
    await poll(groups, 'the four groups').toHaveLength(4);
    const shown = new Map((await groups()) as [string, number][]);
    // The first selected row (the newest report, the bad one) is the first report compared.
    expect([...shown.keys()]).toEqual([
      `Fails only in ${bad}`,
      `Fails only in ${good}`,
      'Fails in both',
      'Passes in both',
    ]);
    // The bad sample fails checks that the good one passes.
    expect(shown.get(`Fails only in ${bad}`)).toBeGreaterThan(0);

    await workspace.locator(byRole('button', 'Close comparison')).click();
    await poll(
      () => workspace.evaluate(() => document.activeElement?.textContent ?? ''),
      'the focus back on Compare selected',
    ).toBe('Compare selected');
  });
});
