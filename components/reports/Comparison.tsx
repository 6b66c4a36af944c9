// "Comparison": two selected reports side by side — each one's address, rating and when it was
// generated, then their checks grouped by where they fail. The details come through the
// background's getReportDetails, as a report's "Why this rating" does.

import { useEffect, useId, useMemo, useRef } from 'preact/hooks';
import type { ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import {
  type ComparedCheck,
  compareChecks,
  GROUPS,
  type Group,
  reportLabels,
} from '../../lib/issues/compare';
import type { Sender } from '../../lib/messaging/send';
import type { CheckOutcome } from '../../lib/rating/checks';
import { checkName, importanceWord } from '../../lib/rating/words';
import { exactTime, relativeTime } from '../../lib/time';
import { RatingBadge } from '../rating/RatingBadge';
import { type DetailsState, useReportDetails } from '../rating/WhyRating';
import { ErrorAlert } from '../ui/ErrorAlert';
import { problemText } from './check-problem';
import './comparison.css';

/** The two reports compared. */
export type ReportPair = readonly [ReportSummary, ReportSummary];

// Two analyses of one address within a minute read the same to the minute: seconds tell them apart.
const toTheSecond = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

function secondsOf(iso: string | null): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '' : toTheSecond.format(time);
}

export interface ComparisonProps {
  reports: ReportPair;
  send: Sender;
  onClose: () => void;
  openOptions?: () => unknown;
}

export function Comparison({ reports, send, onClose, openOptions }: ComparisonProps) {
  const [a, b] = reports;
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const states = [
    useReportDetails(send, a.id, a.generatedAt),
    useReportDetails(send, b.id, b.generatedAt),
  ] as const;
  const labels = reportLabels(
    a,
    b,
    secondsOf,
    (address, time) => t('compare_withTime', address, time),
    (address, id) => t('compare_withId', address, id),
  );

  // Opened from the bulk bar: the reader goes on where the comparison starts.
  useEffect(() => heading.current?.focus(), [a.id, b.id]);

  const now = Date.now();
  return (
    <section class="comparison" aria-labelledby={titleId}>
      <div class="comparison-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t('compare_title')}
        </h2>
        <button type="button" onClick={onClose}>
          {t('compare_close')}
        </button>
      </div>
      <ul class="compared-reports" aria-label={t('compare_reports')}>
        {reports.map((report, index) => (
          <li key={report.id}>
            <span class="compared-address">{labels[index]}</span>
            <span class="facts">
              <RatingBadge rating={report.rating} score={report.score} />
              <Generated iso={report.generatedAt} now={now} />
            </span>
          </li>
        ))}
      </ul>
      <ComparisonBody states={states} labels={labels} openOptions={openOptions} />
    </section>
  );
}

function Generated({ iso, now }: { iso: string | null; now: number }) {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (!iso || Number.isNaN(time)) return <span class="fact">{t('common_notGenerated')}</span>;
  // A service clock slightly ahead of ours must not read "in 3 seconds".
  return (
    <span class="fact" title={exactTime(time)}>
      {t('compare_generated', relativeTime(Math.min(time, now), now))}
    </span>
  );
}

function ComparisonBody({
  states,
  labels,
  openOptions,
}: {
  states: readonly [DetailsState, DetailsState];
  labels: readonly [string, string];
  openOptions?: () => unknown;
}) {
  const [stateA, stateB] = states;
  const checksA = stateA.status === 'done' ? (stateA.details.checks ?? null) : undefined;
  const checksB = stateB.status === 'done' ? (stateB.details.checks ?? null) : undefined;
  if (stateA.status === 'failed' || stateB.status === 'failed') {
    return (
      <div class="comparison-failures">
        {states.map(
          (state, index) =>
            state.status === 'failed' && (
              <ErrorAlert
                key={labels[index]}
                error={state.error}
                context={t('compare_loadFailed', labels[index] ?? '')}
                onOpenOptions={openOptions}
              />
            ),
        )}
      </div>
    );
  }
  if (checksA === undefined || checksB === undefined) {
    return (
      <p class="muted" role="status">
        {t('compare_loading')}
      </p>
    );
  }
  if (!checksA || !checksB) {
    return (
      <div class="comparison-missing">
        {[checksA, checksB].map(
          (checks, index) =>
            !checks && (
              <p key={labels[index]} class="muted">
                {t('compare_noDetails', labels[index] ?? '')}
              </p>
            ),
        )}
      </div>
    );
  }
  return <ComparisonGroups a={checksA} b={checksB} labels={labels} />;
}

function ComparisonGroups({
  a,
  b,
  labels,
}: {
  a: CheckOutcome[];
  b: CheckOutcome[];
  labels: readonly [string, string];
}) {
  const groups = useMemo(() => compareChecks(a, b, checkName), [a, b]);
  const [labelA, labelB] = labels;
  const headings: Record<Group, string> = {
    onlyA: t('compare_failsOnlyIn', labelA),
    onlyB: t('compare_failsOnlyIn', labelB),
    both: t('compare_failsInBoth'),
    neither: t('compare_passesInBoth'),
  };
  return (
    <div class="comparison-groups">
      {GROUPS.map((group) => (
        <CheckGroup
          key={group}
          heading={headings[group]}
          checks={groups[group]}
          labels={labels}
          group={group}
        />
      ))}
    </div>
  );
}

function CheckGroup({
  heading,
  checks,
  labels,
  group,
}: {
  heading: string;
  checks: ComparedCheck[];
  labels: readonly [string, string];
  group: Group;
}) {
  const headingId = useId();
  return (
    <section class={`check-group group-${group}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      {checks.length === 0 ? (
        <p class="muted">{t('compare_groupEmpty')}</p>
      ) : (
        <ul class="compared-checks">
          {checks.map((check) => (
            <li key={check.key} class={`importance-${check.importance}`}>
              <span class="check-name">{checkName(check.key)}</span>{' '}
              <span class="check-importance">{importanceWord(check.importance)}</span>
              {notes(check, group, labels).map((note) => (
                <span key={note} class="check-problem">
                  {note}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a check's line says besides its name: what is wrong, and where it was not checked. */
function notes({ a, b }: ComparedCheck, group: Group, [labelA, labelB]: readonly [string, string]) {
  const said: string[] = [];
  if (group === 'both' && a && b) {
    said.push(t('compare_problemIn', labelA, problemText(a)));
    said.push(t('compare_problemIn', labelB, problemText(b)));
  } else if (group === 'onlyA' && a) {
    said.push(problemText(a));
  } else if (group === 'onlyB' && b) {
    said.push(problemText(b));
  }
  if (!a) said.push(t('compare_notChecked', labelA));
  if (!b) said.push(t('compare_notChecked', labelB));
  return said;
}
