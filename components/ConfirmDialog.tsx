// Asks before something is destroyed. A native modal <dialog>: the rest of the popup is inert
// while it is open, Escape cancels, focus starts on Cancel and goes back where it was.
import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../lib/i18n';

export interface ConfirmDialogProps {
  title: string;
  /** What will be lost. */
  children: ComponentChildren;
  /** The confirming button's name; "Delete" unless given. */
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Render it only while it is asked; unmounting closes it. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    cancelRef.current?.focus();
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
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape in a real browser: let our state close it, not the browser.
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
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{children}</p>
      <div class="actions">
        <button ref={cancelRef} type="button" onClick={onCancel}>
          {t('dialog_cancel')}
        </button>
        <button type="button" class="danger" onClick={onConfirm}>
          {confirmLabel ?? t('dialog_delete')}
        </button>
      </div>
    </dialog>
  );
}
