// Reach in real Chromium: the address bar's `sr` keyword and the selection's right-click item.
// Headless Chromium has no address bar to type in and no context menu to click, so the browser's
// own events are fired in the service worker (chrome.Event's dispatch), with the arguments the
// browser gives: the listeners the extension registered run as they would for a user.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { connect, type LoadedExtension, launchExtension } from './extension';
import { copyOfBuild, poll, type Stack, startStack, the } from './flows';

const API_KEY = 'reach-e2e-key-0001';

/** A chrome.Event as the worker holds it: dispatch calls the listeners, as the browser does. */
interface Dispatchable {
  dispatch(...args: unknown[]): void;
}

interface Shown {
  text: string;
  suggestions: { content: string; description: string }[];
}

describe('address bar keyword sr', () => {
  let stack: Stack | undefined;
  const ids: number[] = [];

  beforeAll(async () => {
    stack = await startStack({ service: { apiKeys: [API_KEY] } });
    const { service, ext } = stack;
    ids.push(
      ...(await service.seed([
        { url: 'https://alpha.example/kept', result: 'good' },
        { url: 'https://alpha.example/listed', result: 'bad' },
      ])),
    );
    // The first report is kept, as if a list had shown it before.
    await ext.worker.evaluate(
      async ({ serviceUrl, id }) => {
        await chrome.storage.local.set({
          ratingCache: {
            services: {
              [serviceUrl]: {
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
      { serviceUrl: 'a1', id: the(ids[0], 'the kept id') },
    );
  });

  afterAll(() => stack?.close());

  /** Types `texts` one after the other, as keystrokes; what is suggested is collected. */
  function type(ext: LoadedExtension, texts: string[]) {
    return ext.worker.evaluate((typed) => {
      const store = globalThis as unknown as { shown: Shown[] };
      store.shown = [];
      const event = chrome.omnibox.onInputChanged as unknown as Dispatchable;
      for (const text of typed) {
        event.dispatch(text, (suggestions: Shown['suggestions']) =>
          store.shown.push({ text, suggestions }),
        );
      }
    }, texts);
  }
  const shown = (ext: LoadedExtension) =>
    ext.worker.evaluate(() => (globalThis as unknown as { shown: Shown[] }).shown);
  const listRequests = (service: RunningService) =>
    service.apiRequests().filter((entry) => entry.path.startsWith('/api/v1/reports?'));

  it('suggests kept reports at once, then one list request after a burst of keystrokes', async () => {
    const { ext, service } = the(stack, 'The stack');
    service.resetRequests();
    await type(ext, ['a', 'al', 'alp', 'alph', 'ALPHA']);

    await poll(async () => (await shown(ext)).length > 0, 'the first suggestions').toBe(true);
    const first = the((await shown(ext))[0], 'the first suggestions');
    expect(first.suggestions).toEqual([
      {
        content: 'https://alpha.example/kept',
        description: '<url>https://alpha.example/kept</url> <dim>Good</dim>',
      },
    ]);

    // The service's answer adds the report the extension did not keep.
    await poll(
      async () => (await shown(ext)).at(-1)?.suggestions.map((s) => s.content),
      'the suggestions after the answer',
    ).toEqual(['https://alpha.example/kept', 'https://alpha.example/listed']);
    expect((await shown(ext)).at(-1)?.text).toBe('ALPHA');
    const requests = listRequests(service);
    expect(requests, 'one list request for the whole burst').toHaveLength(1);
    const query = new URL(the(requests[0], 'the request').path, service.url).searchParams;
    expect(query.get('search')).toBe('ALPHA');
    expect(query.get('per_page')).toBe('10');
  });

  it('Enter on a suggestion opens its report in a new tab', async () => {
    const { ext, service } = the(stack, 'The stack');
    const report = `${service.url}/reports/${the(ids[1], 'the listed id')}`;
    const opened = ext.context.waitForEvent('page', {
      predicate: (page) => page.url() === report,
    });
    await ext.worker.evaluate(() => {
      const event = chrome.omnibox.onInputEntered as unknown as Dispatchable;
      event.dispatch('https://alpha.example/listed', 'newForegroundTab');
    });
    expect((await opened).url()).toBe(report);
  });

  it('Enter on other text opens the workspace’s Reports with the search filled', async () => {
    const { ext } = the(stack, 'The stack');
    const opened = ext.context.waitForEvent('page', {
      predicate: (page) => page.url().includes('sidepanel.html'),
    });
    await ext.worker.evaluate(() => {
      const event = chrome.omnibox.onInputEntered as unknown as Dispatchable;
      event.dispatch('alpha', 'newForegroundTab');
    });
    const workspace = await opened;
    expect(new URL(workspace.url()).hash).toBe('#tab=reports&search=alpha');
    await expect
      .poll(() =>
        workspace
          .getByRole('searchbox')
          .first()
          .inputValue()
          .catch(() => ''),
      )
      .toBe('alpha');
  });
});

describe('links in the selection', () => {
  let service: RunningService | undefined;
  let ext: LoadedExtension | undefined;
  let links: Server | undefined;
  let extensionDir: string | undefined;
  let pageUrl = '';

  const PAGE = `<!doctype html><title>Links</title>
    <p>Before: <a href="https://outside.example/">outside</a></p>
    <div id="picked">
      <a href="https://one.example/a">one</a>
      <a href="https://one.example/a#again">one again</a>
      <a href="http://two.example/b">two</a>
      <a href="mailto:someone@example.com">mail</a>
      <a href="/local">local</a>
    </div>
    <p>After: <a href="https://after.example/">after</a></p>`;

  beforeAll(async () => {
    service = await startService({ port: 0, apiKeys: [API_KEY] });
    links = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(PAGE);
    });
    await new Promise<void>((resolve) => links?.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(links.address() as AddressInfo).port}/links`;
    // The right-click grants activeTab for the page; a dispatched click grants nothing, so this
    // copy holds the loopback host's access instead (the shipped manifest asks for none).
    const copy = await copyOfBuild();
    extensionDir = copy;
    const manifestPath = join(copy, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    manifest.host_permissions = ['http://127.0.0.1/*'];
    await writeFile(manifestPath, JSON.stringify(manifest));
    ext = await launchExtension({ extensionDir: copy });
    await connect(ext, { baseUrl: service.baseUrl, apiKey: API_KEY });
  });

  afterAll(async () => {
    await ext?.close();
    if (extensionDir) await rm(extensionDir, { recursive: true, force: true });
    await new Promise((resolve) => links?.close(resolve));
    await service?.close();
  });

  it('opens Add pages with the http(s) links of the selection, each once', async () => {
    const loaded = the(ext, 'The extension');
    const page = await loaded.context.newPage();
    await page.goto(pageUrl);
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('picked') as HTMLElement);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    });
    const opened = loaded.context.waitForEvent('page', {
      predicate: (candidate) => candidate.url().includes('sidepanel.html'),
    });
    await loaded.worker.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const event = chrome.contextMenus.onClicked as unknown as Dispatchable;
      event.dispatch(
        { menuItemId: 'create-reports-selection-links', pageUrl: url, selectionText: 'one' },
        tab,
      );
    }, pageUrl);
    const workspace = await opened;
    expect(new URL(workspace.url()).hash).toBe('#tab=add-pages');
    // one.example/a (twice), two.example/b and the page's own /local: three addresses.
    await workspace
      .getByText(
        '3 addresses from the links in your selection. Check them below, then report the ones you want.',
      )
      .waitFor();
    for (const address of [
      'https://one.example/a',
      'http://two.example/b',
      `${new URL(pageUrl).origin}/local`,
    ]) {
      await workspace.getByRole('checkbox', { name: address }).waitFor();
    }
    expect(
      await workspace.getByRole('checkbox', { name: 'https://outside.example/' }).count(),
    ).toBe(0);
    await page.close();
  });

  it('says in a notification when the selection holds no links', async () => {
    const loaded = the(ext, 'The extension');
    const page = await loaded.context.newPage();
    await page.goto(pageUrl);
    await page.evaluate(() => getSelection()?.removeAllRanges());
    await loaded.worker.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const event = chrome.contextMenus.onClicked as unknown as Dispatchable;
      event.dispatch({ menuItemId: 'create-reports-selection-links', pageUrl: url }, tab);
    }, pageUrl);
    await poll(
      () => loaded.worker.evaluate(async () => Object.keys(await chrome.notifications.getAll())),
      'the notification',
    ).toContain('selection-links-none');
    await page.close();
  });
});
