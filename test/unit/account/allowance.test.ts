// A job of creates beside the plan's monthly allowance, and both in words.
import { describe, expect, it } from 'vitest';
import { allowanceCheck, countCreates } from '../../../lib/account/allowance';
import { allowanceText, planText } from '../../../lib/account/words';
import type { Plan } from '../../../lib/api/model';

const plan = (reportsPerMonth?: Plan['reportsPerMonth']): Plan =>
  reportsPerMonth === undefined ? { name: 'Pro' } : { name: 'Pro', reportsPerMonth };

describe('allowanceCheck', () => {
  it.each<[number, Plan | null | undefined, ReturnType<typeof allowanceCheck>]>([
    [5, plan(500), { creates: 5, allowance: 500, fits: true }],
    [500, plan(500), { creates: 500, allowance: 500, fits: true }],
    [501, plan(500), { creates: 501, allowance: 500, fits: false }],
    [1, plan(0), { creates: 1, allowance: 0, fits: false }],
    [10_000, plan('unlimited'), { creates: 10_000, allowance: 'unlimited', fits: true }],
    [5, plan(), null],
    [5, null, null],
    [5, undefined, null],
    [0, plan(3), null],
  ])('%i creates with %j: %j', (creates, given, expected) => {
    expect(allowanceCheck(creates, given)).toEqual(expected);
  });
});

describe('countCreates', () => {
  it('counts the operations that create a report', () => {
    expect(
      countCreates([
        { type: 'create' },
        { type: 'update' },
        { type: 'create' },
        { type: 'deleteReport' },
      ]),
    ).toBe(2);
    expect(countCreates([])).toBe(0);
  });
});

describe('planText', () => {
  it.each<[Plan, string]>([
    [{ name: 'Pro', reportsPerMonth: 500 }, 'Plan Pro: 500 reports a month'],
    [{ name: 'Solo', reportsPerMonth: 1 }, 'Plan Solo: 1 report a month'],
    [{ name: 'Free', reportsPerMonth: 0 }, 'Plan Free: 0 reports a month'],
    [{ name: 'Big', reportsPerMonth: 25_000 }, 'Plan Big: 25,000 reports a month'],
    [{ name: 'Agency', reportsPerMonth: 'unlimited' }, 'Plan Agency: unlimited reports'],
    [{ name: 'Pro' }, 'Plan Pro'],
  ])('%j: %s', (given, text) => {
    expect(planText(given)).toBe(text);
  });
});

describe('allowanceText', () => {
  it.each<[number, Plan['reportsPerMonth'], string]>([
    [5, 500, '5 reports to create; your plan allows 500 a month'],
    [1, 500, '1 report to create; your plan allows 500 a month'],
    [5, 'unlimited', '5 reports to create; your plan allows unlimited reports'],
    [1, 'unlimited', '1 report to create; your plan allows unlimited reports'],
    [5, 3, '5 reports to create; your plan allows 3 a month. Select at most 3.'],
  ])('%i creates, allowance %j: %s', (creates, allowance, text) => {
    const check = allowanceCheck(creates, plan(allowance));
    if (!check) throw new Error('expected a check');
    expect(allowanceText(check)).toBe(text);
  });
});
