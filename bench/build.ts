// Builds and zips the production extension for the benchmark, beside (never over) the builds the
// end-to-end tests make: `.output/bench-chrome-mv3`, `.output/bench-firefox-mv3` and zips named
// `bench-…zip`. The output base stays `.output`, so WXT's generated tsconfig keeps excluding it.
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { type InlineConfig, zip } from 'wxt';
import { quietLogger } from '../test/e2e/build';

const ROOT = resolve(import.meta.dirname, '..');

export const BENCH_CHROME_DIR = resolve(ROOT, '.output/bench-chrome-mv3');

const quiet: InlineConfig = {
  root: ROOT,
  outDirTemplate: 'bench-{{browser}}-mv{{manifestVersion}}',
  zip: {
    artifactTemplate: 'bench-{{name}}-{{version}}-{{browser}}.zip',
    sourcesTemplate: 'bench-{{name}}-{{version}}-sources.zip',
  },
  logger: quietLogger,
};

export interface ZipSize {
  /** 'chrome', 'firefox' or 'sources' (the Firefox sources package). */
  name: string;
  file: string;
  bytes: number;
}

function zipName(path: string): string {
  const file = basename(path);
  if (file.endsWith('-sources.zip')) return 'sources';
  if (file.endsWith('-firefox.zip')) return 'firefox';
  if (file.endsWith('-chrome.zip')) return 'chrome';
  return file;
}

/** Builds and zips Chrome (MV3) and Firefox (MV3, as `npm run zip` does); the zips' sizes. */
export async function buildAndZip(): Promise<ZipSize[]> {
  // A production build whatever the environment says (Vite goes by NODE_ENV; see
  // test/e2e/build.ts).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let paths: string[];
  try {
    const chrome = await zip({ ...quiet, browser: 'chrome' });
    const firefox = await zip({ ...quiet, browser: 'firefox', manifestVersion: 3 });
    paths = [...chrome, ...firefox];
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return paths.map((path) => ({
    name: zipName(path),
    file: basename(path),
    bytes: statSync(path).size,
  }));
}
