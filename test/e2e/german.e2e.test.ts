// The extension in a German browser: Chromium started with --lang=de (and LANGUAGE=de, and a
// German navigator.language) shows the popup and the options page from _locales/de, and no
// German word is too long for the popup: nothing sticks out at the popup's narrowest width, no
// button or tab label wraps, no select cuts its choice off.
// With SCREENSHOTS_DIR set (e.g. docs/screenshots), it also photographs the popup in German.
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { findChromium } from './browser-path';
import { connect, type LoadedExtension, launchExtension } from './extension';
import { badgeOf, copyOfBuild, openPageTab, poll, the } from './flows';

const API_KEY = 'german-e2e-key-0001';
/** The popup's narrowest width (its body's min-width): where a long word first breaks out. */
const NARROWEST = 360;
/** The width the demo photographs the popup at. */
const PHOTO = { width: 400, height: 560 };
const SCREENSHOTS = process.env.SCREENSHOTS_DIR ? resolve(process.env.SCREENSHOTS_DIR) : null;

/**
 * Whether this Chromium has its German UI strings (Debian: the chromium-l10n package). Without
 * them --lang=de still picks the extension's German messages, but chrome.i18n.getUILanguage()
 * stays en-US.
 */
function hasGermanUi(): boolean {
  const executable = realpathSync(findChromium());
  return [join(dirname(executable), 'locales'), '/usr/lib/chromium/locales'].some((dir) =>
    existsSync(join(dir, 'de.pak')),
  );
}

let service: RunningService | undefined;
let extensionDir: string | undefined;
let ext: LoadedExtension | undefined;
let popup: Page | undefined;

beforeAll(async () => {
  service = await startService({ port: 0, apiKeys: [API_KEY], serveSamples: true });
  const samples = the(service.sampleUrls ?? undefined, 'The sample pages');
  // Older reports, so the Reports view lists a few (and says how long ago, in German).
  await service.seed(
    [
      { url: samples.bad, result: 'bad', generatedAt: new Date(Date.now() - 3 * 86_400_000) },
      { url: samples.decent, result: 'decent', generatedAt: new Date(Date.now() - 3_600_000) },
    ],
    API_KEY,
  );
  extensionDir = await copyOfBuild();
  ext = await launchExtension({ extensionDir, lang: 'de' });
  await connect(ext, { baseUrl: service.baseUrl, apiKey: API_KEY });
  await openPageTab(ext, samples.good);
});

afterAll(async () => {
  await ext?.close();
  if (extensionDir) await rm(extensionDir, { recursive: true, force: true });
  await service?.close();
});

/**
 * What does not fit on the page at its current width, as sentences: the page scrolling sideways,
 * an element reaching past its right edge or clipping its content, a button or tab whose label
 * wraps onto a second line, a select too narrow for its chosen option.
 */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    // Text for screen readers only (.visually-hidden) is clipped to 1px on purpose.
    const shown = (element: Element) =>
      element.getClientRects().length > 0 && !element.closest('.visually-hidden');
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 50)}"`;
    for (const box of [root, document.body]) {
      if (box.scrollWidth > box.clientWidth) {
        problems.push(`the page scrolls sideways: ${box.scrollWidth}px in ${box.clientWidth}px`);
      }
    }
    const boxes = 'button, [role="tab"], select, input, label, a, p, li, h1, h2, legend, .legend';
    for (const element of document.querySelectorAll<HTMLElement>(boxes)) {
      if (!shown(element)) continue;
      const right = element.getBoundingClientRect().right;
      if (right > width + 0.5) {
        problems.push(`${describe(element)} reaches ${Math.round(right)}px of ${width}px`);
      }
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        problems.push(
          `${describe(element)} clips its content: ${element.scrollWidth}px in ${element.clientWidth}px`,
        );
      }
    }
    for (const element of document.querySelectorAll('button:not(.link), [role="tab"]')) {
      if (!shown(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)));
      if (lines.size > 1) problems.push(`${describe(element)} wraps onto ${lines.size} lines`);
    }
    const context = document.createElement('canvas').getContext('2d');
    for (const select of document.querySelectorAll('select')) {
      const chosen = select.selectedOptions[0]?.text ?? '';
      if (!shown(select) || !context) continue;
      const style = getComputedStyle(select);
      context.font = style.font;
      // The drop-down arrow takes about 20px of the box.
      const room =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = context.measureText(chosen).width + 20;
      if (needed > room) {
        problems.push(`<select> cuts off "${chosen}": ${Math.round(needed)}px in ${room}px`);
      }
    }
    return problems;
  });
}

/** What does not fit at the popup's narrowest width; the view is left at the photo's size. */
async function overflowsWhenNarrow(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: NARROWEST, height: PHOTO.height });
  try {
    return await overflows(page);
  } finally {
    await page.setViewportSize(PHOTO);
  }
}

async function photograph(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

const button = (scope: Page, name: string) => scope.getByRole('button', { name, exact: true });

describe('a German browser', () => {
  it('gives the extension the German messages', async () => {
    const { worker } = the(ext, 'The browser');
    const read = await worker.evaluate(() => ({
      create: chrome.i18n.getMessage('popup_createReport'),
      name: chrome.i18n.getMessage('extName'),
    }));
    expect(read).toEqual({ create: 'Bericht erstellen', name: 'Site Report' });
  });

  it.runIf(hasGermanUi())('reports German as its UI language', async () => {
    const { worker } = the(ext, 'The browser');
    expect(await worker.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^de\b/);
  });
});

describe('the popup in German', () => {
  it('creates a report: German names, the rating word and badge, and nothing too wide', async () => {
    const loaded = the(ext, 'The browser');
    const samples = the(service?.sampleUrls ?? undefined, 'The sample pages');
    popup = await loaded.openWindow('popup.html');
    await popup.setViewportSize(PHOTO);
    for (const name of ['Diese Seite', 'Berichte', 'Projekte']) {
      await popup.getByRole('tab', { name, exact: true }).waitFor();
    }
    const privacy = popup.getByRole('radiogroup', { name: 'Sichtbarkeit', exact: true });
    expect(await privacy.getByRole('radio', { name: 'Öffentlich', exact: true }).isChecked()).toBe(
      true,
    );

    // The longest state of the form: Password chosen, with its box and hint.
    await privacy.getByRole('radio', { name: 'Passwort', exact: true }).check();
    await popup.getByRole('textbox', { name: 'Berichtspasswort', exact: true }).waitFor();
    expect(await overflowsWhenNarrow(popup), 'the form with a password').toEqual([]);
    await privacy.getByRole('radio', { name: 'Öffentlich', exact: true }).check();

    await button(popup, 'Bericht erstellen').click();
    const outcome = popup.getByRole('region', { name: 'Bericht für diese Seite', exact: true });
    await outcome.getByText('Gut', { exact: true }).waitFor({ timeout: 30_000 });
    for (const name of ['Bericht öffnen', 'Neu analysieren', 'Sichtbarkeit ändern', 'Löschen']) {
      await button(popup, name).waitFor();
    }
    expect(await outcome.textContent()).toContain('Sichtbarkeit: Öffentlich');
    await poll(() => badgeOf(loaded, samples.good), 'the badge').toMatchObject({
      text: 'Gut',
      title: expect.stringMatching(/^Site Report: Gut, analysiert am /),
    });
    // Why it got its rating, in German: the one check the good sample fails.
    const why = popup.getByRole('region', { name: 'Warum diese Bewertung', exact: true });
    await why.getByText('11 von 12 Prüfungen bestanden', { exact: true }).waitFor();
    expect(await why.getByRole('listitem').allTextContents()).toEqual([
      'HTTPS-Verschlüsselung hohe Bedeutung',
    ]);
    expect(await overflowsWhenNarrow(popup), 'the outcome').toEqual([]);
    await photograph(popup, 'popup-de');

    // The privacy editor, open inside the outcome.
    await button(popup, 'Sichtbarkeit ändern').click();
    await button(popup, 'Sichtbarkeit speichern').waitFor();
    expect(await overflowsWhenNarrow(popup), 'the privacy editor').toEqual([]);
    await button(popup, 'Sichtbarkeit ändern').click();
  });

  it('lists reports: German filters, times and paging, and nothing too wide', async () => {
    const page = the(popup, 'The popup');
    await page.getByRole('tab', { name: 'Berichte', exact: true }).click();
    const list = page.getByRole('list', { name: 'Berichte', exact: true });
    await list.getByRole('listitem').nth(2).waitFor();
    await page.getByRole('searchbox', { name: 'Berichte durchsuchen', exact: true }).waitFor();
    for (const name of ['Ergebnis', 'Projekt', 'Sortieren nach', 'Reihenfolge', 'Pro Seite']) {
      await page.getByRole('combobox', { name, exact: true }).waitFor();
    }
    await button(page, 'Vorherige Seite').waitFor();
    await button(page, 'Nächste Seite').waitFor();
    // Times come from Intl in the browser's language.
    expect(await list.textContent()).toContain('vor 3 Tagen');
    expect(await overflowsWhenNarrow(page), 'the Reports view').toEqual([]);
    await photograph(page, 'popup-de-reports');

    // The delete question.
    await list.getByRole('listitem').first().getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Diesen Bericht löschen?' }).waitFor();
    await button(page, 'Abbrechen').waitFor();
    expect(await overflowsWhenNarrow(page), 'the delete question').toEqual([]);
    await button(page, 'Abbrechen').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lists projects in German, with nothing too wide', async () => {
    const page = the(popup, 'The popup');
    await page.getByRole('tab', { name: 'Projekte', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Projekte durchsuchen', exact: true }).waitFor();
    await page
      .getByRole('list', { name: 'Projekte', exact: true })
      .getByRole('listitem')
      .first()
      .waitFor();
    expect(await overflowsWhenNarrow(page), 'the Projects view').toEqual([]);
  });
});

describe('the check for what does not fit', () => {
  it('finds a wrapping tab label, a cut-off select and a page that scrolls sideways', async () => {
    const page = the(popup, 'The popup');
    await page.evaluate(() => {
      const tab = document.createElement('button');
      tab.setAttribute('role', 'tab');
      tab.textContent = 'Berichte und Projekte dieser Website im Überblick';
      tab.dataset.probe = '';
      document.querySelector('[role="tablist"]')?.append(tab);
      const select = document.createElement('select');
      select.append(new Option('Donaudampfschifffahrtsgesellschaftskapitän'));
      select.style.width = '8rem';
      select.dataset.probe = '';
      const line = document.createElement('p');
      line.textContent = 'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz';
      line.style.whiteSpace = 'nowrap';
      line.style.width = 'max-content';
      line.dataset.probe = '';
      document.body.append(select, line);
    });
    try {
      const found = await overflowsWhenNarrow(page);
      expect(found).toContainEqual(expect.stringMatching(/^<button> "Berichte und .*" wraps/));
      expect(found).toContainEqual(expect.stringMatching(/^<select> cuts off "Donau/));
      expect(found).toContainEqual(expect.stringMatching(/^the page scrolls sideways/));
      expect(found).toContainEqual(expect.stringMatching(/^<p> "Rindfleisch.*" reaches/));
    } finally {
      await page.evaluate(() => {
        for (const probe of document.querySelectorAll('[data-probe]')) probe.remove();
      });
    }
    expect(await overflowsWhenNarrow(page), 'without the probes').toEqual([]);
  });
});

describe('the options page in German', () => {
  it('names its controls in German and tests the connection', async () => {
    const page = await the(ext, 'The browser').openTab('options.html');
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByRole('textbox', { name: 'Dienst-URL', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'API-Schlüssel', exact: true }).waitFor();
    await page.getByRole('radiogroup', { name: 'Standard-Sichtbarkeit', exact: true }).waitFor();
    for (const name of ['Schlüssel anzeigen', 'Speichern', 'Verbindung testen']) {
      await button(page, name).waitFor();
    }
    await page
      .getByRole('checkbox', {
        name: 'Bewertung auf der Schaltfläche in der Symbolleiste anzeigen',
      })
      .waitFor();
    await button(page, 'Verbindung testen').click();
    await poll(
      async () => (await page.getByRole('status').textContent()) ?? '',
      'the Test connection outcome',
    ).toMatch(/^Verbunden\b/);
    expect(await overflows(page), 'the options page').toEqual([]);
    await page.close();
  });
});
