// The workspace's tab registry: the tab the address's hash names, Reports when it names none.
import { describe, expect, it } from 'vitest';
import { tabFromHash, WORKSPACE_TABS } from '../../../components/workspace/tabs';
import type { HashState } from '../../../lib/reports/hash';

describe('tabFromHash', () => {
  it.each(WORKSPACE_TABS.map((tab) => tab.id))('reads %s', (tab) => {
    expect(tabFromHash({ tab })).toBe(tab);
  });

  it.each<HashState>([{}, { tab: 'settings' }, { tab: '' }])('shows Reports for %j', (hash) => {
    expect(tabFromHash(hash)).toBe('reports');
  });
});
