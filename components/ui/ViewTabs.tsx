// Views as tabs: one Tab stop (the selected tab), arrow keys, Home and End move between them,
// and a panel is named only once it exists (views mount on first visit).
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export interface ViewTabsProps<V extends string> {
  /** The tab list's name. */
  label: string;
  views: readonly { view: V; label: string }[];
  view: V;
  /** The views shown so far, whose panels are in the document (`panel-<view>`). */
  visited: readonly V[];
  onShow: (view: V) => void;
}

export function ViewTabs<V extends string>({
  label,
  views,
  view,
  visited,
  onShow,
}: ViewTabsProps<V>) {
  const tabRefs = useRef<Partial<Record<V, HTMLButtonElement | null>>>({});

  function onTabKey(event: KeyboardEvent) {
    const index = views.findIndex((entry) => entry.view === view);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index + views.length - 1,
      Home: 0,
      End: views.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = views[target % views.length]?.view ?? view;
    onShow(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div class="tabs" role="tablist" aria-label={label} onKeyDown={onTabKey}>
      {views.map(({ view: entry, label: name }) => (
        <button
          key={entry}
          ref={(element) => {
            tabRefs.current[entry] = element;
          }}
          type="button"
          role="tab"
          id={`tab-${entry}`}
          aria-controls={visited.includes(entry) ? `panel-${entry}` : undefined}
          aria-selected={view === entry}
          tabIndex={view === entry ? 0 : -1}
          onClick={() => onShow(entry)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

/** The panel of the tab `view`, named by it; hidden while another view is shown. */
export function ViewPanel<V extends string>({
  view,
  shown,
  children,
}: {
  view: V;
  shown: V;
  children: ComponentChildren;
}) {
  return (
    <div
      role="tabpanel"
      id={`panel-${view}`}
      aria-labelledby={`tab-${view}`}
      hidden={shown !== view}
    >
      {children}
    </div>
  );
}
