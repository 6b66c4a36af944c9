// "Export CSV" / "Export JSON": every report the filters match, listed by an export job in the
// background's queue; when it is done the tab takes the reports and downloads the file.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData, ListReportsParams } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { isFinished } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import { type ExportFile, type ExportFormat, exportFile } from '../../lib/reports/export';
import { failureContext, useJobRun } from '../jobs/useJobs';

const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file from the page itself, no `downloads` permission needed. The URL is revoked a while
 * after the click, since Firefox reads the blob only after the click has returned.
 */
export function downloadFile(file: ExportFile, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

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
    void send({ type: 'takeExport', id: done }).then((answer) => {
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      const file = exportFile(format, answer.data);
      (download ?? downloadFile)(file);
      setNotice(t('export_downloaded', file.name, answer.data.length));
    });
  }, [done, format, send, download]);

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
  const failure = error
    ? { context: t('export_failed'), error }
    : run.failure && {
        context: failureContext(run.failure.request, t('export_failed')),
        error: run.failure.error,
      };
  return { run, job, format, start, running, notice, failure };
}
