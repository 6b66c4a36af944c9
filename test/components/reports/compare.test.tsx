// @vitest-environment happy-dom
// "Compare selected" in the Reports tab: offered with exactly two reports selected, a region
// "Comparison" with both reports and their checks in four groups, read through getReportDetails;
// its loading, error and "no details" states; Close gives the focus back to the button.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorData, ReportSummary } from '../../../lib/api/model';
import { errorText } from '../../../lib/error-text';
import type { RequestOf } from '../../../lib/messaging/protocol';
import { readCheckOutcomes } from '../../../lib/rating/checks';
import { listPage } from '../../support/fixtures';
import { deferred, fail, type Handlers, ok, requestsOf } from '../popup-helpers';
import { findTable, renderReports, rowBoxes, summary } from './workspace-reports-helpers';

afterEach(cleanup);

const A = 'https://site.example/a';
const B = 'https://site.example/b';

const RESULTS_A = {
  title: { passed: false, importance: 'high', errors: { length: { min: 10, max: 60 } } },
  meta_description: { passed: false, importance: 'high', errors: { missing: true } },
  favicon: { passed: true, importance: 'low', errors: [] },
  headings: { passed: false, importance: 'medium', errors: { too_many: 3 } },
  canonical: { passed: false, importance: 'low', errors: { odd_kind: {} } },
  language: { passed: true, importance: 'medium', errors: [] },
};
const RESULTS_B = {
  title: { passed: true, importance: 'high', errors: [] },
  meta_description: { passed: false, importance: 'high', errors: { too_long: true } },
  favicon: { passed: false, importance: 'low', errors: { missing: true } },
  headings: { passed: true, importance: 'medium', errors: [] },
  language: { passed: true, importance: 'medium', errors: [] },
};

const pageOf = (...reports: ReportSummary[]) => listPage(reports);

function detailsHandler(byId: Record<number, unknown>): NonNullable<Handlers['getReportDetails']> {
  return ({ id }: RequestOf<'getReportDetails'>) => {
    const results = byId[id];
    return ok({
      report: summary({ id }),
      explanation: null,
      checks: readCheckOutcomes(results),
    });
  };
}

function renderTwo(
  handlers: Handlers = { getReportDetails: detailsHandler({ 1: RESULTS_A, 2: RESULTS_B }) },
  reports = [
    summary({ id: 1, url: A, rating: 'bad', score: 40 }),
    summary({ id: 2, url: B, rating: 'good', score: 90 }),
    summary({ id: 3, url: 'https://site.example/c' }),
  ],
) {
  return renderReports({ page: pageOf(...reports), handlers });
}

const compareButton = () =>
  screen.getByRole('button', { name: 'Compare selected' }) as HTMLButtonElement;

function select(...positions: number[]) {
  for (const position of positions) fireEvent.click(rowBoxes()[position - 1] as HTMLInputElement);
}

const region = () => screen.getByRole('region', { name: 'Comparison' });

/** Compare selected, and the region once its code is in. */
async function compare() {
  fireEvent.click(compareButton());
  return screen.findByRole('region', { name: 'Comparison' });
}

/** The check names of the group under `heading`, or its text when it has none. */
function group(heading: string): string[] | string {
  const section = within(region()).getByRole('region', { name: heading });
  const list = within(section).queryByRole('list');
  if (!list) return section.querySelector('p')?.textContent ?? '';
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.check-name')?.textContent ?? '');
}

/** The problems a check's line says, under the group `heading`. */
function problems(heading: string, name: string): string[] {
  const section = within(region()).getByRole('region', { name: heading });
  const item = within(section)
    .getAllByRole('listitem')
    .find((candidate) => candidate.querySelector('.check-name')?.textContent === name);
  return [...(item?.querySelectorAll('.check-problem') ?? [])].map(
    (note) => note.textContent ?? '',
  );
}

describe('Compare selected', () => {
  it('is offered only with exactly two reports selected, and says why otherwise', async () => {
    renderTwo();
    await findTable();
    expect(compareButton().disabled).toBe(true);
    expect(compareButton().getAttribute('aria-describedby')).toBeNull();
    select(1);
    expect(compareButton().disabled).toBe(true);
    const hint = document.getElementById(compareButton().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Select two reports to compare them.');
    select(2);
    expect(compareButton().disabled).toBe(false);
    expect(compareButton().getAttribute('aria-describedby')).toBeNull();
    select(3);
    expect(compareButton().disabled).toBe(true);
  });

  it('shows both reports and their checks in four groups, most important first', async () => {
    const { send } = renderTwo();
    await findTable();
    select(1, 2);
    await compare();
    await within(region()).findByRole('region', { name: 'Fails in both' });
    expect(requestsOf(send, 'getReportDetails').map(({ id }) => id)).toEqual([1, 2]);

    const reports = within(region()).getByRole('list', { name: 'Compared reports' });
    const items = within(reports).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.compared-address')?.textContent)).toEqual([
      A,
      B,
    ]);
    expect(items[0]?.textContent).toContain('Bad');
    expect(items[0]?.textContent).toContain('score 40');
    expect(items[1]?.textContent).toContain('Good');
    expect(items[1]?.textContent).toContain('Generated 5 minutes ago');

    // Unknown keys are named from the key; high importance first, then by name.
    expect(group(`Fails only in ${A}`)).toEqual(['Title', 'Headings', 'Canonical']);
    expect(group(`Fails only in ${B}`)).toEqual(['Favicon']);
    expect(group('Fails in both')).toEqual(['Meta description']);
    expect(group('Passes in both')).toEqual(['Language']);
  });

  it('says each problem in words; an unknown kind of error reads "failed"', async () => {
    renderTwo();
    await findTable();
    select(1, 2);
    await compare();
    await within(region()).findByRole('region', { name: 'Fails in both' });
    expect(problems(`Fails only in ${A}`, 'Title')).toEqual(['Title length: 10–60 characters']);
    expect(problems(`Fails only in ${A}`, 'Headings')).toEqual(['too many']);
    // `canonical` is not in B: it is said where it was not checked.
    expect(problems(`Fails only in ${A}`, 'Canonical')).toEqual(['failed', `not checked in ${B}`]);
    expect(problems('Fails in both', 'Meta description')).toEqual([
      `${A}: missing`,
      `${B}: failed`,
    ]);
    const line = within(region())
      .getByRole('region', { name: `Fails only in ${B}` })
      .querySelector('li')?.textContent;
    expect(line).toContain('low importance');
  });

  it('says a group has no checks', async () => {
    renderTwo({ getReportDetails: detailsHandler({ 1: RESULTS_B, 2: RESULTS_B }) });
    await findTable();
    select(1, 2);
    await compare();
    await within(region()).findByRole('region', { name: 'Fails in both' });
    expect(group(`Fails only in ${A}`)).toBe('No checks.');
    expect(group(`Fails only in ${B}`)).toBe('No checks.');
    expect(group('Fails in both')).toEqual(['Meta description', 'Favicon']);
  });

  it('moves the focus to the comparison, and Close gives it back to Compare selected', async () => {
    renderTwo();
    await findTable();
    select(1, 2);
    await compare();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Comparison'));
    fireEvent.click(within(region()).getByRole('button', { name: 'Close comparison' }));
    expect(screen.queryByRole('region', { name: 'Comparison' })).toBeNull();
    expect(document.activeElement).toBe(compareButton());
  });

  it('tells two reports of one address apart by when they were generated', async () => {
    const earlier = '2026-11-20T09:15:02Z';
    const later = '2026-11-20T09:15:40Z';
    renderTwo(undefined, [
      summary({ id: 1, url: A, generatedAt: earlier }),
      summary({ id: 2, url: A, generatedAt: later }),
    ]);
    await findTable();
    select(1, 2);
    await compare();
    await within(region()).findByRole('region', { name: 'Fails in both' });
    const headings = within(region())
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent ?? '');
    const [onlyA, onlyB] = headings;
    expect(onlyA).toMatch(/^Fails only in https:\/\/site\.example\/a \(.+:02.*\)$/);
    expect(onlyB).toMatch(/^Fails only in https:\/\/site\.example\/a \(.+:40.*\)$/);
  });

  it('says "no details" for a report whose results are of another shape', async () => {
    renderTwo({
      getReportDetails: detailsHandler({ 1: RESULTS_A, 2: { checks: [{ name: 'tls' }] } }),
    });
    await findTable();
    select(1, 2);
    await compare();
    await within(region()).findByText(
      `The service doesn't say which checks ${B} passed: no details to compare.`,
    );
    expect(within(region()).queryByRole('region', { name: 'Fails in both' })).toBeNull();
  });

  it('says it is reading while the details are on their way', async () => {
    const pending = deferred<ReturnType<typeof ok>>();
    renderTwo({ getReportDetails: () => pending.promise as never });
    await findTable();
    select(1, 2);
    await compare();
    expect(within(region()).getByRole('status').textContent).toBe(
      'Reading the details of both reports…',
    );
  });

  it.each<[string, ErrorData]>([
    ['401', { kind: 'unauthorized', reason: 'unauthorized', status: 401, message: '' }],
    ['403', { kind: 'forbidden', reason: 'forbidden', status: 403, message: '' }],
    ['404', { kind: 'not_found', reason: 'reportGone', status: 404, message: '' }],
    [
      '429',
      {
        kind: 'rate_limited',
        reason: 'rateLimited',
        status: 429,
        message: '',
        retryAfterSeconds: 30,
      },
    ],
    ['offline', { kind: 'network', reason: 'network', message: '' }],
  ])('says a %s in the app’s words, naming the report', async (_, error) => {
    renderTwo({
      getReportDetails: ({ id }) =>
        id === 2
          ? fail(error.kind, error.message, error)
          : detailsHandler({ 1: RESULTS_A })({ type: 'getReportDetails', id }),
    });
    await findTable();
    select(1, 2);
    await compare();
    const alert = await within(region()).findByRole('alert');
    expect(alert.textContent).toContain(`Couldn't read the details of ${B}.`);
    expect(alert.textContent).toContain(errorText(error));
  });
});
