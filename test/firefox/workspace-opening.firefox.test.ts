// The workspace opened on Reports before the extension is connected, in real Firefox (MV3 build)
// against the local service: once a connection is saved, its Reports tab asks the service anew and
// shows the reports, not the "not connected" answer its first list got as it opened.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { writeConnection } from '../e2e/extension';
import { the } from '../e2e/flows';
import { byRole, type FirefoxWithExtension, launchFirefox } from './firefox';

const API_KEY = 'firefox-opening-key-0001';
const SEEDED = 'https://seeded.example/one';
let service: RunningService | undefined;
let firefox: FirefoxWithExtension | undefined;

beforeAll(async () => {
  service = await startService({ port: 0, apiKeys: [API_KEY] });
  await service.seed([{ url: SEEDED, result: 'good' }]);
  firefox = await launchFirefox(inject('firefoxExtensionDir'));
});

afterAll(async () => {
  const results = await Promise.allSettled([firefox?.close(), service?.close()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

it('opened not connected, shows the service’s reports once connected', async () => {
  const browser = the(firefox, 'Firefox');
  const workspace = await browser.openExtensionPage('sidepanel.html#tab=reports');
  await workspace.locator(byRole('heading', 'Not connected yet')).waitHandle();

  const options = await browser.openExtensionPage('options.html');
  await options.evaluate(writeConnection, {
    baseUrl: the(service, 'The service').baseUrl,
    apiKey: API_KEY,
  });
  await workspace.locator(byRole('checkbox', `Select ${SEEDED}`)).waitHandle();
  const alerts = await workspace.evaluate(() =>
    Array.from(document.querySelectorAll('[role="alert"]'), (alert) => alert.textContent ?? ''),
  );
  expect(alerts).toEqual([]);
});
