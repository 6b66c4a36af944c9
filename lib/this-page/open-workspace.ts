// "Open workspace": Chrome's side panel, Firefox's sidebar, or a tab where neither exists (or the
// browser refuses). Panels open only from a user gesture: nothing is awaited before the call.
export interface WorkspaceOpenerApi {
  sidePanel?: { open(options: { tabId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
  tabs: { create(properties: { url: string }): Promise<unknown> };
  runtime: { getURL(path: string): string };
}

export const WORKSPACE_PATH = '/sidepanel.html';

export type WorkspacePlace = 'sidePanel' | 'sidebar' | 'tab';

/**
 * Opens the workspace beside `tabId` (the page the popup is about); answers where it asked for
 * it. `onOpened` hears where it did open — a tab when the panel was refused.
 */
export function openWorkspace(
  api: WorkspaceOpenerApi,
  tabId: number | undefined,
  onOpened: (place: WorkspacePlace) => void = () => undefined,
): WorkspacePlace {
  const inTab = () => {
    api.tabs.create({ url: api.runtime.getURL(WORKSPACE_PATH) }).then(
      () => onOpened('tab'),
      () => undefined,
    );
    return 'tab' as const;
  };
  const { sidePanel, sidebarAction } = api;
  const opening =
    sidePanel && tabId !== undefined
      ? { place: 'sidePanel' as const, open: () => sidePanel.open({ tabId }) }
      : sidebarAction
        ? { place: 'sidebar' as const, open: () => sidebarAction.open() }
        : undefined;
  if (!opening) return inTab();
  // The executor runs now, inside the click; a call that throws counts as a refusal.
  new Promise<void>((resolve) => resolve(opening.open())).then(
    () => onOpened(opening.place),
    inTab,
  );
  return opening.place;
}
