// The Reports tab's parts that its first rows do not need (parts.ts), split off so that the
// workspace's first load — which holds the Reports tab, its first tab — stays within its budget.
// Rendered before their code is in, they start loading it and show nothing for the few
// milliseconds it takes (../../popup/lazy-component.tsx); the workspace preloads them once it is
// on screen, so they usually show at once.

import { lazyComponent, loader } from '../../entrypoints/popup/lazy-component';
import type { ReportSummary } from '../../lib/api/model';
import type { ExportFile, ExportFormat } from '../../lib/reports/export';

const parts = loader(() => import('./parts'));

/** Only while there is something to ask: a Delete clicked, a bulk action chosen. */
export const ReportsDialogs = lazyComponent(
  () => parts.preload().then((module) => module.ReportsDialogs),
  { needed: (props) => Boolean(props.confirmDelete || props.question) },
);

/** Only with a job started here, or a refused request about one. */
export const ReportsProgress = lazyComponent(
  () => parts.preload().then((module) => module.ReportsProgress),
  {
    needed: ({ bulk, exporter }) =>
      Boolean(bulk.job || bulk.failure || exporter.job || exporter.failure),
  },
);

/** Loads the parts (once), so that they render at once when asked for; nothing is shown. */
export function preloadReportsParts(): Promise<unknown> {
  return Promise.all([ReportsDialogs.preload(), ReportsProgress.preload()]);
}

/**
 * Makes the export's file of `reports` and saves it with `download` (a download from the page
 * unless given), once their code is in; answers the file.
 */
export async function saveExport(
  format: ExportFormat,
  reports: readonly ReportSummary[],
  download?: (file: ExportFile) => void,
): Promise<ExportFile> {
  const module = await parts.preload();
  const file = module.exportFile(format, reports);
  (download ?? module.downloadFile)(file);
  return file;
}
