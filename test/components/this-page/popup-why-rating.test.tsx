// @vitest-environment happy-dom
// This page's "Why this rating" in the popup: read after the rating shows, never in its way.
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../lib/messaging/protocol';
import { explanationOf } from '../../../lib/rating/checks';
import { report, summary, wireChecks } from '../../support/fixtures';
import { answeredTo, deferred, fail, ok, renderPopup, requestsOf, status } from '../popup-helpers';

const cached = {
  reportId: 42,
  rating: 'decent' as const,
  score: 61,
  generatedAt: '2026-11-20T09:15:02.000Z',
  privacy: 0 as const,
  seenAt: Date.now(),
};
const explained = () => ok({ report: summary(), explanation: explanationOf(wireChecks()) });

describe('This page: why this rating', () => {
  it('shows the failed checks of the page’s report below its rating', async () => {
    const { send } = renderPopup({
      handlers: {
        getStatus: () => ok(status({ cached })),
        getReport: () => ok(report({ rating: 'decent', generatedAt: cached.generatedAt })),
        getReportDetails: explained,
      },
    });
    const region = await screen.findByRole('region', { name: 'Why this rating' });
    within(region).getByText('3 of 6 checks passed');
    expect(within(region).getAllByRole('listitem')[0]?.textContent).toMatch(/^Title length/);
    screen.getByText('Decent');
    expect(requestsOf(send, 'getReportDetails')).toEqual([{ type: 'getReportDetails', id: 42 }]);
  });

  it('keeps the rating and says nothing more when the details cannot be read', async () => {
    const { send } = renderPopup({
      handlers: {
        getStatus: () => ok(status({ cached })),
        getReport: () => ok(report({ rating: 'decent', generatedAt: cached.generatedAt })),
        getReportDetails: () => fail('timeout', 'No answer.'),
      },
    });
    await screen.findByText('Decent');
    await answeredTo(send, 'getReportDetails');
    expect(requestsOf(send, 'getReportDetails')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Why this rating' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a new report once it is created', async () => {
    const created = deferred<Answer<'createReport'>>();
    const { send } = renderPopup({
      handlers: { createReport: () => created.promise, getReportDetails: explained },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    expect(requestsOf(send, 'getReportDetails')).toEqual([]);
    created.resolve(ok(summary({ rating: 'bad' })));
    expect(await screen.findByRole('region', { name: 'Why this rating' })).toBeTruthy();
  });

  it('does not read details of a report not rated yet', async () => {
    const { send } = renderPopup({
      handlers: {
        getStatus: () => ok(status({ cached: { ...cached, rating: null, generatedAt: null } })),
        getReport: () => ok(report({ rating: null, generatedAt: null })),
        waitForResult: () => new Promise(() => undefined),
      },
    });
    await screen.findByText('Not rated yet');
    await new Promise((done) => setTimeout(done, 20));
    expect(requestsOf(send, 'getReportDetails')).toEqual([]);
  });
});
