// A job of more creates than the plan allows a month is refused before it is queued.
import { allowanceCheck, countCreates } from '../account/allowance';
import { knownPlan } from '../account/plans';
import { errorWithText } from '../error-text';
import { ExplainedError } from '../errors';
import type { HandlerDeps } from './deps';

/**
 * Throws when the job's creates exceed the monthly allowance. Only the plan kept (the workspace
 * asked for it before offering the job) is looked at: queuing never waits on the service.
 */
export async function refuseOverAllowance(
  items: readonly { type: string }[],
  deps: HandlerDeps,
): Promise<void> {
  const creates = countCreates(items);
  if (creates === 0) return;
  // A plan that cannot be read is not known: the queue says what is wrong, if anything.
  const plan = await (async () => {
    const { settings } = await deps.loadSettings();
    const client = await deps.clients.get();
    return client ? (await knownPlan(client.baseUrl, settings.apiKey))?.plan : undefined;
  })().catch(() => undefined);
  const check = allowanceCheck(creates, plan);
  if (check && !check.fits && check.allowance !== 'unlimited') {
    throw new ExplainedError(
      errorWithText({
        kind: 'invalid_input',
        reason: 'overAllowance',
        count: creates,
        allowance: check.allowance,
      }),
    );
  }
}
