// Whether a CSS media query matches now, followed as it changes (a side panel being resized).
import { useEffect, useState } from 'preact/hooks';

export function useMediaQuery(
  query: string,
  view: Window | undefined = globalThis.window,
): boolean {
  const [matches, setMatches] = useState(() => view?.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = view?.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query, view]);
  return matches;
}
