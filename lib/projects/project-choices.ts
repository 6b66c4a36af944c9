// The Project filter offers the service's project names once known, until then the projects of
// the reports on screen; the chosen one is always there. `known` is null when not known.
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
