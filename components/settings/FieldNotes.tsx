// The notes under a field, each with an id the field points at (aria-describedby): its hint,
// the administrator's lock (the managed state: the field is disabled) and what is wrong with it.
import { t } from '../../lib/i18n';

export interface NoteFlags {
  hint?: string;
  locked?: boolean;
  error?: string;
}

/** The attributes that tie a field to its notes, in the order they are shown. */
export function noteAria(id: string, { hint, locked, error }: NoteFlags) {
  const ids = [hint && `${id}-hint`, locked && `${id}-locked`, error && `${id}-error`];
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.filter(Boolean).join(' ') || undefined,
  };
}

/** A field's notes; the ids are `<id>-hint`, `<id>-locked` and `<id>-error`. */
export function FieldNotes({ id, hint, locked, error }: NoteFlags & { id: string }) {
  return (
    <>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {locked && <LockedNote id={`${id}-locked`} />}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** "Set by your administrator." — inline beside a check box, a line of its own elsewhere. */
export function LockedNote({ id, inline = false }: { id: string; inline?: boolean }) {
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag class="hint locked" id={id}>
      {t('options_locked')}
    </Tag>
  );
}
