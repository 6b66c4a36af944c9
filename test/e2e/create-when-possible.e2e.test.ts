// "Create when possible" in real Chromium: the local service allows 2 API requests per 10 seconds;
// another client of the account has used them up when the popup's create is refused (429). The
// popup hands the create to the background's queue: it says it is queued and when it will be
// sent, the tab's badge says "Wait", and a popup opened again meanwhile shows it queued rather
// than offering Create. Once the window has passed the queue sends it — one report, made once —
// and the badge and the popup that stayed open show its rating. Both new states pass axe (no
// serious or critical violation). Every wait is for a condition.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../server/service';
import { readBadge, tabIdOf } from './extension';
import {
  apiGet,
  BADGE_TEXT,
  openPageTab,
  openPopup,
  outcomeOf,
  poll,
  RATING_WORD,
  type ServiceReport,
  type Stack,
  startStack,
  the,
} from './flows';

const API_KEY = 'create-when-possible-e2e-key-0001';
const RATE_LIMIT = 2;
/** Long enough to look at the queued state (and open the popup again) before the window ends. */
const RATE_WINDOW_MS = 10_000;

let stack: Stack | undefined;
const opened: Page[] = [];
let axeSource = '';

beforeAll(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  stack = await startStack({
    service: { apiKeys: [API_KEY], rateLimit: RATE_LIMIT, rateWindowMs: RATE_WINDOW_MS },
  });
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
});

/** Lists reports `requests` times with the same key, as another client of the account would. */
async function useUpTheLimit(service: RunningService, requests: number) {
  for (let i = 0; i < requests; i++) {
    const response = await fetch(`${service.baseUrl}/reports?per_page=10`, {
      headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`Request ${i + 1} answered ${response.status}`);
  }
}

/** The creates that reached the service, with their answers. */
const posts = (service: RunningService) =>
  service
    .apiRequests()
    .filter((entry) => entry.method === 'POST')
    .map((entry) => `${entry.path.split('?')[0]} ${entry.status}`);

/** axe's serious and critical violations in the page (rule ids and their targets). */
async function axeBlocking(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] =
    await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is the global the evaluated script defined.
      const axe = (window as any).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return JSON.parse(JSON.stringify(results.violations));
    });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} ${JSON.stringify(violation.nodes.map((n) => n.target))}`);
}

const text = async (page: Page, role: 'alert' | 'status', has: RegExp) => {
  const region = page.getByRole(role).filter({ hasText: has }).first();
  await region.waitFor();
  return ((await region.textContent()) ?? '').replace(/\s+/g, ' ').trim();
};

describe('Create when possible', () => {
  it('queues a rate-limited create, sends it once the window has passed, and shows the rating', {
    timeout: 90_000,
  }, async () => {
    const { service, ext, sample } = the(stack, 'The stack');
    const url = sample('good');
    opened.push(await openPageTab(ext, url));
    const tabId = await tabIdOf(ext, url);
    service.resetRateLimits();
    service.resetRequests();
    await useUpTheLimit(service, RATE_LIMIT);

    const popup = await openPopup(ext);
    opened.push(popup);
    await popup.getByText(url, { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'Create report', exact: true }).click();
    const alert = await text(popup, 'alert', /Couldn't create the report/);
    expect(alert, 'the alert says when to try again').toMatch(/try again in \d+ seconds?/i);
    expect(posts(service)).toEqual(['/api/v1/reports 429']);
    const later = popup.getByRole('button', { name: 'Create when possible', exact: true });
    await later.waitFor();
    expect(await axeBlocking(popup), 'the alert with Create when possible').toEqual([]);

    await later.click();
    const queued = await text(popup, 'status', /^Queued\./);
    const wait = /^Queued\. It will be sent in (\d+) seconds?\.$/.exec(queued);
    expect(wait, `the status says when: "${queued}"`).not.toBeNull();
    expect(Number(wait?.[1])).toBeGreaterThan(0);
    expect(Number(wait?.[1])).toBeLessThanOrEqual(RATE_WINDOW_MS / 1000 + 1);
    expect(
      await popup.getByRole('button', { name: 'Create report', exact: true }).count(),
      'no Create button to make a second report',
    ).toBe(0);
    // The badge says it waits, and nothing more was sent while it does.
    expect((await readBadge(ext, tabId)).text).toBe('Wait');
    expect(posts(service)).toEqual(['/api/v1/reports 429']);

    // Opened again while the create waits: queued, not a Create button.
    const again = await openPopup(ext);
    opened.push(again);
    expect(await text(again, 'status', /^Queued\./)).toMatch(/^Queued\. It will be sent /);
    expect(await again.getByRole('button', { name: 'Create report', exact: true }).count()).toBe(0);
    expect(await axeBlocking(again), 'the queued state').toEqual([]);
    await again.close();

    // The window passes: the queue sends it, once.
    await poll(
      async () => (await readBadge(ext, tabId)).text,
      'the badge shows the rating',
      30_000,
    ).toBe(BADGE_TEXT.good);
    const outcome = outcomeOf(popup);
    await outcome.getByText(RATING_WORD.good, { exact: true }).waitFor({ timeout: 15_000 });
    await outcome.getByRole('button', { name: 'Re-analyze', exact: true }).waitFor();
    expect(
      await popup
        .getByRole('status')
        .filter({ hasText: /^Queued\./ })
        .count(),
    ).toBe(0);
    expect(posts(service), 'one create refused, then one made').toEqual([
      '/api/v1/reports 429',
      '/api/v1/reports 201',
    ]);
    const { body } = await apiGet(
      service,
      `/reports?search=${encodeURIComponent(url)}&per_page=100`,
      API_KEY,
    );
    const reports = (body as { data: ServiceReport[] }).data.filter((item) => item.url === url);
    expect(reports, 'exactly one report for the page').toHaveLength(1);
    expect(reports[0]?.result).toBe('good');
  });
});
