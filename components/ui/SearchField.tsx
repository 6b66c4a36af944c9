// A search box that waits until typing pauses before searching; Enter searches at once.
import { useEffect, useId, useRef, useState } from 'preact/hooks';

export interface SearchFieldProps {
  label: string;
  /** The search in effect; when it changes from outside, the box follows. */
  value: string;
  onSearch: (value: string) => void;
  /** Pause (ms) after the last keystroke before searching. */
  delay: number;
}

export function SearchField({ label, value, onSearch, delay }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const applied = useRef(value);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;

  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = text;
      latestOnSearch.current(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  return (
    <form
      class="field search"
      onSubmit={(event) => {
        event.preventDefault();
        if (text !== applied.current) {
          applied.current = text;
          onSearch(text);
        }
      }}
    >
      <label for={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        autocomplete="off"
        onInput={(event) => setText(event.currentTarget.value)}
      />
    </form>
  );
}
