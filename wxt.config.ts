import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';

/**
 * Each page loads few files first: its own chunk, and one chunk (with its one style sheet) of
 * everything that two or more pages load first. An extension's files come from its package, where
 * each file a page loads costs about 3 ms and its bytes far less (`npm run bench`), so a page
 * loads some code of the others' rather than more files. Views loaded by import() are split by
 * Rolldown as it does by default. Only for the pages' build: WXT builds the background on its own
 * as one IIFE file (library mode), where Rolldown rejects any code splitting.
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
                groups: [{ name: 'shared', tags: ['$initial'], minShareCount: 2 }],
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
  // (lib/browser-polyfill.cjs, which takes it without copying it).
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
