// The Project filter's choices: the projects of the reports on screen, and the service's full
// list once someone goes to choose (focus, click or key); a new revision makes that list stale.
import { useRef, useState } from 'preact/hooks';
import type { Sender } from '../../lib/messaging/send';

/** `load` asks for the list (once per revision; again after a failure, which keeps the names). */
export function useProjectChoices(
  send: Sender,
  revision: number,
  onScreen: readonly { project?: string }[],
  chosen: string,
): { names: string[]; load: () => void } {
  /** The service's project names as of a revision, once asked for. */
  const [projects, setProjects] = useState<{ revision: number; names: string[] } | null>(null);
  const loaded = useRef<number | null>(null);

  function load() {
    if (loaded.current === revision) return;
    const asked = revision;
    loaded.current = asked;
    void send({
      type: 'listProjects',
      params: { perPage: 100, sortBy: 'project', sort: 'asc' },
    }).then((answer) => {
      if (answer.ok) {
        setProjects({ revision: asked, names: answer.data.items.map((project) => project.name) });
      } else if (loaded.current === asked) loaded.current = null;
    });
  }

  const known = projects?.revision === revision ? projects.names : null;
  return { names: projectChoices(known, onScreen, chosen), load };
}

/**
 * The service's project names once known (`known` is null until then), until then the projects
 * of the reports on screen; the chosen one is always there.
 */
export function projectChoices(
  known: readonly string[] | null,
  onScreen: readonly { project?: string }[],
  chosen: string,
): string[] {
  const names = known
    ? [...known]
    : [...new Set(onScreen.flatMap((report) => report.project || []))].sort((a, b) =>
        a.localeCompare(b),
      );
  if (chosen && !names.includes(chosen)) names.push(chosen);
  return names;
}
