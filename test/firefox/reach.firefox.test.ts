// The `sr` keyword in real Firefox. Headless Firefox has no address bar to type in, and its
// WebExtension events cannot be fired from a page; so the test calls what Firefox's own address
// bar calls when the user types after `sr ` and presses Enter: ExtensionSearchHandler, in the
// browser's parent process (reached over WebDriver BiDi, which --remote-allow-system-access
// opens). The extension's listeners then run exactly as for a user.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { writeConnection } from '../e2e/extension';
import { poll, the } from '../e2e/flows';
import { type FirefoxWithExtension, launchFirefox } from './firefox';

const API_KEY = 'firefox-reach-key-0001';

let service: RunningService | undefined;
let firefox: FirefoxWithExtension | undefined;
let page: Page | undefined;
const ids: number[] = [];

/** The BiDi connection puppeteer holds: commands puppeteer has no method for. */
interface BidiConnection {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
}

/** Runs `expression` in the browser's own (chrome) window; its JSON-able value. */
async function inParent(expression: string): Promise<unknown> {
  const connection = (the(firefox, 'Firefox').browser as unknown as { connection: BidiConnection })
    .connection;
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const [top] = tree.result.contexts as { context: string }[];
  const answer = await connection.send('script.evaluate', {
    expression: `(async () => JSON.stringify(await (${expression})))()`,
    target: { context: the(top, 'a chrome window').context },
    awaitPromise: true,
  });
  const value = answer.result.result as { type: string; value?: string };
  return value.value === undefined ? undefined : JSON.parse(value.value);
}

const HANDLER = `ChromeUtils.importESModule('resource://gre/modules/ExtensionSearchHandler.sys.mjs').ExtensionSearchHandler`;

/** Types each text after `sr `, as keystrokes do; the suggestions shown are collected. */
function type(texts: string[]) {
  return inParent(`(() => {
    const handler = ${HANDLER};
    globalThis.srShown = [];
    for (const text of ${JSON.stringify(texts)}) {
      // Resolves only when the next keystroke ends this search: not waited for.
      handler.handleSearch({ keyword: 'sr', text: 'sr ' + text }, (suggestions) =>
        globalThis.srShown.push({ text, suggestions }));
    }
    return true;
  })()`);
}

const shown = () =>
  inParent('globalThis.srShown') as Promise<
    { text: string; suggestions: { content: string; description: string }[] }[]
  >;

beforeAll(async () => {
  service = await startService({ port: 0, apiKeys: [API_KEY] });
  ids.push(
    ...(await service.seed([
      { url: 'https://alpha.example/kept', result: 'good' },
      { url: 'https://alpha.example/listed', result: 'bad' },
    ])),
  );
  firefox = await launchFirefox(inject('firefoxExtensionDir'));
  page = await firefox.openExtensionPage('options.html');
  // Connected, and the first report kept, as if a list had shown it.
  await page.evaluate(writeConnection, { baseUrl: service.baseUrl, apiKey: API_KEY });
  await page.evaluate(
    async ({ baseUrl, id }) => {
      const api = (globalThis as unknown as { browser: typeof chrome }).browser;
      await api.storage.local.set({
        ratingCache: {
          services: {
            [baseUrl]: {
              'https://alpha.example/kept': {
                reportId: id,
                rating: 'good',
                generatedAt: null,
                seenAt: Date.now(),
              },
            },
          },
        },
      });
    },
    { baseUrl: 'a1', id: the(ids[0], 'the kept id') },
  );
});

afterAll(async () => {
  const results = await Promise.allSettled([firefox?.close(), service?.close()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

describe('the sr keyword in Firefox', () => {
  it('suggests kept reports in plain text at once, then the service’s after one request', async () => {
    const running = the(service, 'The service');
    running.resetRequests();
    await type(['a', 'al', 'alp', 'alph', 'ALPHA']);
    await poll(async () => (await shown()).length > 0, 'the first suggestions').toBe(true);
    expect((await shown())[0]).toEqual({
      text: 'ALPHA',
      suggestions: [
        { content: 'https://alpha.example/kept', description: 'https://alpha.example/kept — Good' },
      ],
    });
    await poll(
      async () => (await shown()).at(-1)?.suggestions.map((s) => s.content),
      'the suggestions after the answer',
    ).toEqual(['https://alpha.example/kept', 'https://alpha.example/listed']);
    const lists = running
      .apiRequests()
      .filter((entry) => entry.path.startsWith('/api/v1/reports?'));
    expect(lists, 'one list request for the whole burst').toHaveLength(1);
    expect(new URL(the(lists[0], 'the request').path, running.url).searchParams.get('search')).toBe(
      'ALPHA',
    );
  });

  it('Enter on a suggestion opens its report in a new tab', async () => {
    const running = the(service, 'The service');
    const report = `${running.url}/reports/${the(ids[1], 'the listed id')}`;
    await inParent(
      `(${HANDLER}).handleInputEntered('sr', 'sr https://alpha.example/listed', 'tab')`,
    );
    const extensionPage = the(page, 'The options page');
    await poll(
      () =>
        extensionPage.evaluate(async () => {
          const api = (globalThis as unknown as { browser: typeof chrome }).browser;
          return (await api.tabs.query({})).map((tab: { url?: string }) => tab.url);
        }),
      'the tabs',
    ).toContain(report);
  });
});
