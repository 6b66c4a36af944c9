// A report's details (why it got its rating), read when shown and again after each analysis;
// never kept anywhere but here.
import { useEffect, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import type { ReportDetails } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';

export type DetailsState =
  | { status: 'loading' }
  | { status: 'done'; details: ReportDetails }
  | { status: 'failed'; error: ErrorData };

/** `generatedAt` changes with each analysis: the details are read again then. */
export function useReportDetails(
  send: Sender,
  id: number,
  generatedAt: string | null,
): DetailsState {
  // Kept with the report it is about: a new analysis keeps the last details on screen until the
  // new ones come; another report's are never shown.
  const [read, setRead] = useState<{ id: number; state: DetailsState } | null>(null);

  useEffect(() => {
    let live = true;
    void send({ type: 'getReportDetails', id }).then((answer) => {
      if (!live) return;
      setRead({
        id,
        state: answer.ok
          ? { status: 'done', details: answer.data }
          : { status: 'failed', error: answer.error },
      });
    });
    return () => {
      live = false;
    };
  }, [send, id, generatedAt]);

  return read?.id === id ? read.state : { status: 'loading' };
}
