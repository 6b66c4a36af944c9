// The popup's first load has no room for the checks' names and words: their code comes by
// import() once This page shows a rated report, and shows nothing until then (or if it fails).
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { PageExplanationProps } from './PageExplanation';

const load = () => import('./PageExplanation').then((module) => module.PageExplanation);

export function LazyPageExplanation(props: PageExplanationProps) {
  const [View, setView] = useState<ComponentType<PageExplanationProps> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setView(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return View ? <View {...props} /> : null;
}
