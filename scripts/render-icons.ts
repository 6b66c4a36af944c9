// Renders assets/icon.svg into the PNG sizes the browsers and stores ask for (public/icon/),
// using the same Chromium the end-to-end tests drive. Run after changing the SVG:
//   npx tsx scripts/render-icons.ts
import { mkdir, readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { findChromium } from '../test/e2e/browser-path';

const SIZES = [16, 32, 48, 96, 128];

const svg = await readFile(new URL('../assets/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await mkdir(new URL('../public/icon/', import.meta.url), { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({
      path: new URL(`../public/icon/${size}.png`, import.meta.url).pathname,
      omitBackground: true,
    });
  }
} finally {
  await browser.close();
}
