// Seed data for the list suites and the expectations derived from it, readers that see the
// popup's lists the way a screen reader does (roles and accessible names), and a private copy of
// the built extension, which the three popup suites share.
import { watch } from 'node:fs';
import { access, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { RunningService, SeedReport } from '../../server/service';
import { withOutputLock } from '../support/output-lock';
import { EXTENSION_DIR } from './extension';

export type Rating = 'good' | 'decent' | 'bad';

export interface SeededReport {
  id: number;
  url: string;
  host: string;
  result: Rating;
  createdAt: string;
  generatedAt: string;
}

const HOUR = 3_600_000;
const CREATED_BASE = Date.parse('2026-01-05T08:00:00Z');
const GENERATED_BASE = Date.parse('2026-03-01T08:00:00Z');
const RESULTS: Rating[] = ['good', 'bad', 'decent', 'good', 'decent', 'bad', 'good'];

/**
 * 30 reports over four hosts. Each host's first report comes in a different order from its
 * name, so "Date created" and "Name" sort projects differently; generation times are a
 * permutation of the creation order, so "Date generated" differs from "Date created"; three
 * URLs contain "pricing" (one in capitals, the search ignores case).
 */
const PATHS: [host: string, path: string][] = [
  ['gamma.example', '/'],
  ['beta.example', '/'],
  ['gamma.example', '/pricing'],
  ['delta.example', '/'],
  ['alpha.example', '/'],
  ['beta.example', '/blog/first-post'],
  ['alpha.example', '/about'],
  ['gamma.example', '/docs/install'],
  ['beta.example', '/Pricing/plans'],
  ['alpha.example', '/contact'],
  ['delta.example', '/shop'],
  ['gamma.example', '/docs/api'],
  ['alpha.example', '/careers'],
  ['beta.example', '/blog/second-post'],
  ['alpha.example', '/team'],
  ['delta.example', '/shop/cart'],
  ['gamma.example', '/docs/faq'],
  ['alpha.example', '/news'],
  ['beta.example', '/blog/third-post'],
  ['alpha.example', '/legal/privacy-policy'],
  ['delta.example', '/shop/checkout'],
  ['gamma.example', '/changelog'],
  ['alpha.example', '/partners'],
  ['beta.example', '/events'],
  ['alpha.example', '/zoo'],
  ['delta.example', '/pricing-table'],
  ['gamma.example', '/support'],
  ['alpha.example', '/archive'],
  ['beta.example', '/help'],
  ['alpha.example', '/status'],
];

export const SEARCH_TERM = 'pricing';

export function seedReports(): (SeedReport & { url: string; result: Rating })[] {
  return PATHS.map(([host, path], index) => ({
    url: `https://${host}${path}`,
    result: RESULTS[index % RESULTS.length] as Rating,
    createdAt: new Date(CREATED_BASE + index * HOUR).toISOString(),
    // 7 and 30 are coprime: a permutation of 0..29 that is not the creation order.
    generatedAt: new Date(GENERATED_BASE + ((index * 7) % 30) * HOUR).toISOString(),
  }));
}

/** Seeds the reports into the service; what was stored, with the ids it gave them. */
export async function seedLists(service: RunningService): Promise<SeededReport[]> {
  const reports = seedReports();
  const ids = await service.seed(reports);
  return reports.map((report, index) => ({
    id: ids[index] as number,
    url: report.url,
    host: new URL(report.url).host,
    result: report.result,
    createdAt: report.createdAt as string,
    generatedAt: report.generatedAt as string,
  }));
}

export type ReportSortKey = 'created' | 'generated' | 'url';
export type Order = 'asc' | 'desc';

/** The reports in the order a sort by a unique key gives (date created is the id order). */
export function sortedReports(
  reports: SeededReport[],
  key: ReportSortKey,
  order: Order,
): SeededReport[] {
  const value = (report: SeededReport): number | string =>
    key === 'created'
      ? report.id
      : key === 'generated'
        ? Date.parse(report.generatedAt)
        : report.url.toLowerCase();
  const sorted = [...reports].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return order === 'asc' ? sorted : sorted.reverse();
}

export interface SeededProject {
  name: string;
  /** The creation time of its first report. */
  createdAt: number;
}

export function projectsOf(reports: SeededReport[]): SeededProject[] {
  const projects = new Map<string, number>();
  for (const report of reports) {
    const created = Date.parse(report.createdAt);
    projects.set(report.host, Math.min(projects.get(report.host) ?? created, created));
  }
  return [...projects].map(([name, createdAt]) => ({ name, createdAt }));
}

export function sortedProjects(
  projects: SeededProject[],
  key: 'created' | 'name',
  order: Order,
): string[] {
  const sorted = [...projects].sort((a, b) =>
    key === 'created' ? a.createdAt - b.createdAt : a.name.localeCompare(b.name),
  );
  return (order === 'asc' ? sorted : sorted.reverse()).map((project) => project.name);
}

export const RATING_WORDS: Record<Rating, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };

export interface ShownReport {
  url: string;
  /** The rating word the row shows, or '' when it shows none. */
  rating: string;
}

/** The popup's "Reports" list. */
export function reportList(popup: Page): Locator {
  return popup.getByRole('list', { name: 'Reports' });
}

/** The popup's "Projects" list. */
export function projectList(popup: Page): Locator {
  return popup.getByRole('list', { name: 'Projects' });
}

/**
 * Each row of the Reports list: its link (the URL) and the rating word it shows. Read with
 * calls that never wait, so a list re-rendering under the reader cannot stall it.
 */
export async function shownReports(popup: Page): Promise<ShownReport[]> {
  const list = reportList(popup);
  const urls = await list.getByRole('link').allTextContents();
  const words = await list.getByText(/^(Good|Decent|Bad)$/).allTextContents();
  return urls.map((url, index) => ({ url: url.trim(), rating: words[index]?.trim() ?? '' }));
}

export async function shownUrls(popup: Page): Promise<string[]> {
  return (await reportList(popup).getByRole('link').allTextContents()).map((url) => url.trim());
}

/** The row actions of the Projects list, which are not project names. */
const PROJECT_ACTIONS = ['Watch project', 'Delete'];

/** The project names in the Projects list, in order (each row: its name, then its actions). */
export async function shownProjects(popup: Page): Promise<string[]> {
  const buttons = await projectList(popup).getByRole('button').allTextContents();
  return buttons.map((text) => text.trim()).filter((text) => !PROJECT_ACTIONS.includes(text));
}

/** "Page 2 of 3" and the like, as the pager shows it ('' when there is no pager). */
export function pagerText(popup: Page): Promise<string> {
  return popup
    .getByRole('navigation', { name: 'Pages', exact: true })
    .getByText(/^Page \d+/)
    .allTextContents()
    .then((texts) => texts.map((text) => text.trim()).join(' | '));
}

/** GET on the service's API with the key, as any other client would; the parsed body. */
export async function apiGet<T = unknown>(service: RunningService, path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${service.apiKey}`, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Whether a copied build has its manifest and every file its pages and manifest name. */
async function isCompleteBuild(dir: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    const pages = [manifest.action?.default_popup, manifest.options_ui?.page].filter(Boolean);
    const files = [manifest.background?.service_worker, ...pages, ...Object.values(manifest.icons)];
    for (const page of pages) {
      const html = await readFile(join(dir, page), 'utf8');
      for (const match of html.matchAll(/(?:src|href)="\/([^"]+)"/g)) files.push(match[1]);
    }
    await Promise.all(files.map((file) => access(join(dir, String(file)))));
    return true;
  } catch {
    return false;
  }
}

/** Resolves at the next change under `dir`, or after `ms` when nothing changes. */
function nextChange(dir: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, { recursive: true }, () => done());
    const timer = setTimeout(() => done(), ms);
    function done() {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
  });
}

export interface ExtensionSnapshot {
  dir: string;
  remove(): Promise<void>;
}

/**
 * A private copy of the built extension to load. Every vitest run's global setup rebuilds
 * .output/chrome-mv3 in place, so a run started in parallel (another suite, another engineer)
 * would swap the files — and their hashed chunk names — under a browser that loaded them.
 * A copy taken in the middle of such a rebuild is incomplete: wait for the next change, retry.
 */
export async function snapshotExtension(source = EXTENSION_DIR): Promise<ExtensionSnapshot> {
  for (let attempt = 1; ; attempt++) {
    const dir = await mkdtemp(join(tmpdir(), 'site-report-extension-'));
    const remove = () => rm(dir, { recursive: true, force: true });
    // Under the lock that this run's `npm run zip` and `npm run demo` tests rebuild under.
    const copied = await withOutputLock(() => cp(source, dir, { recursive: true })).then(
      () => true,
      () => false,
    );
    if (copied && (await isCompleteBuild(dir))) return { dir, remove };
    await remove();
    if (attempt >= 10) throw new Error(`${source} stayed incomplete: is a build failing?`);
    await nextChange(source, 1_000).catch(() => undefined);
  }
}
