// A job of creates beside the plan's monthly allowance: how many it needs, how many the plan
// allows, and whether it fits. The service does not say how much of the month is used, so only a
// job larger than the whole allowance is refused.
import type { Plan } from '../api/model';

export interface AllowanceCheck {
  creates: number;
  allowance: number | 'unlimited';
  fits: boolean;
}

/** The check for `creates` reports, or null when there is nothing to say (no creates, or the
 * allowance is not known). */
export function allowanceCheck(
  creates: number,
  plan: Plan | null | undefined,
): AllowanceCheck | null {
  const allowance = plan?.reportsPerMonth;
  if (allowance === undefined || creates <= 0) return null;
  return { creates, allowance, fits: allowance === 'unlimited' || creates <= allowance };
}

/** How many of a job's operations create a report. */
export function countCreates(items: readonly { type: string }[]): number {
  return items.filter((item) => item.type === 'create').length;
}
