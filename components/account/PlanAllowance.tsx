// Before a job of creates: how many reports it needs beside the plan's monthly allowance, and
// why it cannot be sent when that is more. Nothing when the allowance is not known.
import type { AllowanceCheck } from '../../lib/account/allowance';
import { allowanceText } from '../../lib/account/words';

export interface PlanAllowanceProps {
  /** The sentence's id, for the button it explains (aria-describedby). */
  id: string;
  check: AllowanceCheck | null;
}

export function PlanAllowance({ id, check }: PlanAllowanceProps) {
  if (!check) return null;
  return (
    <p id={id} class={check.fits ? 'muted' : 'warning'}>
      {allowanceText(check)}
    </p>
  );
}
