// @vitest-environment happy-dom
// "Why this rating"'s Copy as Markdown: the page's failed checks as a checklist, most important
// first; a refused clipboard says so; nothing to copy when every check passed.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhyRating } from '../../../components/rating/WhyRating';
import { explanationOf, type RatingExplanation } from '../../../lib/rating/checks';
import { wireChecks } from '../../support/fixtures';

afterEach(cleanup);

const EXPLANATION = explanationOf(wireChecks()) as RatingExplanation;

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('Copy as Markdown in Why this rating', () => {
  it('copies the failed checks as a checklist', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    clipboard(writeText);
    render(<WhyRating explanation={EXPLANATION} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    await screen.findByText('Copied as Markdown.');
    expect(writeText).toHaveBeenCalledWith(
      [
        '- [ ] Title length: 10–60 characters (high)',
        '- [ ] Load time: at most 1 s (medium)',
        '- [ ] Image formats (low)',
        '',
      ].join('\n'),
    );
  });

  it('says when the clipboard refused, and offers nothing when all passed', async () => {
    clipboard(async () => {
      throw new Error('no focus');
    });
    render(<WhyRating explanation={EXPLANATION} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    await screen.findByText(/Couldn't copy to the clipboard/);
    cleanup();
    render(<WhyRating explanation={{ passed: 4, total: 4, failed: [] }} />);
    expect(screen.queryByRole('button', { name: 'Copy as Markdown' })).toBeNull();
  });
});
