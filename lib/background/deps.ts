// What the background's handlers need from their environment, made once by the entry point and
// replaced piecemeal by tests: the client for the saved settings, a client factory for Test
// connection, the settings loader and the host-access check.
import { browser } from 'wxt/browser';
import { createSiteReportClient } from '../api';
import { type LoadedSettings, loadSettings } from '../settings';
import { type ClientFactory, type ClientSource, createClientSource } from './client-source';

export interface HandlerDeps {
  /** The client for the saved settings. */
  clients: ClientSource;
  /** A client for given values (Test connection with unsaved values). */
  createClient: ClientFactory;
  loadSettings: () => Promise<LoadedSettings>;
  /** Whether the browser has granted access to a host pattern. */
  hasHostAccess: (pattern: string) => Promise<boolean>;
}

export function createHandlerDeps(overrides: Partial<HandlerDeps> = {}): HandlerDeps {
  const createClient: ClientFactory = overrides.createClient ?? defaultFactory;
  const load = overrides.loadSettings ?? loadSettings;
  return {
    clients: overrides.clients ?? createClientSource({ load, create: createClient }),
    createClient,
    loadSettings: load,
    hasHostAccess:
      overrides.hasHostAccess ??
      // Unknown (no permissions API) counts as granted, so no access hint is given wrongly.
      ((pattern) =>
        Promise.resolve(browser.permissions?.contains({ origins: [pattern] }) ?? true).catch(
          () => true,
        )),
  };
}

const defaultFactory: ClientFactory = (options) => createSiteReportClient(options);
