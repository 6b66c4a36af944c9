// @vitest-environment happy-dom
// The popup's split-off views: loading text until their code is there, an alert with Try again
// if it cannot be loaded, and no second load once it is.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyView } from '../../entrypoints/popup/lazy-view';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const placeholder = { loadingText: 'Loading reports…', loadFailed: "Couldn't load the reports." };

describe('lazyView', () => {
  it('says it is loading, then shows the view with its props', async () => {
    const View = lazyView(async () => Greeting);
    render(<View {...placeholder} name="Ada" />);
    expect(screen.getByRole('status').textContent).toBe('Loading reports…');
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('loads once, and shows at once after a preload', async () => {
    const load = vi.fn(async () => Greeting);
    const View = lazyView(load);
    await View.preload();
    render(<View {...placeholder} name="Grace" />);
    screen.getByText('Hello Grace');
    await View.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the code cannot be loaded, and tries again on request', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValue(Greeting);
    const View = lazyView(load);
    render(<View {...placeholder} name="Lin" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the reports.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Lin')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
