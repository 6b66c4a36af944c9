// The Reports view's Project filter offers the service's project names once they were asked
// for, and until then the projects of the reports on screen; the chosen one is always there.

/** `known`: the service's names (in its order), or null when not (or no longer) known. */
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
