// @vitest-environment happy-dom
// The popup's split-off parts (lazy-component.tsx): nothing until their code is there, then the
// part with its props, synchronously once loaded; the code is asked for only when needed, once,
// and again after a failure.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent, loader } from '../../entrypoints/popup/lazy-component';
import { deferred } from './popup-helpers';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('loader', () => {
  it('loads once, and again only after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValue('code');
    const code = loader(load);
    await expect(code.preload()).rejects.toThrow('gone');
    expect(code.loaded()).toBeUndefined();
    expect(await code.preload()).toBe('code');
    expect(await code.preload()).toBe('code');
    expect(code.loaded()).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyComponent', () => {
  it('shows nothing until its code is there, then the part with its props', async () => {
    const code = deferred<typeof Greeting>();
    const Part = lazyComponent(() => code.promise);
    const { container } = render(<Part name="Ada" />);
    expect(container.innerHTML).toBe('');
    code.resolve(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('renders at once once preloaded, and loads its code once', async () => {
    const load = vi.fn(async () => Greeting);
    const Part = lazyComponent(load);
    await Part.preload();
    render(<Part name="Grace" />);
    screen.getByText('Hello Grace');
    render(<Part name="Lin" />);
    screen.getByText('Hello Lin');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for its code only when the props need it', async () => {
    const load = vi.fn(async () => Greeting);
    const Part = lazyComponent(load, { needed: ({ name }) => name !== '' });
    function Host() {
      const [name, setName] = useState('');
      return (
        <>
          <button type="button" onClick={() => setName('Ada')}>
            Greet
          </button>
          <Part name={name} />
        </>
      );
    }
    render(<Host />);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Hello/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Greet' }));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its fallback while loading and after a failure, with a way to try again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValue(Greeting);
    const Part = lazyComponent(load, {
      fallback: ({ name }, retry) =>
        retry ? (
          <button type="button" onClick={retry}>
            Try again for {name}
          </button>
        ) : (
          <p role="status">Loading {name}…</p>
        ),
    });
    render(<Part name="Lin" />);
    screen.getByRole('status');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again for Lin' }));
    expect(await screen.findByText('Hello Lin')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('without a fallback, tries again when it is rendered again after a failure', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValue(Greeting);
    const Part = lazyComponent(load);
    const { container, rerender } = render(<Part name="Ada" />);
    await act(async () => undefined);
    expect(container.innerHTML).toBe('');
    expect(load).toHaveBeenCalledTimes(1);
    rerender(<Part name="Grace" />);
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
