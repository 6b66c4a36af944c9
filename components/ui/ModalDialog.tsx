// A native modal <dialog>, open while rendered: the page behind is inert, Escape cancels, and focus
// starts on `initialFocus` and goes back where it was when it closes.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export interface ModalDialogProps {
  /** The id of its title (aria-labelledby). */
  titleId: string;
  /** The id of the text that says what it asks (aria-describedby), if it has one. */
  textId?: string;
  /** A selector for the element to focus when it opens; read when it opens. */
  initialFocus: string;
  onCancel: () => void;
  children: ComponentChildren;
}

/** Render it only while it is asked; unmounting closes it. */
export function ModalDialog({
  titleId,
  textId,
  initialFocus,
  onCancel,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const focusFirst = useRef(initialFocus);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog?.querySelector<HTMLElement>(focusFirst.current)?.focus();
    return () => {
      // Close before moving focus: while it is open, everything outside it is inert.
      if (dialog?.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      class="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape in a real browser: let the owner's state close it, not the browser.
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      {children}
    </dialog>
  );
}
