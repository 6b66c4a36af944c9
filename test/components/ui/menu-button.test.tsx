// @vitest-environment happy-dom
// The menu button: closed until asked, opened by a click or the arrow keys with focus on the
// first (or last) item; arrows wrap, Home and End jump; Escape closes and gives focus back; a
// press elsewhere or Tab closes; choosing an item closes it with focus on the button.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuButton } from '../../../components/ui/MenuButton';

afterEach(cleanup);

function renderMenu() {
  const chosen = vi.fn();
  render(
    <div>
      <p>Elsewhere</p>
      <MenuButton label="Actions for https://example.com/a" face="⋯">
        {['Open report', 'Details', 'Delete'].map((name) => (
          <button
            key={name}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => chosen(name)}
          >
            {name}
          </button>
        ))}
      </MenuButton>
    </div>,
  );
  const button = screen.getByRole('button', { name: 'Actions for https://example.com/a' });
  return { button, chosen };
}

const items = () => screen.getAllByRole('menuitem');
const focused = () => document.activeElement?.textContent;

describe('MenuButton', () => {
  it('is a button that says it has a menu, closed at first', () => {
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a click with focus on the first item, and moves with the arrows, Home and End', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for https://example.com/a' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(items().map((item) => item.textContent)).toEqual(['Open report', 'Details', 'Delete']);
    expect(focused()).toBe('Open report');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Details');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(focused()).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Open report');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(focused()).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focused()).toBe('Open report');
  });

  it.each([
    ['ArrowDown', 'Open report'],
    ['ArrowUp', 'Delete'],
  ])('opens on %s with focus on %s', (key, first) => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key });
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(focused()).toBe(first);
  });

  it('closes on Escape, giving focus back to the button', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a press elsewhere, and on Tab', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.pointerDown(items()[1] as HTMLElement);
    expect(screen.getByRole('menu'), 'a press on an item keeps it open').toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs the chosen item, closes, and leaves focus on the button', () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Details' }));
    expect(chosen).toHaveBeenCalledWith('Details');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes when clicked again', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
