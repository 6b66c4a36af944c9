// A create the user started (the popup's Create, the right-click menu, the keyboard command),
// sent as a one-item job the queue watches while it is out: a reopened popup finds it under way,
// and a lost answer is looked for before anything is said, so no page gets two reports.
import { PRIVACY } from '../api/constants';
import type { CreateReportInput, ReportSummary } from '../api/model';
import { NotConnectedError } from '../errors';
import type { HandlerDeps } from './deps';
import { backgroundQueue } from './queue';
import { rememberAnswer } from './service-answers';

/** Sends the create, watched as a one-item job (which, when it cannot be stored, sends it unwatched). */
export async function sendCreate(
  input: CreateReportInput,
  deps: HandlerDeps,
): Promise<ReportSummary> {
  // The client and the service its job is stored for, from one read of the settings.
  const saved = await deps.clients.saved();
  if (!saved) throw new NotConnectedError();
  const { client, service } = saved;
  const create = async () => {
    const report = await client.reports.create(input);
    // The report is made: a cache that cannot be written does not make it a failure. The
    // service may give another address (where its fetch ended): the tab's must find it too.
    await rememberAnswer([report], client.baseUrl, {
      details: deps.recentDetails,
      askedUrl: input.url,
    }).catch(() => undefined);
    return report;
  };
  const op = { url: input.url, privacy: input.privacy ?? PRIVACY.public };
  return backgroundQueue().watchedCreate(op, service, create);
}
