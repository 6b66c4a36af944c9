// What each page of a built extension loads first, in gzip bytes (README.md), and apart what it
// loads only by import().
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ByteBudgetName } from './budgets';

/** gzip at zlib's default level, each file on its own. */
export const gzipSize = (content: Buffer | string): number => gzipSync(content).length;

/** A reference as a path inside the extension; '' for another origin. */
function resolveIn(from: string, reference: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//')) return '';
  const path = reference.split(/[?#]/)[0] ?? '';
  return posix.join(path.startsWith('/') ? '.' : posix.dirname(from), path);
}

const attribute = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return found?.[1] ?? found?.[2] ?? found?.[3];
};

/** The scripts, stylesheets and module preloads an HTML file loads, in document order. */
export function htmlAssets(html: string, htmlFile: string): string[] {
  const tags = html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<(script|link)\b[^>]*>/gi);
  return [...tags]
    .map(([tag]) => {
      if (/^<script/i.test(tag)) return attribute(tag, 'src');
      const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
      return rel.includes('stylesheet') || rel.includes('modulepreload')
        ? attribute(tag, 'href')
        : undefined;
    })
    .map((reference) => (reference ? resolveIn(htmlFile, reference) : ''))
    .filter(Boolean);
}

// Minified static imports and re-exports: `import{a as b}from"./x.js"`, `import"./x.js"`.
const STATIC_IMPORT =
  /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'\n]+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`\n]+)["'`]\s*\)/g;
const PRELOAD_MAP = /__vite__mapDeps\s*=[^\n]*?m\.f\s*=\s*\[([^\]]*)\]/;

/** A chunk's static and dynamic imports, and the files Vite's preload map names. */
export function jsImports(code: string, jsFile: string) {
  const found = (text: string, regex: RegExp, from: string, local: boolean) =>
    [...text.matchAll(regex)]
      .map((match) => match[1] as string)
      .filter((ref) => !local || ref.startsWith('.') || ref.startsWith('/'))
      .map((ref) => resolveIn(from, ref))
      .filter(Boolean);
  const map = PRELOAD_MAP.exec(code)?.[1] ?? '';
  return {
    static: found(code, STATIC_IMPORT, jsFile, true),
    dynamic: found(code, DYNAMIC_IMPORT, jsFile, true),
    // The map's entries are relative to the extension's root.
    preloadDeps: found(map, /["'`]([^"'`]+)["'`]/g, 'index.html', false),
  };
}

/** What `entries` (paths inside `root`) load first, and `lazy`: what their import() calls add. */
export function loadSize(root: string, entries: string[]) {
  const [firstFiles, lazyFiles] = [new Set<string>(), new Set<string>()];
  const later: string[] = []; // import() and Vite's preload map
  const visit = (file: string, into: Set<string>) => {
    if (firstFiles.has(file) || into.has(file)) return;
    if (!existsSync(posix.join(root, file)))
      throw new Error(`${file} is referenced but not in the build (${root})`);
    into.add(file);
    if (!file.endsWith('.js')) return;
    const imports = jsImports(readFileSync(posix.join(root, file), 'utf8'), file);
    for (const next of imports.static) visit(next, into);
    later.push(...imports.dynamic, ...imports.preloadDeps);
  };
  for (const entry of entries) visit(entry, firstFiles);
  for (let file = later.shift(); file !== undefined; file = later.shift()) visit(file, lazyFiles);
  const sizes = (files: Set<string>) =>
    [...files].map((file) => ({ file, gzip: gzipSize(readFileSync(posix.join(root, file))) }));
  const [firstLoad, lazy] = [sizes(firstFiles), sizes(lazyFiles)];
  const total = (files: { gzip: number }[]) => files.reduce((sum, file) => sum + file.gzip, 0);
  return { firstLoad, firstLoadGzip: total(firstLoad), lazy, lazyGzip: total(lazy) };
}

/** What an HTML page of the extension loads. */
export const pageSize = (root: string, htmlFile: string) =>
  loadSize(root, htmlAssets(readFileSync(posix.join(root, htmlFile), 'utf8'), htmlFile));

/** Each budgeted load: popup.html, options.html, sidepanel.html (the workspace), background. */
export function extensionBytes(root: string) {
  const manifest = JSON.parse(readFileSync(posix.join(root, 'manifest.json'), 'utf8'));
  const worker: string | undefined = manifest.background?.service_worker;
  if (!worker) throw new Error(`No background service worker in ${root}/manifest.json`);
  return {
    popup: pageSize(root, 'popup.html'),
    options: pageSize(root, 'options.html'),
    workspace: pageSize(root, 'sidepanel.html'),
    background: loadSize(root, [resolveIn('manifest.json', worker)]),
  } satisfies Record<ByteBudgetName, unknown>;
}
