// The pages receive only what they show: no report the background answers carries `results`
// (the service's analysis details, of any size), whichever request it answers.
import { describe, expect, it, vi } from 'vitest';
import type { SiteReportClient } from '../../../lib/api';
import { handleMessage } from '../../../lib/background/handlers';
import { report } from '../../support/fixtures';
import { depsWithClient, ownPage } from './fixtures';

const REPORT = report({
  results: { checks: [{ name: 'tls', passed: true }], blob: 'x'.repeat(10_000) },
});
const { results: _results, ...SUMMARY } = REPORT;

function fakeClient() {
  return {
    reports: {
      create: vi.fn(async () => REPORT),
      get: vi.fn(async () => REPORT),
      update: vi.fn(async () => REPORT),
      waitForResult: vi.fn(async () => REPORT),
      list: vi.fn(async () => ({
        items: [REPORT, { ...REPORT, id: 8, results: null }],
        page: 1,
        perPage: 10,
        total: 2,
        hasNext: false,
      })),
      delete: vi.fn(async () => ({ id: REPORT.id })),
    },
    projects: {
      list: vi.fn(async () => ({ items: [], page: 1, perPage: 10, hasNext: false })),
      delete: vi.fn(async () => ({ name: 'example.com' })),
    },
  } as unknown as SiteReportClient;
}

async function ask(message: unknown) {
  const client = fakeClient();
  const answer = await handleMessage(message, ownPage('/popup.html'), depsWithClient(client));
  if (!answer.ok) throw new Error(`expected a success, got ${JSON.stringify(answer.error)}`);
  return answer.data;
}

describe('reports sent to the pages carry no results', () => {
  it.each([
    ['createReport', { type: 'createReport', input: { url: REPORT.url } }],
    ['getReport', { type: 'getReport', id: 7 }],
    ['updateReport', { type: 'updateReport', id: 7, input: { results: true } }],
    ['waitForResult', { type: 'waitForResult', id: 7 }],
  ])('%s', async (_name, message) => {
    const data = await ask(message);
    expect(data).not.toHaveProperty('results');
    expect(data).toStrictEqual(SUMMARY);
  });

  it('listReports, for every item', async () => {
    const data = (await ask({ type: 'listReports', params: { perPage: 10 } })) as {
      items: unknown[];
    };
    expect(data.items).toHaveLength(2);
    for (const item of data.items) expect(item).not.toHaveProperty('results');
    expect(data).toStrictEqual({
      items: [SUMMARY, { ...SUMMARY, id: 8 }],
      page: 1,
      perPage: 10,
      total: 2,
      hasNext: false,
    });
  });
});
