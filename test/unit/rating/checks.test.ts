// Reading a report's `results` as the contract's map of checks, whatever a deployment sends.
import { describe, expect, it } from 'vitest';
import { explainRating, explanationOf, parseChecks } from '../../../lib/rating/checks';
import { wireChecks } from '../../support/fixtures';

describe('parseChecks', () => {
  it('reads every check of the map, in its order, with the limits of failed ones', () => {
    expect(parseChecks(wireChecks())).toEqual([
      { key: 'image_format', passed: false, importance: 'low' },
      {
        key: 'load_time',
        passed: false,
        importance: 'medium',
        limit: { kind: 'too_slow', max: 1 },
      },
      { key: 'https_encryption', passed: true, importance: 'high' },
      {
        key: 'title',
        passed: false,
        importance: 'high',
        limit: { kind: 'length', min: 10, max: 60 },
      },
      { key: 'favicon', passed: true, importance: 'low' },
      { key: 'language', passed: true, importance: 'medium' },
    ]);
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['a number', 87],
    ['text', 'passed'],
    ['an empty array (PHP’s empty map)', []],
    ['an array of checks', [{ passed: true, importance: 'high' }]],
    ['an empty map', {}],
    ['the old list shape', { checks: [{ name: 'tls', passed: true }], passed: 1, failed: 0 }],
    ['checks without passed', { title: { importance: 'high' }, favicon: { errors: {} } }],
    ['passed as text', { title: { passed: 'yes' } }],
    ['entries that are not objects', { title: true, favicon: 'ok', gsb: null }],
  ])('gives null for %s', (_, results) => {
    expect(parseChecks(results)).toBeNull();
    expect(explanationOf(results)).toBeNull();
  });

  it('leaves out entries that are not checks and keeps the rest', () => {
    expect(parseChecks({ version: 3, fetched: { status: 200 }, title: { passed: true } })).toEqual([
      { key: 'title', passed: true, importance: 'low' },
    ]);
  });

  it.each([
    [{ passed: 1 }, true],
    [{ passed: 0 }, false],
    [{ passed: false, importance: 'HIGH' }, false],
  ])('tolerates %j', (entry, passed) => {
    expect(parseChecks({ x: entry })?.[0]?.passed).toBe(passed);
  });

  it.each([
    ['High', 'high'],
    ['MEDIUM', 'medium'],
    ['critical', 'low'],
    [3, 'low'],
    [undefined, 'low'],
  ])('reads the importance %j as %s', (importance, read) => {
    expect(parseChecks({ x: { passed: false, importance } })?.[0]?.importance).toBe(read);
  });

  it.each([
    [{ length: { min: 10, max: 60 } }, { kind: 'length', min: 10, max: 60 }],
    [{ too_slow: { max: '2.5' } }, { kind: 'too_slow', max: 2.5 }],
    [{ too_few: { min: 3 } }, { kind: 'too_few', min: 3 }],
    // The first error with a bound gives it; errors without one are passed over.
    [
      { missing: null, too_large: { max: 512000 } },
      { kind: 'too_large', max: 512000 },
    ],
    [{ too_many: { max: 'lots', min: 2 } }, { kind: 'too_many', min: 2 }],
    [{ missing: null }, undefined],
    [{ length: { min: 'ten' } }, undefined],
    [{ length: [10, 60] }, undefined],
    [['missing'], undefined],
    ['missing', undefined],
    [null, undefined],
  ])('reads the limit of errors %j as %j', (errors, limit) => {
    expect(parseChecks({ x: { passed: false, errors } })?.[0]?.limit).toEqual(limit);
  });

  it('gives a passed check no limit, whatever its errors say', () => {
    expect(parseChecks({ x: { passed: true, errors: { length: { min: 1 } } } })?.[0]).toEqual({
      key: 'x',
      passed: true,
      importance: 'low',
    });
  });
});

describe('explainRating', () => {
  it('counts the passed checks against all, and lists the failed ones high importance first', () => {
    const explanation = explanationOf(wireChecks());
    expect(explanation).toMatchObject({ passed: 3, total: 6 });
    expect(explanation?.failed.map((check) => check.key)).toEqual([
      'title',
      'load_time',
      'image_format',
    ]);
  });

  it('keeps the service’s order among checks of the same importance', () => {
    const checks = ['a', 'b', 'c', 'd'].map((key, i) => ({
      key,
      passed: false,
      importance: i % 2 === 0 ? ('low' as const) : ('high' as const),
    }));
    expect(explainRating(checks).failed.map((check) => check.key)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('lists nothing when every check passed', () => {
    expect(explainRating([{ key: 'a', passed: true, importance: 'high' }])).toEqual({
      passed: 1,
      total: 1,
      failed: [],
    });
  });
});
