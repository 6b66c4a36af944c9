// What the workspace reads as it opens on Reports, for the Reports tab to take when it first
// shows: the first list's answer, and the list as last shown. Both are for the settings the page
// opened with: once those turn out not connected (or unreadable), the tab asks anew.
import type { Answer } from '../../lib/messaging/protocol';
import type { LastPage } from '../../lib/reports/last-page';

/** Reads the Reports list as last shown (storage.session), by its parameters as JSON. */
export type ReadLastShown = (key: string) => Promise<LastPage | undefined>;

/** The Reports list asked for as the workspace opened. */
export interface FirstList {
  /** Its parameters as JSON. */
  key: string;
  answer: Promise<Answer<'listReports'>>;
  /**
   * The list as last shown, read before the list was asked for: the background keeps each answer
   * as it answers, and a later read could find this one's in its place. Never rejects.
   */
  lastShown?: Promise<LastPage | undefined>;
}

/**
 * Hands each of them out once, to the list they were read for. Without a first list (the workspace
 * opened on another tab), the list as last shown is read when the tab first asks for it.
 */
export function openingLists(first: FirstList | undefined, readLastShown?: ReadLastShown) {
  let answer = first?.answer;
  let lastShownTaken = !readLastShown;
  return {
    /** The first list's answer, once, when asked for the same list. */
    answer(key: string): Promise<Answer<'listReports'>> | undefined {
      const taken = key === first?.key ? answer : undefined;
      answer = undefined;
      return taken;
    },
    /** The list as last shown, once: the tab shown again later waits for its own answer. */
    lastShown(key: string): Promise<LastPage | undefined> | undefined {
      if (lastShownTaken) return undefined;
      lastShownTaken = true;
      return first?.lastShown && key === first.key ? first.lastShown : readLastShown?.(key);
    },
    /** The settings are not those the page opened with: nothing read as it opened is handed out. */
    forget(): void {
      answer = undefined;
      lastShownTaken = true;
    },
  };
}
