// "Compare selected" in real Chromium against the local service: two reports of the sample pages
// (the good and the bad one, whose analyses differ), compared in the workspace's Reports tab. The
// groups agree with the reports' `results` as the service gives them; axe finds nothing in the
// region in light and dark at 360 and 1280 px; Close gives the focus back to the button.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { apiGet, isFocused, type Stack, startStack, the } from './flows';

let stack: Stack | undefined;
const opened: Page[] = [];
/** The English catalogue: a check's name in words is `check_name_<key>` where it has one. */
let english: Record<string, { message: string }> = {};

beforeAll(async () => {
  stack = await startStack();
  english = JSON.parse(
    await readFile(new URL('../../public/_locales/en/messages.json', import.meta.url), 'utf8'),
  );
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
});

/** A report made on the service's side, as another client would. */
async function makeReport(url: string): Promise<number> {
  const { service } = the(stack, 'The stack');
  const made = await fetch(`${service.baseUrl}/reports`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${service.apiKey}`, Accept: 'application/json' },
    body: new URLSearchParams({ url, privacy: '1' }),
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

type Results = Record<string, { passed: boolean | number }>;

async function resultsOf(id: number): Promise<Results> {
  const { status, body } = await apiGet(the(stack, 'The stack').service, `/reports/${id}`);
  expect(status).toBe(200);
  return (body as { data: { results: Results } }).data.results;
}

function nameOf(key: string): string {
  const named = english[`check_name_${key}`]?.message;
  if (named) return named;
  const words = key.replace(/[_\-.\s]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The groups a direct reading of both results gives, as sorted check names. */
function expectedGroups(a: Results, b: Results) {
  const fails = (results: Results, key: string) =>
    key in results && !(results[key]?.passed === true || results[key]?.passed === 1);
  const groups = {
    onlyA: [] as string[],
    onlyB: [] as string[],
    both: [] as string[],
    neither: [] as string[],
  };
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const [inA, inB] = [fails(a, key), fails(b, key)];
    groups[inA ? (inB ? 'both' : 'onlyA') : inB ? 'onlyB' : 'neither'].push(nameOf(key));
  }
  for (const names of Object.values(groups)) names.sort();
  return groups;
}

/** The check names listed under the group `heading` of the comparison, sorted. */
async function groupNames(page: Page, heading: string): Promise<string[]> {
  const section = page
    .getByRole('region', { name: 'Comparison', exact: true })
    .getByRole('region', { name: heading, exact: true });
  await section.waitFor();
  const names = await section
    .locator('.check-name')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
  return names.sort();
}

describe('Compare selected', () => {
  it('compares two reports: the groups agree with their results, and axe finds nothing', async () => {
    const { ext, sample } = the(stack, 'The stack');
    const [good, bad] = [sample('good'), sample('bad')];
    const ids = [await makeReport(good), await makeReport(bad)];
    const expected = expectedGroups(await resultsOf(ids[0] ?? 0), await resultsOf(ids[1] ?? 0));
    // The samples differ: something fails only in the bad one.
    expect(expected.onlyB.length).toBeGreaterThan(0);

    const { service } = the(stack, 'The stack');
    const reads = () =>
      service
        .apiRequests()
        .filter((request) => request.method === 'GET' && /\/reports\/\d+$/.test(request.path))
        .map((request) => request.path.replace(/^.*\/reports\//, ''))
        .sort();
    service.resetRequests();

    const page = await ext.openTab('sidepanel.html#tab=reports');
    opened.push(page);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const button = page.getByRole('button', { name: 'Compare selected', exact: true });
      for (const url of [good, bad]) {
        const box = page.getByRole('checkbox', { name: `Select ${url}`, exact: true });
        if (!(await box.isChecked())) await box.check();
      }
      await button.click();
      const region = page.getByRole('region', { name: 'Comparison', exact: true });
      await region.waitFor();
      const compared = region.getByRole('list', { name: 'Compared reports', exact: true });
      await compared.getByText(good, { exact: true }).waitFor();
      await compared.getByText(bad, { exact: true }).waitFor();
      await compared.getByText('Good', { exact: true }).waitFor();
      await compared.getByText('Bad', { exact: true }).waitFor();

      // The groups name each report by its address, whichever of the two comes first.
      expect(await groupNames(page, `Fails only in ${good}`)).toEqual(expected.onlyA);
      expect(await groupNames(page, `Fails only in ${bad}`)).toEqual(expected.onlyB);
      expect(await groupNames(page, 'Fails in both')).toEqual(expected.both);
      expect(await groupNames(page, 'Passes in both')).toEqual(expected.neither);
      // Each report read once, through the background; again within a minute, not at all.
      expect(reads()).toEqual(ids.map(String).sort());

      const regionSelector = '.comparison';
      expect(await axeViolations(page, { selector: regionSelector })).toEqual({
        light: [],
        dark: [],
      });
      // Nothing in the comparison is wider than the page.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);

      await region.getByRole('button', { name: 'Close comparison', exact: true }).click();
      await region.waitFor({ state: 'detached' });
      expect(await isFocused(button)).toBe(true);
    }
  });
});
