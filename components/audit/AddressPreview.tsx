// Add pages' preview: the count by host, narrowing, a page of check boxes (those with a known
// report, or whose create is queued already, start unchecked), and the lines left out with their
// reasons.
import { useId, useMemo, useState } from 'preact/hooks';
import type { KnownPage } from '../../lib/audit/known';
import type { LeftOut } from '../../lib/audit/list';
import { countByHost } from '../../lib/audit/selection';
import type { SitemapLeftOut } from '../../lib/audit/sitemap';
import { notAddedText } from '../../lib/audit/words';
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import { RatingBadge } from '../rating/RatingBadge';
import { Pager } from '../ui/Pager';

/** Check boxes on one page of the preview: thousands are never rendered at once. */
export const PREVIEW_PAGE_SIZE = 50;
/** Hosts named in the count; the rest are counted together. */
const HOSTS_SHOWN = 5;
/** Left-out lines listed; the rest are counted. */
const LEFT_OUT_SHOWN = 100;

export function countText(count: number): string {
  return count === 1 ? t('audit_count_one') : t('audit_count', formatNumber(count));
}

export function HostCounts({ addresses }: { addresses: readonly string[] }) {
  // Counted once per read, not at each check box's click.
  const hosts = useMemo(() => countByHost(addresses), [addresses]);
  const rest = hosts.length - HOSTS_SHOWN;
  return (
    <ul class="audit-hosts" aria-label={t('audit_byHost')}>
      {hosts.slice(0, HOSTS_SHOWN).map(({ host, count }) => (
        <li key={host}>{t('audit_hostCount', host, formatNumber(count))}</li>
      ))}
      {rest > 0 && <li>{t('audit_moreHosts', formatNumber(rest))}</li>}
    </ul>
  );
}

/** What is said of a page without a known report (see KnownState): at most one of these. */
export type PageMark = 'queued' | 'unknown' | 'unchecked';

export interface AddressPagesProps {
  addresses: readonly string[];
  known: ReadonlyMap<string, KnownPage>;
  /** Queued already, of unknown outcome, or not checked; nothing for the rest. */
  markOf: (url: string) => PageMark | null;
  isChecked: (url: string) => boolean;
  onCheck: (url: string, checked: boolean) => void;
}

const MARK_WORDS = {
  queued: 'audit_queued',
  unknown: 'audit_outcomeUnknown',
  unchecked: 'audit_notChecked',
} as const;

/** The narrowed addresses, a page at a time. */
export function AddressPages({ addresses, known, markOf, isChecked, onCheck }: AddressPagesProps) {
  const [page, setPage] = useState(1);
  const lastPage = Math.max(1, Math.ceil(addresses.length / PREVIEW_PAGE_SIZE));
  const shown = Math.min(page, lastPage);
  const start = (shown - 1) * PREVIEW_PAGE_SIZE;
  if (addresses.length === 0) return <p class="notice">{t('audit_noMatch')}</p>;
  return (
    <>
      <ul class="list audit-list" aria-label={t('audit_list')}>
        {addresses.slice(start, start + PREVIEW_PAGE_SIZE).map((url) => (
          <AddressRow
            key={url}
            url={url}
            known={known.get(url)}
            mark={markOf(url)}
            checked={isChecked(url)}
            onChange={(checked) => onCheck(url, checked)}
          />
        ))}
      </ul>
      {lastPage > 1 && (
        <Pager page={shown} lastPage={lastPage} hasNext={shown < lastPage} onPage={setPage} />
      )}
    </>
  );
}

function AddressRow({
  url,
  known,
  mark,
  checked,
  onChange,
}: {
  url: string;
  known: KnownPage | undefined;
  mark: PageMark | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li class="audit-row">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-label={url}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id} class="url">
        {url}
      </label>
      {known && (
        <span class="audit-known">
          <RatingBadge rating={known.rating} score={known.score} />
          <span class="muted">{t('audit_hasReport')}</span>
        </span>
      )}
      {!known && mark && <span class="audit-known muted">{t(MARK_WORDS[mark])}</span>}
    </li>
  );
}

/**
 * The region "Not added": each line left out, with its reason; of a sitemap, each address left
 * out and each child sitemap skipped, with why.
 */
export function NotAdded({ leftOut }: { leftOut: readonly (LeftOut | SitemapLeftOut)[] }) {
  const id = useId();
  if (leftOut.length === 0) return null;
  const rest = leftOut.length - LEFT_OUT_SHOWN;
  const lines = leftOut.every((item) => !('kind' in item));
  return (
    <section class="audit-not-added" aria-labelledby={id}>
      <h3 id={id}>{t('audit_notAdded')}</h3>
      <ul>
        {leftOut.slice(0, LEFT_OUT_SHOWN).map((item, index) => (
          // The list is never reordered: its place is its key.
          <li key={index}>{notAddedText(item)}</li>
        ))}
      </ul>
      {rest > 0 && (
        <p class="muted">
          {t(lines ? 'audit_leftOutMore' : 'audit_leftOutMoreEntries', formatNumber(rest))}
        </p>
      )}
    </section>
  );
}
