// "Export CSV" / "Export JSON": every report the filters match, all pages. The background's queue
// lists them (an export job of one listPage op, 100 per page; it appends the pages), this tab
// follows the job, takes the reports when it is done and downloads the file from the page (the
// code making the file loads with the tab's other parts, lazy-parts.ts).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData, ListReportsParams } from '../../lib/api/model';
import { errorWithText } from '../../lib/error-text';
import { t } from '../../lib/i18n';
import { isFinished } from '../../lib/jobs/jobs';
import type { Sender } from '../../lib/messaging/send';
import type { ExportFile, ExportFormat } from '../../lib/reports/export';
import { failureContext, useJobRun } from '../jobs/useJobs';
import { saveExport } from './lazy-parts';

/** `download` saves the file: a download from the page unless given (tests). */
export function useExport(send: Sender, download?: (file: ExportFile) => void) {
  const run = useJobRun(send);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<ErrorData | null>(null);
  const [starting, setStarting] = useState(false);
  /** The export whose reports were taken (once per job, however often it renders). */
  const taken = useRef<string | null>(null);
  const job = run.job;
  const done = job?.kind === 'export' && job.state === 'done' ? job.id : null;

  useEffect(() => {
    if (done === null || taken.current === done) return;
    taken.current = done;
    void send({ type: 'takeExport', id: done }).then(async (answer) => {
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      try {
        const file = await saveExport(format, answer.data, download);
        setNotice(t('export_downloaded', file.name, answer.data.length));
      } catch {
        // Its code could not be loaded (only an extension updated while the page was open).
        setError(errorWithText({ kind: 'bad_message', reason: 'noAnswer' }));
      }
    });
  }, [done, format, send, download]);

  /** Starts an export of what `params` match (their page and per-page are replaced). */
  async function start(chosen: ExportFormat, params: ListReportsParams) {
    setNotice('');
    setError(null);
    setFormat(chosen);
    setStarting(true);
    await run.start({
      kind: 'export',
      items: [{ type: 'listPage', params: { ...params, perPage: 100, page: 1 } }],
    });
    setStarting(false);
  }

  /** From the click until the job ends (an export at a time: each would download a file). */
  const running = starting || (run.id !== null && (job === null || !isFinished(job)));
  /** What failed: taking the export, or a request about its job. */
  const failure = error
    ? { context: t('export_failed'), error }
    : run.failure && {
        context: failureContext(run.failure.request, t('export_failed')),
        error: run.failure.error,
      };
  return { run, job, format, start, running, notice, failure };
}
