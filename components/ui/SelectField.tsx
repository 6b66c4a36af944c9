// A labelled native <select>: the most keyboard- and screen-reader-friendly filter there is.
import { useId } from 'preact/hooks';

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

export interface SelectFieldProps<T extends string | number> {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /**
   * Called when someone is about to choose (focus, a click, a key): the moment to fill in
   * choices that are loaded only on demand. Called again on each of those events.
   */
  onInteract?: () => void;
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  disabled,
  onInteract,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        onFocus={onInteract}
        onPointerDown={onInteract}
        onKeyDown={onInteract}
        onChange={(event) => {
          const chosen = options.find(
            (option) => String(option.value) === event.currentTarget.value,
          );
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
