// @vitest-environment happy-dom
// "Why this rating": the region, and This page's copy of it that reads the report's details and
// stays silent while it reads or when reading fails.
import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { PageExplanation } from '../../../components/rating/PageExplanation';
import { WhyRating } from '../../../components/rating/WhyRating';
import type { Answer } from '../../../lib/messaging/protocol';
import { explanationOf, type RatingExplanation } from '../../../lib/rating/checks';
import { summary, wireChecks } from '../../support/fixtures';
import { answeredTo, deferred, fail, fakeSend, ok, requestsOf } from '../popup-helpers';

const EXPLANATION = explanationOf(wireChecks()) as RatingExplanation;
const details = (explanation: RatingExplanation | null, id = 42) =>
  ok({ report: summary({ id }), explanation });

describe('WhyRating', () => {
  it('is a region that lists the failed checks, most important first, with the passed count', () => {
    render(<WhyRating explanation={EXPLANATION} />);
    const region = screen.getByRole('region', { name: 'Why this rating' });
    within(region).getByText('3 of 6 checks passed');
    const items = within(within(region).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Title length: 10–60 characters high importance',
      'Load time: at most 1 s medium importance',
      'Image formats low importance',
    ]);
  });

  it('has no list when every check passed', () => {
    render(<WhyRating explanation={{ passed: 4, total: 4, failed: [] }} />);
    const region = screen.getByRole('region', { name: 'Why this rating' });
    within(region).getByText('4 of 4 checks passed');
    expect(within(region).queryByRole('list')).toBeNull();
  });

  it('names a key no catalogue knows in plain words', () => {
    render(
      <WhyRating
        explanation={{
          passed: 0,
          total: 1,
          failed: [{ key: 'amp_version', passed: false, importance: 'low' }],
        }}
      />,
    );
    screen.getByText('Amp version');
  });
});

describe('PageExplanation', () => {
  it('reads the report’s details and shows the region once they come', async () => {
    const answer = deferred<Answer<'getReportDetails'>>();
    const send = fakeSend({ getReportDetails: () => answer.promise });
    render(<PageExplanation send={send} id={42} generatedAt="2026-11-20T09:15:02Z" />);
    expect(requestsOf(send, 'getReportDetails')).toEqual([{ type: 'getReportDetails', id: 42 }]);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    answer.resolve(details(EXPLANATION));
    expect(await screen.findByRole('region', { name: 'Why this rating' })).toBeTruthy();
  });

  it.each([
    ['reading fails', fail('server', 'The service failed.')],
    ['there is nothing to explain', details(null)],
  ])('shows nothing when %s', async (_, answer) => {
    const send = fakeSend({ getReportDetails: () => answer as Answer<'getReportDetails'> });
    const { container } = render(<PageExplanation send={send} id={42} generatedAt={null} />);
    await answeredTo(send, 'getReportDetails');
    expect(requestsOf(send, 'getReportDetails')).toHaveLength(1);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads again after a new analysis, keeping the last details until the new ones come', async () => {
    const second = deferred<Answer<'getReportDetails'>>();
    let calls = 0;
    const send = fakeSend({
      getReportDetails: () => (++calls === 1 ? details(EXPLANATION) : second.promise),
    });
    const view = render(<PageExplanation send={send} id={42} generatedAt="2026-11-20T09:00:00Z" />);
    await screen.findByText('3 of 6 checks passed');
    view.rerender(<PageExplanation send={send} id={42} generatedAt="2026-11-20T10:00:00Z" />);
    expect(requestsOf(send, 'getReportDetails')).toHaveLength(2);
    screen.getByText('3 of 6 checks passed');
    second.resolve(details({ passed: 6, total: 6, failed: [] }));
    expect(await screen.findByText('6 of 6 checks passed')).toBeTruthy();
  });

  it('never shows another report’s details', async () => {
    const second = deferred<Answer<'getReportDetails'>>();
    const send = fakeSend({
      getReportDetails: ({ id }) => (id === 1 ? details(EXPLANATION, 1) : second.promise),
    });
    const view = render(<PageExplanation send={send} id={1} generatedAt={null} />);
    await screen.findByRole('region');
    view.rerender(<PageExplanation send={send} id={2} generatedAt={null} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
