// @vitest-environment happy-dom
// The disclosure button: its name stays the same, its description says what is behind it, and
// it shows and hides its panel (which stays mounted).
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Disclosure } from '../../../components/ui/Disclosure';

afterEach(cleanup);

describe('Disclosure', () => {
  it('shows and hides its panel, named the same either way, described by its description', () => {
    render(
      <Disclosure label="Filters" description="2 active">
        <label>
          Result <select />
        </label>
      </Disclosure>,
    );
    const button = screen.getByRole('button', { name: 'Filters' });
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('2 active');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
    expect(panel?.querySelector('select')).toBeTruthy();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Filters' })).toBe(button);
    fireEvent.click(button);
    expect(panel?.hidden).toBe(true);
  });
});
