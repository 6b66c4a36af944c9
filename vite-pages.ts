// How Vite bundles the extension's pages (wxt.config.ts): what popup.html loads before it shows
// anything has a budget (bench/budgets.ts), and what each page loads first, file by file, is time
// before its script runs. Two things Vite does by default cost the pages in both.
//
// - Every import() is wrapped in Vite's preload helper, which preloads the imported chunk's
//   scripts and stylesheets (some 0.7 kB). An extension page loads its chunks from the package:
//   scripts need no preloading. A small helper takes its place that loads only the stylesheets
//   of a split-off chunk (the popup's alerts and dialogs, its lists), before the chunk runs.
// - Rolldown puts each group of modules that the same pages use in a chunk of its own; with the
//   workspace and the options page sharing different parts of the popup's code, popup.html
//   would load six scripts and the workspace eight. Each file is a request to the package that
//   the browser answers before the page's script runs, which costs more than its bytes: with
//   four, the workspace's script started some 10 ms sooner than with eight. A page's first load is
//   its own chunk and one shared chunk per set of pages that load the same modules first
//   (`pageChunks`): popup.html loads two scripts, options.html three, the workspace four.
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const PRELOAD_HELPER = '\0vite/preload-helper.js';

// `deps` are the stylesheets' paths from the root of the extension (its base is '/'). One that
// is in the page already (its link in the HTML, or loaded before) is not loaded again.
const STYLESHEET_PRELOAD = `const loading = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map((dep) => {
      const href = '/' + dep;
      if (loading[href] || document.querySelector('link[href="' + href + '"]')) return loading[href];
      return (loading[href] = new Promise((done, fail) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = done;
        link.onerror = () => {
          delete loading[href];
          link.remove();
          fail(new Error('Unable to preload CSS for ' + href));
        };
        document.head.append(link);
      }));
    }),
  ).then(load);
`;

/** What `page` imports statically, transitively (module ids), as the chunking sees them. */
function staticImports(page: string, getModuleInfo: (id: string) => Rolldown.ModuleInfo | null) {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(page);
  return found;
}

/** The pages whose first loads are chunked, from the project's root; the popup first. */
const PAGES = {
  popup: 'entrypoints/popup/index.html',
  options: 'entrypoints/options/index.html',
  workspace: 'entrypoints/sidepanel/index.html',
} as const;

type PageName = keyof typeof PAGES;

export function pageChunks(): Plugin {
  let root = '';
  /** What each page loads first (module ids); found once per build. */
  let firstLoads: [PageName, Set<string>][] | undefined;
  return {
    name: 'site-report:page-chunks',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      build: {
        modulePreload: {
          polyfill: false,
          // The pages' own scripts keep their <link rel=modulepreload>; import() gets only the
          // stylesheets its chunk needs.
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
        },
      },
    }),
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      firstLoads = undefined;
    },
    load(id) {
      return id === PRELOAD_HELPER ? STYLESHEET_PRELOAD : undefined;
    },
    // Only the pages' build splits code (the background is one script).
    outputOptions(options) {
      if (options.format !== 'es' || options.codeSplitting !== undefined) return;
      /**
       * The pages that load `id` first, in PAGES' order; none when it is one page's own (only
       * that page's first load imports it, and nothing loads it by import()).
       */
      const sharedBy = (id: string, chunking: Rolldown.ChunkingContext): PageName[] => {
        const moduleInfo = (next: string) => chunking.getModuleInfo(next);
        firstLoads ??= Object.entries(PAGES).map(([name, html]) => [
          name as PageName,
          staticImports(resolve(root, html), moduleInfo),
        ]);
        const pages = firstLoads.filter(([, modules]) => modules.has(id));
        const [first] = pages;
        if (!first) return [];
        // A page's own modules stay in its chunk.
        const info = chunking.getModuleInfo(id);
        const pageOnly =
          pages.length === 1 &&
          info?.dynamicImporters.length === 0 &&
          info.importers.every((importer) => first[1].has(importer));
        return pageOnly ? [] : pages.map(([name]) => name);
      };
      // The popup's budget is the tightest: whatever it loads first and another page uses is one
      // chunk, taken first. Then one chunk per set of pages that load the same modules first,
      // with whatever those import that the popup does not load first.
      const popupShared: Rolldown.CodeSplittingGroup = {
        debugName: 'popup-shared',
        priority: 2,
        name: (id, chunking) => (sharedBy(id, chunking)[0] === 'popup' ? 'popup-shared' : null),
      };
      const pagesShared: Rolldown.CodeSplittingGroup = {
        debugName: 'pages-shared',
        priority: 1,
        // With their imports (but those of 'popup-shared', taken first): a shared chunk must never
        // import a page's own chunk, which renders that page when it runs.
        includeDependenciesRecursively: true,
        name(id, chunking) {
          const pages = sharedBy(id, chunking);
          return pages.length === 0 ? null : `${pages.join('-')}-shared`;
        },
      };
      return { ...options, codeSplitting: { groups: [popupShared, pagesShared] } };
    },
  };
}
