// Copy link in real Firefox (MV3 build) against the local service: a report's row in the
// workspace's Reports table copies the report's page address from the click, without the
// clipboardWrite permission; the page says "Link copied", and the clipboard, read back in the
// extension's page, holds the address.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { writeConnection } from '../e2e/extension';
import { poll, the } from '../e2e/flows';
import { byRole, type FirefoxWithExtension, launchFirefox } from './firefox';

const API_KEY = 'firefox-share-key-0001';
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

describe('Copy link in Firefox', () => {
  it('copies the report page address from a Reports row and says "Link copied"', async () => {
    const svc = the(service, 'The service');
    const address = the(svc.sampleUrls?.good, 'The good sample page');
    const made = await fetch(`${svc.baseUrl}/reports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' },
      body: new URLSearchParams({ url: address, privacy: '1' }),
    });
    expect(made.status).toBe(201);
    const { id } = ((await made.json()) as { data: { id: number } }).data;

    const workspace = await the(firefox, 'Firefox').openExtensionPage('sidepanel.html#tab=reports');
    await workspace.locator(byRole('checkbox', `Select ${address}`)).waitHandle();
    await workspace.locator(byRole('button', 'Copy link')).click();

    const status = () =>
      workspace.evaluate(() =>
        Array.from(document.querySelectorAll('[role="status"]'))
          .map((node) => node.textContent?.trim() ?? '')
          .filter(Boolean),
      );
    await poll(status, 'the copy confirmed').toContain('Link copied');
    const copied = await workspace.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(svc.baseUrl).origin}/reports/${id}`);
  });
});
