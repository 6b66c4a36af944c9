// Asks before something is destroyed. A modal dialog (ModalDialog): the rest of the page is inert
// while it is open, Escape cancels, focus starts on Cancel and goes back where it was.
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { ModalDialog } from './ModalDialog';

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
  return (
    <ModalDialog
      titleId={`${id}-title`}
      textId={`${id}-text`}
      initialFocus=".dialog-cancel"
      onCancel={onCancel}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{children}</p>
      <div class="actions">
        <button type="button" class="dialog-cancel" onClick={onCancel}>
          {t('dialog_cancel')}
        </button>
        <button type="button" class="danger" onClick={onConfirm}>
          {confirmLabel ?? t('dialog_delete')}
        </button>
      </div>
    </ModalDialog>
  );
}

export interface AskFirstButtonProps {
  label: string;
  /** The question's title and what it says will happen. */
  title: string;
  text: ComponentChildren;
  onConfirm: () => void;
  describedBy?: string;
}

/** A button that asks first: the dialog's confirming button has the same name. */
export function AskFirstButton({
  label,
  title,
  text,
  onConfirm,
  describedBy,
}: AskFirstButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" aria-describedby={describedBy} onClick={() => setAsking(true)}>
        {label}
      </button>
      {asking && (
        <ConfirmDialog
          title={title}
          confirmLabel={label}
          onConfirm={() => {
            setAsking(false);
            onConfirm();
          }}
          onCancel={() => setAsking(false)}
        >
          {text}
        </ConfirmDialog>
      )}
    </>
  );
}
