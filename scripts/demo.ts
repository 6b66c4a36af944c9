// The demo: builds the extension, starts the local Site Report Service with a demo key and its
// sample pages, and opens Chromium with the extension loaded and already connected, on a sample
// page. With --headless, or on a machine without a display, it walks the main flow instead and
// saves screenshots to docs/screenshots/ (or the folder given with --screenshots).
//   npm run demo
//   npm run demo -- --headless [--port 8787] [--screenshots docs/screenshots]
import { mkdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { startService } from '../server/service';
import { buildExtension } from '../test/e2e/build';
import {
  connect,
  type LoadedExtension,
  launchExtension,
  readBadge,
  tabIdOf,
} from '../test/e2e/extension';
import { waitUntil } from '../test/e2e/flows';

const DEMO_KEY = 'demo-key-site-report';
const { values } = parseArgs({
  options: {
    headless: { type: 'boolean', default: false },
    port: { type: 'string', default: '8787' },
    screenshots: {
      type: 'string',
      default: resolve(import.meta.dirname, '../docs/screenshots'),
    },
  },
});
const SCREENSHOTS = resolve(values.screenshots);

/** A path as a person reads it: relative to where the demo runs when it lies inside it. */
function shown(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') ? inside : path;
}

// Without a display there is no window to open: walk the demo headless instead.
const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const headless = values.headless || !hasDisplay;
if (!values.headless && !hasDisplay) {
  console.log(
    `No display found to open a browser window on: walking the demo headless instead, saving screenshots to ${shown(SCREENSHOTS)}.`,
  );
}

console.log('Building the extension…');
await buildExtension();

const service = await startService({
  port: Number(values.port),
  apiKeys: [DEMO_KEY],
  serveSamples: true,
  log: headless ? undefined : (line) => console.log(`  service: ${line}`),
});
const samples = service.sampleUrls;
if (!samples) throw new Error('The service did not serve its sample pages.');
console.log(`Site Report Service: ${service.baseUrl} (API key ${DEMO_KEY})`);

const ext = await launchExtension({
  headless,
  viewport: headless ? undefined : null,
});
await connect(ext, { baseUrl: service.baseUrl, apiKey: DEMO_KEY });
const page = ext.context.pages()[0] ?? (await ext.context.newPage());
await page.goto(samples.good);

if (headless) {
  try {
    await walkThrough(ext, samples);
    console.log(`Screenshots saved to ${shown(SCREENSHOTS)}.`);
  } finally {
    await ext.close();
    await service.close();
  }
} else {
  console.log(
    `Chromium is open on ${samples.good}, with Site Report connected.\nClick the Site Report button in the toolbar (or press Alt+Shift+S) and choose Create report.\nOther sample pages: ${samples.decent}, ${samples.bad}.\nClose the browser or press Ctrl-C to stop.`,
  );
  const stop = async () => {
    await ext.close().catch(() => {});
    await service.close();
    process.exit(0);
  };
  ext.context.on('close', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Creates a report, checks the badge, lists reports, and photographs each screen. */
async function walkThrough(
  ext: LoadedExtension,
  samples: Record<'good' | 'decent' | 'bad', string>,
) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const shoot = async (target: Page, name: string) => {
    const path = join(SCREENSHOTS, `${name}.png`);
    await target.screenshot({ path });
    console.log(`  saved ${shown(path)}`);
  };

  // A couple of older reports, so the Reports view has something to list.
  await service.seed(
    [
      { url: samples.bad, result: 'bad', generatedAt: new Date(Date.now() - 3 * 86_400_000) },
      { url: samples.decent, result: 'decent', generatedAt: new Date(Date.now() - 3_600_000) },
    ],
    DEMO_KEY,
  );

  const popup = await ext.openWindow('popup.html');
  await popup.setViewportSize({ width: 400, height: 560 });
  await popup.getByRole('button', { name: 'Create report' }).click();
  const rating = popup.getByText(/^(Good|Decent|Bad)$/).first();
  await rating.waitFor({ timeout: 30_000 });
  console.log(`Created a report for ${samples.good}: ${await rating.textContent()}`);
  const tabId = await tabIdOf(ext, samples.good);
  let badge = await readBadge(ext, tabId);
  await waitUntil(
    async () => {
      badge = await readBadge(ext, tabId);
      return badge.text !== '';
    },
    'the toolbar badge',
    10_000,
  );
  console.log(`Toolbar badge: "${badge.text}" (${badge.title})`);
  await shoot(popup, 'popup-this-page');

  await popup.getByRole('tab', { name: 'Reports' }).click();
  await popup.getByRole('list').getByRole('listitem').nth(2).waitFor();
  console.log(`Reports listed: ${await popup.getByRole('list').getByRole('listitem').count()}`);
  await shoot(popup, 'popup-reports');

  await popup.emulateMedia({ colorScheme: 'dark' });
  await shoot(popup, 'popup-reports-dark');
  await popup.close();

  // The workspace as a side panel is about this narrow; here it is a tab, in dark mode.
  const workspace = await ext.openTab('sidepanel.html');
  await workspace.setViewportSize({ width: 520, height: 640 });
  await workspace.emulateMedia({ colorScheme: 'dark' });
  const rows = workspace.getByRole('table').getByRole('row');
  await rows.nth(3).waitFor();
  console.log(`Workspace rows: ${(await rows.count()) - 1}`);
  await shoot(workspace, 'workspace-dark');
  await workspace.close();

  const options = await ext.openTab('options.html');
  await options.setViewportSize({ width: 800, height: 900 });
  await options.getByRole('button', { name: 'Test connection' }).click();
  await options
    .getByRole('status')
    .filter({ hasText: /connected/i })
    .waitFor();
  await shoot(options, 'options');
}
