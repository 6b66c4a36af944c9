// The popup's first load has no room for the checks' names and words: their code comes by
// import() once This page shows a rated report, and shows nothing until then (or if it fails).
import { Later } from '../ui/Later';
import type { PageExplanationProps } from './PageExplanation';

const load = () => import('./PageExplanation').then((module) => module.PageExplanation);

export function LazyPageExplanation(props: PageExplanationProps) {
  return <Later load={load} props={props} />;
}
