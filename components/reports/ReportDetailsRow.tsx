// A report's details in the Reports table: the row below its own, opened by its Details button,
// with why it got its rating (read when opened, and again after each analysis). The row is there
// at once (the button controls it); what it shows loads when details are first opened.
import type { ReportSummary } from '../../lib/api/model';
import type { Sender } from '../../lib/messaging/send';
import { LazyView } from '../ui/LazyView';
import type { ReportDetailsProps } from './ReportDetails';

export interface ReportDetailsRowProps {
  id: string;
  /** How many columns the table has: the details span them all. */
  columns: number;
  report: ReportSummary;
  send: Sender;
}

const loadDetails = () => import('./ReportDetails').then((module) => module.ReportDetails);

export function ReportDetailsRow({ id, columns, report, send }: ReportDetailsRowProps) {
  return (
    <tr class="details-row">
      <td colSpan={columns} id={id}>
        <LazyView<ReportDetailsProps>
          load={loadDetails}
          loadingKey="popup_loading"
          failedKey="check_loadFailed"
          props={{ report, send }}
        />
      </td>
    </tr>
  );
}
