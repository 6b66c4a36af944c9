import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';

/**
 * What three or more pages (or views loaded by import()) load first goes in shared chunks, split
 * by which pages load them (small splits merged), so that a page does not load what only the
 * others use: wxt's storage, say, which the popup reads only after its first paint. zod apart,
 * so that the popup, which validates nothing, does not load it. The rest Rolldown splits by
 * which pages use it. Only for the pages' build: WXT builds the background on its own as one
 * IIFE file (library mode), where Rolldown rejects any code splitting.
 */
function pageChunks(): Plugin {
  return {
    name: 'site-report:page-chunks',
    config(config) {
      if (config.build?.lib) return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                minShareCount: 3,
                groups: [
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
                  {
                    name: 'shared',
                    tags: ['$initial'],
                    entriesAware: true,
                    entriesAwareMergeThreshold: 5000,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  imports: false,
  // wxt/browser is webextension-polyfill's promise-based `browser`, in Chromium and Firefox alike
  // (as @wxt-dev/webextension-polyfill makes it, without copying it: lib/browser-polyfill.cjs).
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // tabs: the badge follows each tab's address, and a popup opened as its own window has no
    // activeTab grant. alarms: the queue resumes after the worker stops. sidePanel (Chromium):
    // the workspace. scripting with activeTab: the links in a selection are read in the page the
    // menu was used on, and nowhere else. The service's origin is asked for when the user saves it.
    permissions: [
      'storage',
      'tabs',
      'contextMenus',
      'notifications',
      'alarms',
      'scripting',
      'activeTab',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: '__MSG_extName__' },
    // The address bar's keyword: `sr` and a space search the reports (lib/background/omnibox.ts).
    omnibox: { keyword: 'sr' },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+S' },
      },
      'create-report': {
        suggested_key: { default: 'Alt+Shift+R' },
        description: '__MSG_commandCreateReport__',
      },
    },
    ...(browser === 'firefox'
      ? {
          // Firefox reads managed storage from a native manifest that an administrator installs.
          browser_specific_settings: {
            gecko: {
              id: 'site-report@site-report.dev',
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {
          // Lets administrators preset the service and defaults by policy (storage.managed).
          storage: { managed_schema: 'managed_schema.json' },
        }),
  }),
  zip: {
    // The Firefox sources package holds what builds the extension, not its tests and tools.
    excludeSources: [
      'test/**',
      'server/**',
      'scripts/**',
      'bench/**',
      'docs/**',
      '.ci/**',
      '.data/**',
      'biome.json',
      'vitest.config.ts',
    ],
  },
  vite: () => ({
    plugins: [preact(), pageChunks()],
    resolve: {
      alias: { 'wxt/browser': resolve(import.meta.dirname, 'lib/browser-polyfill.cjs') },
    },
    build: {
      // Chromium and Firefox (115+) preload modules themselves: no polyfill in every page.
      modulePreload: { polyfill: false },
    },
  }),
});
