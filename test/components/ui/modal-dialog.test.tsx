// @vitest-environment happy-dom
// The modal dialog under ConfirmDialog and the workspace's PrivacyDialog: open while rendered,
// focus on what its selector finds, Escape (a key or the dialog's cancel event) asks its owner to
// close it, and unmounting closes it and gives focus back.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '../../../components/ui/ModalDialog';

afterEach(cleanup);

function renderDialog(initialFocus: string) {
  const onCancel = vi.fn();
  const opener = document.createElement('button');
  opener.textContent = 'Open';
  document.body.append(opener);
  opener.focus();
  const view = render(
    <ModalDialog titleId="t" textId="x" initialFocus={initialFocus} onCancel={onCancel}>
      <h2 id="t">Remove the key?</h2>
      <p id="x">The extension stops working until a key is saved.</p>
      <button type="button">First</button>
      <button type="button" class="second">
        Second
      </button>
    </ModalDialog>,
  );
  return { onCancel, opener, view };
}

describe('ModalDialog', () => {
  it('is open, named and described by its title and text, with focus where its selector says', () => {
    const { opener } = renderDialog('.second');
    const dialog = screen.getByRole('dialog', { name: 'Remove the key?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBe('x');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Second' }));
    opener.remove();
  });

  it('asks its owner to close on Escape and on the cancel event, never closing itself', () => {
    const { onCancel, opener } = renderDialog('button');
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(screen.getByRole('button', { name: 'First' }), { key: 'Escape' });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.hasAttribute('open')).toBe(true);
    opener.remove();
  });

  it('closes when unmounted and gives focus back to where it was', () => {
    const { opener, view } = renderDialog('button');
    expect(document.activeElement).not.toBe(opener);
    view.unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
