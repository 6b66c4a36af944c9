// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RatingBadge } from '../../../components/rating/RatingBadge';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { Pager } from '../../../components/ui/Pager';
import { RelativeTime } from '../../../components/ui/RelativeTime';

afterEach(cleanup);

describe('RatingBadge', () => {
  it.each([
    ['good', 'Good', '✓'],
    ['decent', 'Decent', '~'],
    ['bad', 'Bad', '✕'],
    [null, 'Not rated yet', '…'],
  ] as const)('shows %s as a word and a shape, not colour alone', (rating, word, symbol) => {
    const { container } = render(<RatingBadge rating={rating} />);
    const badge = container.firstElementChild as HTMLElement;
    expect(badge.className).toContain(`rating-${rating ?? 'pending'}`);
    screen.getByText(word);
    const shape = screen.getByText(symbol);
    expect(shape.getAttribute('aria-hidden')).toBe('true');
  });

  it('adds the score when known', () => {
    render(<RatingBadge rating="good" score={91} />);
    screen.getByText('score 91');
  });
});

describe('Pager', () => {
  it('disables Previous on page 1 and Next without a next page', () => {
    const onPage = vi.fn();
    render(<Pager page={1} hasNext={false} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    screen.getByText('Page 1');
  });

  it('asks for the neighbouring pages', () => {
    const onPage = vi.fn();
    render(<Pager page={2} lastPage={3} hasNext onPage={onPage} />);
    screen.getByRole('navigation', { name: 'Pages' });
    screen.getByText('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });
});

describe('ErrorAlert', () => {
  it('renders nothing without an error', () => {
    const { container } = render(<ErrorAlert error={null} />);
    expect(container.innerHTML).toBe('');
  });

  it.each([
    ['forbidden', "Your account's plan doesn't include API access."],
    ['server', 'The service failed. Nothing was changed.'],
    ['timeout', 'The service took too long to answer.'],
    ['unexpected_response', "The service's answer wasn't understood. Is the service URL right?"],
    ['bad_message', "The extension didn't answer. Reload it and try again."],
  ] as const)('has its own sentence for %s', (kind, text) => {
    render(<ErrorAlert error={{ kind, message: '' }} />);
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('never renders a message as HTML', () => {
    render(<ErrorAlert error={{ kind: 'server', message: '<b>bold</b>' }} />);
    expect(screen.getByRole('alert').querySelector('b')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('<b>bold</b>');
  });
});

describe('RelativeTime', () => {
  it('shows the relative time with the exact one on hover', () => {
    const iso = new Date(Date.now() - 3 * 60_000).toISOString();
    render(<RelativeTime iso={iso} />);
    const time = screen.getByText('3 minutes ago');
    expect(time.getAttribute('datetime')).toBe(iso);
    expect(time.getAttribute('title')).toMatch(/\d/);
  });

  it('never shows a time in the future', () => {
    render(<RelativeTime iso={new Date(Date.now() + 20_000).toISOString()} />);
    screen.getByText('now');
  });

  it('says when there is no time yet', () => {
    render(<RelativeTime iso={null} />);
    screen.getByText('Not generated yet');
  });
});
