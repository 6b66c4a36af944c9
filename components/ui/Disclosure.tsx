// A button that shows and hides what it controls. Its name stays the same; a short
// `description` (aria-describedby) says what is behind it, e.g. how many filters are active.
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';

export interface DisclosureProps {
  label: string;
  description: string;
  children: ComponentChildren;
}

/** The button, its description and the panel; the panel stays mounted while it is hidden. */
export function Disclosure({ label, description, children }: DisclosureProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div class="disclosure">
      <div class="disclosure-toggle">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          aria-describedby={`${id}-description`}
          onClick={() => setOpen(!open)}
        >
          <span class="disclosure-mark" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
          {label}
        </button>
        <span id={`${id}-description`} class="muted">
          {description}
        </span>
      </div>
      <div id={`${id}-panel`} class="disclosure-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
