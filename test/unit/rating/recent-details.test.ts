// The background's memory of why the reports it just answered with got their ratings.
import { describe, expect, it } from 'vitest';
import { createRecentDetails, DETAILS_FRESH_MS } from '../../../lib/rating/recent-details';
import { report, wireChecks } from '../../support/fixtures';

const SERVICE = 'https://reports.example.com/api/v1';

describe('recent details', () => {
  it('keeps a report’s explanation and summary, without its results', () => {
    const recent = createRecentDetails();
    recent.keep(report({ id: 7, results: wireChecks() }), SERVICE);
    const details = recent.get(7, SERVICE);
    expect(details?.report).toMatchObject({ id: 7 });
    expect(details?.report).not.toHaveProperty('results');
    expect(details?.explanation).toMatchObject({ passed: 3, total: 6 });
  });

  it('lets them go after a minute', () => {
    let now = 0;
    const recent = createRecentDetails(() => now);
    recent.keep(report({ id: 7 }), SERVICE);
    now = DETAILS_FRESH_MS - 1;
    expect(recent.get(7, SERVICE)).toBeDefined();
    now = DETAILS_FRESH_MS;
    expect(recent.get(7, SERVICE)).toBeUndefined();
  });

  it('keeps the last 20 reports, per service', () => {
    const recent = createRecentDetails();
    for (let id = 1; id <= 21; id++) recent.keep(report({ id }), SERVICE);
    expect(recent.get(1, SERVICE)).toBeUndefined();
    expect(recent.get(2, SERVICE)).toBeDefined();
    expect(recent.get(21, SERVICE)).toBeDefined();
    expect(recent.get(21, 'https://other.example/api/v1')).toBeUndefined();
  });

  it('forgets one report, or all', () => {
    const recent = createRecentDetails();
    recent.keep(report({ id: 1 }), SERVICE);
    recent.keep(report({ id: 2 }), SERVICE);
    recent.forget(1, SERVICE);
    expect(recent.get(1, SERVICE)).toBeUndefined();
    expect(recent.get(2, SERVICE)).toBeDefined();
    recent.forgetAll();
    expect(recent.get(2, SERVICE)).toBeUndefined();
  });
});
