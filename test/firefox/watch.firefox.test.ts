// Watching a page in real Firefox (MV3 build) against the local service, through the messages the
// pages send: a page watched, the local service rating it lower, one run ("Run now"), found worse;
// its History in the workspace, read from IndexedDB, then shows both analyses and the check that
// now fails. (Headless
// Firefox keeps no notifications to list: Chromium's end-to-end test counts them.)
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type WebExtension from 'webextension-polyfill';
import type { ReportSummary } from '../../lib/api/model';
import type { Job } from '../../lib/jobs/schema';
import { type RunningService, startService } from '../../server/service';
import { writeConnection } from '../e2e/extension';
import { poll, the } from '../e2e/flows';
import { type FirefoxWithExtension, launchFirefox } from './firefox';

const API_KEY = 'firefox-watch-key-0001';
let service: RunningService | undefined;
let firefox: FirefoxWithExtension | undefined;
let page: Page | undefined;

beforeAll(async () => {
  service = await startService({ port: 0, serveSamples: true, apiKeys: [API_KEY] });
  firefox = await launchFirefox(inject('firefoxExtensionDir'));
  page = await firefox.openExtensionPage('options.html');
  await page.evaluate(writeConnection, { baseUrl: service.baseUrl, apiKey: API_KEY });
});

afterAll(async () => {
  const results = await Promise.allSettled([firefox?.close(), service?.close()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

async function ask<T>(message: unknown): Promise<T> {
  const answer = await the(page, 'The page').evaluate(
    (request) =>
      (globalThis as unknown as { browser: typeof WebExtension }).browser.runtime.sendMessage(
        request,
      ),
    message,
  );
  const { ok, data, error } = answer as { ok: boolean; data?: T; error?: unknown };
  if (!ok) throw new Error(`${JSON.stringify(message)}: ${JSON.stringify(error)}`);
  return data as T;
}

describe('watching in Firefox', () => {
  it('watches a page and runs once: found worse, two analyses in its history', async () => {
    const svc = the(service, 'The service');
    const url = `${svc.url}/samples/watch/shop`;
    const report = await ask<ReportSummary>({ type: 'createReport', input: { url, privacy: 0 } });
    await ask({ type: 'watchReports', reports: [{ id: report.id, url: report.url }] });
    svc.setPageOutcome(url, 'bad');
    const { id } = await ask<{ id: string }>({ type: 'runWatchNow' });

    await poll(async () => {
      const jobs = await ask<Job[]>({ type: 'getJobs' });
      const run = jobs.find((job) => job.id === id);
      return run?.state === 'done' && run.items[0]?.direction;
    }, 'the run to finish').toBe('worse');

    // The workspace reads the history the background wrote (IndexedDB, one origin).
    const workspace = await the(firefox, 'Firefox').openExtensionPage(
      `sidepanel.html#tab=watched&history=${report.id}`,
    );
    const analyses = await workspace.waitForFunction(
      () => {
        const list = document.querySelector('[aria-label="Analyses, newest first"]');
        const items = [...(list?.children ?? [])].map((item) => item.textContent ?? '');
        return items.length === 2 && items;
      },
      { timeout: 15_000 },
    );
    const [newest, oldest] = (await analyses.jsonValue()) as string[];
    expect(newest).toContain('Bad');
    expect(newest).toMatch(/Now failing:.*Title/);
    expect(oldest).toContain('Good');
  });
});
