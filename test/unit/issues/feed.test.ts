// The analyses are fed where the history is recorded (service-answers.ts): every answer with
// parseable results, under the same owner string as the history; a report or project gone leaves.
import { describe, expect, it } from 'vitest';
import { forgetGone, rememberAnswer } from '../../../lib/background/service-answers';
import { analysesWritten, readAnalyses } from '../../../lib/issues/analyses';
import { createRecentDetails } from '../../../lib/rating/recent-details';
import { historyWritten, readAllHistories } from '../../../lib/watch/history';
import { report } from '../../support/fixtures';

const OWNER = 'https://reports.example.com/api/v1';
const results = {
  title: { passed: false, importance: 'high', value: null, errors: { missing: 1 } },
};

describe('feeding the analyses', () => {
  it('keeps the details of an answer under the history owner, and forgets them when gone', async () => {
    await rememberAnswer(
      [
        report({ id: 1, results }),
        report({ id: 2, results: undefined }),
        report({ id: 3, results: 'other shape', project: 'shop.example' }),
        report({ id: 4, results, project: 'shop.example' }),
      ],
      OWNER,
    );
    await Promise.all([analysesWritten(), historyWritten()]);
    expect((await readAnalyses(OWNER)).map((a) => a.reportId)).toEqual([1, 4]);
    expect((await readAllHistories(OWNER)).map((h) => h.reportId).sort()).toEqual([1, 2, 3, 4]);
    const details = createRecentDetails();
    await forgetGone({ id: 1 }, OWNER, details);
    await forgetGone({ name: 'shop.example' }, OWNER, details);
    expect(await readAnalyses(OWNER)).toEqual([]);
  });
});
