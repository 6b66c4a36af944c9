// Slow creates in real Chromium, against a local service that analyses each page for 20 s or
// 45 s inside the POST (as deployed services do on slow sites), or that loses the create's answer
// after making its report: This page shows "Analyzing…" and the time it has taken with Create
// disabled, the create goes on with the popup closed, a reopened popup shows it in progress, and
// every create ends with its rating shown and exactly one report on the service.
import type { Page } from 'playwright-core';
import { describe, expect, it, type TestContext } from 'vitest';
import type { ServiceOptions } from '../../server/service';
import {
  apiGet,
  openPageTab,
  openPopup,
  outcomeOf,
  poll,
  RATING_WORD,
  type Stack,
  startStack,
} from './flows';

interface Slow {
  current: Stack;
  /** Pages to close when the test ends (before its browser). */
  opened: Page[];
}

/** A stack of the test's own (the tests run at the same time), closed when the test ends. */
async function start(context: TestContext, service: ServiceOptions): Promise<Slow> {
  const current = await startStack({
    service: { apiKeys: ['slow-create-e2e-key-1'], ...service },
  });
  const opened: Page[] = [];
  context.onTestFinished(async () => {
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
    await current.close();
  });
  return { current, opened };
}

async function popupOver({ current, opened }: Slow, url: string): Promise<Page> {
  opened.push(await openPageTab(current.ext, url));
  const popup = await openPopup(current.ext);
  opened.push(popup);
  return popup;
}

const createButton = (popup: Page) =>
  popup.getByRole('button', { name: 'Create report', exact: true });
const analyzing = (popup: Page) => popup.getByRole('status').filter({ hasText: 'Analyzing…' });
/** Waits for the popup to show it in progress; if it does not, the failure says what it showed. */
async function showsAnalyzing(popup: Page): Promise<void> {
  await analyzing(popup)
    .waitFor()
    .catch(async (error: Error) => {
      const shown = await popup
        .evaluate(() => document.body.innerText)
        .catch(() => '(the popup has gone)');
      throw new Error(`${error.message}\nThe popup showed instead:\n${shown}`);
    });
}

/** The time the create has taken so far, in seconds, as the popup shows it ("0:12"). */
async function shownSeconds(popup: Page): Promise<number> {
  const text = (await analyzing(popup).getByRole('timer').textContent()) ?? '';
  const match = /^(\d+):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not a time: "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

async function reportCount(current: Stack): Promise<number> {
  const { body } = await apiGet(current.service, '/reports');
  return (body as { meta: { total: number } }).meta.total;
}

/** The analysis has fetched the page: the service is inside its long wait now. */
const pageFetched = (current: Stack) =>
  poll(
    () => current.service.requests.some((entry) => entry.path.startsWith('/samples/')),
    'the service fetched the page',
    30_000,
  ).toBe(true);

// The tests wait on the service most of the time: they run side by side (three at a time, the
// e2e project's maxConcurrency), the two long ones first; the short ones beside the 45 s one.
describe.concurrent('a slow create', () => {
  it('of 20 s with the popup open: Analyzing… with a growing time, Create disabled, then the rating', async (context) => {
    const slow = await start(context, { createDelayMs: 20_000 });
    const { current } = slow;
    const popup = await popupOver(slow, current.sample('good'));
    await createButton(popup).click();

    await analyzing(popup).waitFor();
    expect(await createButton(popup).isDisabled(), 'Create is disabled while it works').toBe(true);
    const first = await shownSeconds(popup);
    await poll(() => shownSeconds(popup), 'the time grows', 15_000).toBeGreaterThanOrEqual(
      first + 3,
    );
    expect(await createButton(popup).isDisabled()).toBe(true);
    // Past the 15 s every other request has, still waiting for the service, saying nothing else.
    await poll(() => shownSeconds(popup), 'the time passes 16 s', 30_000).toBeGreaterThanOrEqual(
      16,
    );
    expect(await popup.getByRole('alert').count()).toBe(0);

    await outcomeOf(popup)
      .getByText(RATING_WORD.good, { exact: true })
      .waitFor({ timeout: 60_000 });
    expect(await analyzing(popup).count()).toBe(0);
    expect(await popup.getByRole('alert').count()).toBe(0);
    expect(await reportCount(current)).toBe(1);
  }, 120_000);

  it('of 45 s with the popup closed right after Create: reopened, it shows it in progress, then the rating', async (context) => {
    const slow = await start(context, { createDelayMs: 45_000 });
    const { current, opened } = slow;
    const url = current.sample('decent');
    const popup = await popupOver(slow, url);
    await createButton(popup).click();
    await showsAnalyzing(popup);
    await popup.close();

    // Later, while the service is still analysing, the popup is opened again.
    await pageFetched(current);
    const again = await openPopup(current.ext);
    opened.push(again);
    await showsAnalyzing(again);
    expect(await createButton(again).isDisabled(), 'no second Create meanwhile').toBe(true);
    const first = await shownSeconds(again);
    await poll(() => shownSeconds(again), 'the time grows', 15_000).toBeGreaterThan(first);

    await outcomeOf(again)
      .getByText(RATING_WORD.decent, { exact: true })
      .waitFor({ timeout: 90_000 });
    expect(await again.getByRole('alert').count()).toBe(0);
    expect(await reportCount(current)).toBe(1);
    const creates = current.service
      .apiRequests()
      .filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/reports'));
    expect(creates).toHaveLength(1);
  }, 180_000);

  it.for(['drop', 'gateway'] as const)(
    'whose answer is lost (%s) after the report was made: the report is found and shown, still one',
    { timeout: 120_000 },
    async (how, context) => {
      const slow = await start(context, { loseCreateAnswers: how });
      const { current } = slow;
      const popup = await popupOver(slow, current.sample('bad'));
      await createButton(popup).click();
      await analyzing(popup).waitFor();

      // The connection broke, or a gateway answered 504: the extension looks for the report before
      // it says anything, finds it, and shows its rating.
      await outcomeOf(popup)
        .getByText(RATING_WORD.bad, { exact: true })
        .waitFor({ timeout: 60_000 });
      expect(await popup.getByRole('alert').count()).toBe(0);
      expect(await reportCount(current)).toBe(1);
      const creates = current.service
        .apiRequests()
        .filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/reports'));
      expect(creates).toHaveLength(1);
    },
  );

  it('whose answer is lost for a page the service stores under another path: found, still one', async (context) => {
    const slow = await start(context, { loseCreateAnswers: 'gateway' });
    const { current } = slow;
    // /samples/moved is stored under /samples/good: its address alone would not find it.
    const popup = await popupOver(slow, `${current.service.url}/samples/moved`);
    await createButton(popup).click();
    await outcomeOf(popup)
      .getByText(RATING_WORD.good, { exact: true })
      .waitFor({ timeout: 60_000 });
    expect(await popup.getByRole('alert').count()).toBe(0);
    expect(await reportCount(current)).toBe(1);
    const creates = current.service
      .apiRequests()
      .filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/reports'));
    expect(creates).toHaveLength(1);
  }, 120_000);
});
