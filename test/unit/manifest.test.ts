import { describe, expect, it } from 'vitest';
import config from '../../wxt.config';

type ManifestFn = (env: { browser: string }) => Record<string, unknown>;

describe('manifest', () => {
  const manifest = config.manifest as unknown as ManifestFn;

  it('asks only for the permissions the features use, and no host access at install', () => {
    const chrome = manifest({ browser: 'chrome' });
    expect(chrome.permissions).toEqual([
      'storage',
      'tabs',
      'contextMenus',
      'notifications',
      'alarms',
      'scripting',
      'activeTab',
      'sidePanel',
    ]);
    // Firefox has no sidePanel API: its sidebar needs no permission.
    expect(manifest({ browser: 'firefox' }).permissions).toEqual([
      'storage',
      'tabs',
      'contextMenus',
      'notifications',
      'alarms',
      'scripting',
      'activeTab',
    ]);
    expect(chrome).not.toHaveProperty('host_permissions');
    expect(chrome).not.toHaveProperty('content_scripts');
    expect(chrome).not.toHaveProperty('web_accessible_resources');
  });

  it('registers the address bar keyword sr in both browsers', () => {
    for (const browser of ['chrome', 'firefox']) {
      expect(manifest({ browser }).omnibox).toEqual({ keyword: 'sr' });
    }
  });

  it('gives Firefox a gecko id', () => {
    const firefox = manifest({ browser: 'firefox' }) as {
      browser_specific_settings?: { gecko?: { id?: string } };
    };
    expect(firefox.browser_specific_settings?.gecko?.id).toMatch(/@/);
  });
});
