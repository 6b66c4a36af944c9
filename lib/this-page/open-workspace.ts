// The popup's "Open workspace": Chrome's side panel, Firefox's sidebar, or a tab where neither
// exists (or the browser refuses). A side panel or sidebar opens only from a user gesture, so
// this is called from the click and calls the browser at once — nothing is awaited before.

export interface WorkspaceOpenerApi {
  /** Chrome (MV3, the sidePanel permission). */
  sidePanel?: { open(options: { tabId: number }): Promise<void> };
  /** Firefox. */
  sidebarAction?: { open(): Promise<void> };
  tabs: { create(properties: { url: string }): Promise<unknown> };
  runtime: { getURL(path: string): string };
}

/** The workspace page: the side panel's and the sidebar's, and the one a tab shows. */
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
