// The Reports tab's table. The check boxes are one Tab stop: arrows, Home and End move, Space
// checks, and Shift extends the selection from where it started, as Shift+click does.
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ReportSummary, SortOrder } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import {
  allState,
  type Selection,
  selectAll,
  selectRange,
  toggle,
} from '../../lib/reports/selection';
import type { ReportFilters, ReportSort } from '../../lib/reports/view-state';
import { exactTime } from '../../lib/time';
import { ReportsTableHead } from './ReportsTableHead';
import { Row, type RowWork, useTableClock } from './ReportsTableRow';

export type { RowWork };

export interface ReportsTableProps {
  /** A narrow panel: compact two-line rows whose actions are in a menu. */
  compact: boolean;
  reports: readonly ReportSummary[];
  /** Newer versions of some of them (a re-analysis or privacy change finished), by id. */
  updated: ReadonlyMap<number, ReportSummary>;
  work: ReadonlyMap<number, RowWork>;
  selection: Selection<number>;
  onSelectionChange: (selection: Selection<number>) => void;
  sortBy: ReportSort;
  sort: SortOrder;
  onSort: (patch: Pick<ReportFilters, 'sortBy' | 'sort'>) => void;
  canOpen: boolean;
  onOpen: (report: ReportSummary) => void;
  onDelete: (report: ReportSummary) => void;
  /** Copy link and Share… (offered with Open report). */
  onCopyLink?: (report: ReportSummary) => void;
  onShare?: (report: ReportSummary) => void;
  busy: boolean;
  /** For a report's details, read when they are opened. */
  send: Sender;
}

const SELECT_KEYS = new Set([' ', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** The benchmark (bench/workspace.ts) reads this User Timing mark: the first rows are shown. */
const ROWS_MARK = 'rows';

function markFirstRows() {
  if (performance.getEntriesByName(ROWS_MARK).length === 0) performance.mark(ROWS_MARK);
}

export function ReportsTable({
  compact,
  reports,
  updated,
  work,
  selection,
  onSelectionChange,
  sortBy,
  sort,
  onSort,
  canOpen,
  onOpen,
  onDelete,
  onCopyLink,
  onShare,
  busy,
  send,
}: ReportsTableProps) {
  const id = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  const now = useTableClock();
  const [focusKey, setFocusKey] = useState<number | null>(null);
  /** The rows whose details are open. */
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const order = reports.map((report) => report.id);
  const selectable = order.filter((key) => work.get(key) !== 'deleted');
  const all = allState(selection, selectable);
  /** The row whose check box is the body's Tab stop: the one last focused, else the first. */
  const stop = focusKey !== null && order.includes(focusKey) ? focusKey : (order[0] ?? null);

  useLayoutEffect(() => {
    if (reports.length > 0) markFirstRows();
  }, [reports]);

  const handlers = { onOpen, onDelete, onCopyLink, onShare };
  const latest = useRef({ selection, onSelectionChange, reports, updated, work, ...handlers });
  latest.current = { selection, onSelectionChange, reports, updated, work, ...handlers };

  /** The last key was Shift with an arrow (Home, End): the next one goes on from its anchor. */
  const extending = useRef(false);
  /** Space toggled a box on keydown, until its keyup is over. */
  const spaceHandled = useRef(false);

  const checkboxOf = (key: number) =>
    body.current?.querySelector<HTMLInputElement>(`input[data-key="${key}"]`) ?? null;

  function reportOf(key: number): ReportSummary | undefined {
    const { reports: shown, updated: newer } = latest.current;
    return newer.get(key) ?? shown.find((report) => report.id === key);
  }

  function rowKey(target: EventTarget | null): number | null {
    const element = target instanceof Element ? target.closest('[data-key]') : null;
    const key = Number(element?.getAttribute('data-key'));
    return Number.isSafeInteger(key) && key > 0 ? key : null;
  }

  function onClick(event: MouseEvent) {
    const target = event.target as Element;
    const key = rowKey(target);
    if (key === null) return;
    const { selection: current, onSelectionChange: change } = latest.current;
    if (target instanceof HTMLInputElement && target.type === 'checkbox') {
      if (spaceHandled.current) {
        // The click a Space key makes, already handled on keydown: undo the browser's toggle.
        event.preventDefault();
        return;
      }
      extending.current = false;
      change(event.shiftKey ? selectRange(current, selectableOrder(), key) : toggle(current, key));
      return;
    }
    const action = target.closest('button[data-action]')?.getAttribute('data-action');
    if (action === 'details') {
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(key)) next.add(key);
        return next;
      });
      return;
    }
    const report = reportOf(key);
    if (!report || latest.current.work.has(key)) return;
    if (action === 'open') latest.current.onOpen(report);
    else if (action === 'delete') latest.current.onDelete(report);
    else if (action === 'copy') latest.current.onCopyLink?.(report);
    else if (action === 'share') latest.current.onShare?.(report);
  }

  /** The rows that can be selected, in page order (not the ones already deleted). */
  function selectableOrder(): number[] {
    const { reports: shown, work: doing } = latest.current;
    return shown.map((report) => report.id).filter((key) => doing.get(key) !== 'deleted');
  }

  function onKeyDown(event: KeyboardEvent) {
    const target = event.target;
    if (!(target instanceof HTMLInputElement && target.type === 'checkbox')) return;
    if (!SELECT_KEYS.has(event.key)) return;
    const key = rowKey(target);
    if (key === null) return;
    event.preventDefault();
    const { selection: current, onSelectionChange: change } = latest.current;
    const rows = selectableOrder();
    const wasExtending = extending.current;
    extending.current = false;
    if (event.key === ' ') {
      spaceHandled.current = true;
      change(event.shiftKey ? selectRange(current, rows, key, true) : toggle(current, key));
      return;
    }
    const at = rows.indexOf(key);
    const next =
      event.key === 'Home'
        ? rows[0]
        : event.key === 'End'
          ? rows[rows.length - 1]
          : rows[at + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next === undefined) return;
    if (event.shiftKey) {
      // A run of Shift+arrows extends from the row it started on.
      const anchored = wasExtending ? current : { ...current, anchor: key };
      extending.current = true;
      change(selectRange(anchored, rows, next, true));
    }
    setFocusKey(next);
    checkboxOf(next)?.focus();
  }

  return (
    <table
      class={compact ? 'reports-table compact' : 'reports-table'}
      aria-label={t('reports_listLabel')}
      aria-busy={busy}
    >
      <ReportsTableHead
        compact={compact}
        all={all}
        canSelect={selectable.length > 0}
        onSelectAll={() => onSelectionChange(selectAll(selectable, all !== 'all'))}
        sortBy={sortBy}
        sort={sort}
        onSort={onSort}
      />
      <tbody
        ref={body}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          // Space was handled on keydown; its keyup would click (toggle) the box a second time.
          if (event.key !== ' ' || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          setTimeout(() => {
            spaceHandled.current = false;
          });
        }}
        onPointerOver={(event) => {
          // The exact time as a tooltip, formatted only when a pointer first comes over it.
          const time = event.target instanceof Element ? event.target.closest('time') : null;
          if (time && time.dataset.exact !== time.dateTime) {
            time.title = exactTime(time.dateTime);
            time.dataset.exact = time.dateTime;
          }
        }}
        onFocusIn={(event) => {
          const key = rowKey(event.target);
          if (key !== null && event.target instanceof HTMLInputElement) setFocusKey(key);
        }}
      >
        {reports.map((report) => (
          <Row
            key={report.id}
            compact={compact}
            idPrefix={id}
            report={updated.get(report.id) ?? report}
            selected={selection.keys.has(report.id)}
            tabStop={stop === report.id}
            work={work.get(report.id)}
            canOpen={canOpen}
            now={now}
            expanded={expanded.has(report.id)}
            send={send}
          />
        ))}
      </tbody>
    </table>
  );
}
