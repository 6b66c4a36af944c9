// A setting that is on or off; it applies at once. Disabled, with a note, when the administrator
// set it.
import { useId } from 'preact/hooks';
import { LockedNote, noteAria } from './FieldNotes';

export interface CheckFieldProps {
  label: string;
  checked: boolean;
  locked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckField({ label, checked, locked, onChange }: CheckFieldProps) {
  const id = useId();
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={locked}
        {...noteAria(id, { locked })}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {locked && <LockedNote id={`${id}-locked`} inline />}
    </div>
  );
}
