// How Vite bundles the extension's pages for the popup's sake (wxt.config.ts): what popup.html
// loads before it shows anything has a budget (bench/budgets.ts), and two things Vite does by
// default cost it more than a kilobyte of gzip.
//
// - Every import() is wrapped in Vite's preload helper, which preloads the imported chunk's
//   scripts and stylesheets (some 0.7 kB). An extension page loads its chunks from the package:
//   scripts need no preloading. A small helper takes its place that loads only the stylesheets
//   of a split-off chunk (the popup's alerts and dialogs, its lists), before the chunk runs.
// - Rolldown puts each group of modules that the same pages use in a chunk of its own; with the
//   workspace and the options page sharing different parts of the popup's code, popup.html
//   would load six scripts. Instead, whatever the popup loads first and another page uses too
//   is one chunk: popup.html loads two scripts (its own and that one) and one stylesheet.
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

/** `page`: the popup's HTML, from the project's root. */
export function popupFirstLoad(page = 'entrypoints/popup/index.html'): Plugin {
  let popupHtml = page;
  /** What popup.html loads first (module ids); found once per build. */
  let firstLoad: Set<string> | undefined;
  return {
    name: 'site-report:popup-first-load',
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
      popupHtml = resolve(config.root, page);
    },
    buildStart() {
      firstLoad = undefined;
    },
    load(id) {
      return id === PRELOAD_HELPER ? STYLESHEET_PRELOAD : undefined;
    },
    // Only the pages' build splits code (the background is one script).
    outputOptions(options) {
      if (options.format !== 'es' || options.codeSplitting !== undefined) return;
      const group: Rolldown.CodeSplittingGroup = {
        debugName: 'popup-shared',
        name(id, chunking) {
          firstLoad ??= staticImports(popupHtml, (next) => chunking.getModuleInfo(next));
          if (!firstLoad.has(id)) return null;
          // The popup's own modules stay in its chunk; the rest of its first load is shared.
          const info = chunking.getModuleInfo(id);
          const popupOnly =
            info?.dynamicImporters.length === 0 &&
            info.importers.every((importer) => firstLoad?.has(importer));
          return popupOnly ? null : 'popup-shared';
        },
      };
      return { ...options, codeSplitting: { groups: [group] } };
    },
  };
}
