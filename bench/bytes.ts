// What each page of a built extension costs to load, in gzip bytes: the files its HTML loads
// (<script src>, <link rel=stylesheet>, <link rel=modulepreload>) and, transitively, the chunks
// those scripts import statically. Chunks reached only through import() are counted apart: they
// are not part of the first load. Each file is counted once per page.
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  /** Path inside the extension, without a leading slash (e.g. `chunks/popup-abc.js`). */
  file: string;
  bytes: number;
  gzip: number;
}

export interface LoadSize {
  /** What the page (or worker) loads before anything runs: the number the budgets apply to. */
  firstLoad: FileSize[];
  firstLoadGzip: number;
  /** Loaded later through import() (and the stylesheets those chunks bring), not yet counted. */
  lazy: FileSize[];
  lazyGzip: number;
}

/** gzip at zlib's default level (6), each file on its own as the browser reads it. */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content).length;
}

function fileSize(root: string, file: string): FileSize {
  const content = readFileSync(posix.join(root, file));
  return { file, bytes: content.length, gzip: gzipSize(content) };
}

/** An address in the built files, as a path inside the extension (or null for other origins). */
function resolveIn(from: string, reference: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//')) return null;
  const clean = reference.split(/[?#]/)[0] ?? '';
  const path = clean.startsWith('/') ? clean.slice(1) : posix.join(posix.dirname(from), clean);
  return posix.normalize(path);
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : undefined;
}

/** The scripts and stylesheets an HTML file loads, in document order. */
export function htmlAssets(html: string, htmlFile: string): string[] {
  const found: string[] = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag] of withoutComments.matchAll(/<(script|link)\b[^>]*>/gi)) {
    let reference: string | undefined;
    if (/^<script/i.test(tag)) {
      reference = attribute(tag, 'src');
    } else {
      const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('stylesheet') || rel.includes('modulepreload')) {
        reference = attribute(tag, 'href');
      }
    }
    const path = reference && resolveIn(htmlFile, reference);
    if (path) found.push(path);
  }
  return found;
}

export interface JsImports {
  /** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`. */
  static: string[];
  /** `import("./x.js")`. */
  dynamic: string[];
  /**
   * Files named in Vite's preload map (`__vite__mapDeps`): what a dynamic import also loads
   * (its chunks' stylesheets and shared chunks).
   */
  preloadDeps: string[];
}

// Bundlers put static imports and re-exports at the start of a statement; the minified output
// has them as `import{a as b}from"./x.js"` or `import"./x.js"`.
const STATIC_IMPORT =
  /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'\n]+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`\n]+)["'`]\s*\)/g;
const PRELOAD_MAP = /__vite__mapDeps\s*=[^\n]*?m\.f\s*=\s*\[([^\]]*)\]/;

export function jsImports(code: string, jsFile: string): JsImports {
  const resolveAll = (references: Iterable<string>) =>
    [...references]
      .map((reference) => resolveIn(jsFile, reference))
      .filter((path): path is string => path !== null);
  const staticRefs = [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] as string);
  const dynamicRefs = [...code.matchAll(DYNAMIC_IMPORT)].map((match) => match[1] as string);
  const map = PRELOAD_MAP.exec(code)?.[1] ?? '';
  // The map's entries are relative to the extension root, not to the importing chunk.
  const preloadDeps = [...map.matchAll(/["'`]([^"'`]+)["'`]/g)]
    .map((match) => resolveIn('index.html', match[1] as string))
    .filter((path): path is string => path !== null);
  return {
    static: resolveAll(staticRefs.filter((ref) => ref.startsWith('.') || ref.startsWith('/'))),
    dynamic: resolveAll(dynamicRefs.filter((ref) => ref.startsWith('.') || ref.startsWith('/'))),
    preloadDeps,
  };
}

/**
 * Everything loaded from `entries` (paths inside `root`): the entries and the JS they import
 * statically, transitively; then, separately, what their import() calls would add.
 */
export function loadSize(root: string, entries: string[]): LoadSize {
  const first = new Set<string>();
  const lazyRoots = new Set<string>();
  const visit = (file: string, into: Set<string>) => {
    if (into.has(file) || (into !== first && first.has(file))) return;
    if (!existsSync(posix.join(root, file))) {
      throw new Error(`${file} is referenced but not in the build (${root})`);
    }
    into.add(file);
    if (!file.endsWith('.js')) return;
    const imports = jsImports(readFileSync(posix.join(root, file), 'utf8'), file);
    for (const next of imports.static) visit(next, into);
    for (const next of [...imports.dynamic, ...imports.preloadDeps]) lazyRoots.add(next);
  };
  for (const entry of entries) visit(entry, first);
  const lazy = new Set<string>();
  // Lazy chunks may import more lazily; keep going until nothing new turns up.
  for (let pending = [...lazyRoots]; pending.length > 0; ) {
    lazyRoots.clear();
    for (const file of pending) visit(file, lazy);
    pending = [...lazyRoots].filter((file) => !first.has(file) && !lazy.has(file));
  }
  const firstLoad = [...first].map((file) => fileSize(root, file));
  const lazyFiles = [...lazy].filter((file) => !first.has(file)).map((f) => fileSize(root, f));
  const total = (files: FileSize[]) => files.reduce((sum, file) => sum + file.gzip, 0);
  return {
    firstLoad,
    firstLoadGzip: total(firstLoad),
    lazy: lazyFiles,
    lazyGzip: total(lazyFiles),
  };
}

/** What an HTML page of the extension loads. */
export function pageSize(root: string, htmlFile: string): LoadSize {
  const html = readFileSync(posix.join(root, htmlFile), 'utf8');
  return loadSize(root, htmlAssets(html, htmlFile));
}

/** The background: the manifest's service worker (MV3) or scripts (MV2). */
export function backgroundSize(root: string): LoadSize {
  const manifest = JSON.parse(readFileSync(posix.join(root, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string; scripts?: string[] };
  };
  const background = manifest.background;
  const entries = background?.service_worker
    ? [background.service_worker]
    : (background?.scripts ?? []);
  if (entries.length === 0) throw new Error(`No background script in ${root}/manifest.json`);
  return loadSize(
    root,
    entries.map((entry) => resolveIn('manifest.json', entry) ?? entry),
  );
}

export interface ExtensionBytes {
  popup: LoadSize;
  options: LoadSize;
  /** The workspace (sidepanel.html: the side panel, the sidebar, and the page in a tab). */
  workspace: LoadSize;
  background: LoadSize;
}

export function extensionBytes(root: string): ExtensionBytes {
  return {
    popup: pageSize(root, 'popup.html'),
    options: pageSize(root, 'options.html'),
    workspace: pageSize(root, 'sidepanel.html'),
    background: backgroundSize(root),
  };
}
