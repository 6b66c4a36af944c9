// `GET /account` as deployments answer it: read for the plan and the account's id alone; the
// account's name, e-mail and the rest are personal data the extension has no use for, and are not
// even parsed.
import * as z from 'zod/mini';
import { PLAN_NAME_MAX, type Plan } from './model';
import { WholeNumber } from './schemas';

/** `features.reports`: a number of reports a month, or -1 for unlimited; else not told. */
const Allowance = z.catch(
  z.optional(
    z.union([
      z.pipe(
        z.literal([-1, '-1']),
        z.transform(() => 'unlimited' as const),
      ),
      WholeNumber,
    ]),
  ),
  undefined,
);

const WirePlan = z.object({
  name: z.pipe(
    z.string(),
    z.transform((name: string) => name.trim().slice(0, PLAN_NAME_MAX)),
  ),
  features: z.catch(z.optional(z.object({ reports: Allowance })), undefined),
});

/**
 * `GET /account`, read for its plan alone: the account's name, e-mail and the rest are personal
 * data the extension has no use for, and are not even parsed.
 */
export const AccountEnvelope = z.pipe(
  z.object({ data: z.object({ plan: WirePlan }) }),
  z.transform(({ data: { plan } }): Plan | null => {
    if (plan.name === '') return null;
    const reportsPerMonth = plan.features?.reports;
    return reportsPerMonth === undefined
      ? { name: plan.name }
      : { name: plan.name, reportsPerMonth };
  }),
);

/**
 * `GET /account`'s `data.id`: which of the service's accounts a key belongs to (two keys of one
 * service may be two accounts). Undefined when the answer has none usable.
 */
export const AccountIdEnvelope = z.pipe(
  z.object({ data: z.object({ id: z.catch(z.optional(z.int()), undefined) }) }),
  z.transform(({ data: { id } }) => id),
);
