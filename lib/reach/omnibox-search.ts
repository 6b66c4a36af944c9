// The `sr` keyword's search as the user types: the kept reports at once, then, once typing has
// paused, one list request for the text, whose answer is shown only if the text is still the same.
import { type KeptReport, matchKept, mergeReports, type Suggestion } from './omnibox-suggestions';

/** How long typing must pause before the service is asked. */
export const SEARCH_DELAY_MS = 300;

export interface OmniboxSearchDeps {
  /** The reports kept for the service in use (none when there is none). */
  kept(): Promise<KeptReport[]>;
  /** The service's reports for the text; null when nothing was sent (not connected, or paced). */
  list(text: string): Promise<KeptReport[] | null>;
  describe(report: KeptReport): Suggestion;
  /** Runs `run` after `ms`; answers the cancel. */
  setTimer(run: () => void, ms: number): () => void;
  delayMs?: number;
}

export type Suggest = (suggestions: Suggestion[]) => void;

export function createOmniboxSearch(deps: OmniboxSearchDeps) {
  const delay = deps.delayMs ?? SEARCH_DELAY_MS;
  /** The text typed last: answers for any other are dropped. */
  let current: string | null = null;
  let cancelTimer: (() => void) | undefined;
  /** The text whose service answer is shown: the kept ones alone must not replace it. */
  let answered: string | null = null;

  const keptFor = async (text: string) => matchKept(await deps.kept().catch(() => []), text);

  async function ask(text: string, suggest: Suggest): Promise<void> {
    const found = await deps.list(text).catch(() => null);
    if (found === null || text !== current) return;
    const kept = await keptFor(text);
    if (text !== current) return;
    answered = text;
    suggest(mergeReports(kept, found).map(deps.describe));
  }

  return {
    /** The text changed: kept matches now, the service's after the pause. */
    async input(text: string, suggest: Suggest): Promise<void> {
      current = text;
      answered = null;
      cancelTimer?.();
      cancelTimer = undefined;
      if (text.trim() !== '') {
        cancelTimer = deps.setTimer(() => {
          cancelTimer = undefined;
          void ask(text, suggest);
        }, delay);
      }
      const kept = await keptFor(text);
      if (text === current && answered !== text) suggest(kept.map(deps.describe));
    },

    /** The keyword was left or Enter pressed: nothing more is asked or shown. */
    cancel(): void {
      current = null;
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}

export type OmniboxSearch = ReturnType<typeof createOmniboxSearch>;
