// A menu button (WAI-ARIA's menu button pattern): the button opens a list of `menuitem`s below
// it, focus goes to the first (the last with ArrowUp); arrows, Home and End move, Escape closes
// and goes back to the button, Tab or a click elsewhere closes. Choosing an item closes the menu
// and puts focus back on the button (where a dialog the item opens returns it); by the time a
// handler further up sees the click, the item may be out of the document.
import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';

export interface MenuButtonProps {
  /** The button's accessible name, and the menu's. */
  label: string;
  /** What the button shows (an icon, a short word); hidden from assistive technology. */
  face: ComponentChildren;
  /** The items: elements with role="menuitem" (buttons), rendered only while the menu is open. */
  children: ComponentChildren;
}

type Focus = 'first' | 'last';

export function MenuButton({ label, face, children }: MenuButtonProps) {
  const id = useId();
  const [open, setOpen] = useState<Focus | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []).filter(
      (item) => !item.matches(':disabled'),
    );

  function close(refocus: boolean) {
    setOpen(null);
    if (refocus) button.current?.focus();
  }

  // Focus moves into the menu as soon as it is in the document, before anything else can.
  useLayoutEffect(() => {
    if (!open) return;
    const all = items();
    (open === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [open]);

  // A press anywhere else closes it, from the moment it is open.
  useLayoutEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  function onButtonKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  }

  function onMenuKey(event: KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      all[moves[event.key] as number]?.focus();
    }
  }

  return (
    <div
      class="menu-button"
      ref={root}
      onFocusOut={(event) => {
        // Focus gone elsewhere (not nowhere: a click on an item may not focus it, as in Safari).
        const to = event.relatedTarget as Node | null;
        if (open && to && !root.current?.contains(to)) setOpen(null);
      }}
    >
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">{face}</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          class="menu"
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          onClick={(event) => {
            if ((event.target as Element).closest('[role="menuitem"]')) close(true);
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
