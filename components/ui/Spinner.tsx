// The turning mark of work under way, and the status line it usually comes with ("Deleting…").
import type { ComponentChildren } from 'preact';

/** Only the mark: the words beside it say what runs. */
export function Spinner() {
  return <span class="spinner" aria-hidden="true" />;
}

/** A status line with the mark: read out once when it appears, not at each change inside. */
export function SpinnerLine({
  children,
  class: className = 'progress',
}: {
  children: ComponentChildren;
  class?: string;
}) {
  return (
    <p class={className} role="status">
      <Spinner />
      {children}
    </p>
  );
}
