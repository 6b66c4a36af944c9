// Builds the Firefox extension (MV3, as `npm run build:firefox` does) once before the Firefox
// suites, and hands them a private copy of it: `npm run zip` and `npm run build:firefox` rebuild
// .output/firefox-mv3 in place, and a browser loading pages from there at that moment fails.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildExtension } from '../e2e/build';
import { copyOfBuild } from '../e2e/flows';
import { findFirefox } from './browser-path';

const FIREFOX_BUILD = resolve(import.meta.dirname, '../../.output/firefox-mv3');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A private copy of the Firefox build, for `installExtension`. */
    firefoxExtensionDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  findFirefox();
  await buildExtension('firefox');
  const dir = await copyOfBuild(FIREFOX_BUILD);
  project.provide('firefoxExtensionDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
