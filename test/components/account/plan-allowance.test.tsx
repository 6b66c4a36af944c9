// @vitest-environment happy-dom
// The sentence before a job of creates, and the plan a page gets from the background.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanAllowance } from '../../../components/account/PlanAllowance';
import { usePlan } from '../../../components/account/usePlan';
import { allowanceCheck } from '../../../lib/account/allowance';
import type { Plan } from '../../../lib/api/model';
import { fail, fakeSend, ok } from '../popup-helpers';

afterEach(cleanup);

describe('PlanAllowance', () => {
  it('says the creates beside the allowance, as a quiet note while the job fits', () => {
    render(
      <PlanAllowance id="a" check={allowanceCheck(5, { name: 'Pro', reportsPerMonth: 500 })} />,
    );
    const note = screen.getByText('5 reports to create; your plan allows 500 a month');
    expect(note.id).toBe('a');
    expect(note.className).toBe('muted');
  });

  it('warns when the job is larger than the allowance', () => {
    render(<PlanAllowance id="a" check={allowanceCheck(5, { name: 'Pro', reportsPerMonth: 3 })} />);
    expect(screen.getByText(/^5 reports to create; your plan allows 3 a month\. /).className).toBe(
      'warning',
    );
  });

  it('shows nothing when the allowance is not known', () => {
    const { container } = render(
      <PlanAllowance id="a" check={allowanceCheck(5, { name: 'Pro' })} />,
    );
    expect(container.textContent).toBe('');
  });
});

function ShowPlan({ send }: { send: Parameters<typeof usePlan>[0] }) {
  const plan = usePlan(send);
  return <p>{plan === undefined ? 'asking' : JSON.stringify(plan)}</p>;
}

describe('usePlan', () => {
  it.each<[string, ReturnType<typeof ok<Plan | null>> | ReturnType<typeof fail>, string]>([
    ['a plan', ok({ name: 'Pro', reportsPerMonth: 500 }), '{"name":"Pro","reportsPerMonth":500}'],
    ['not told', ok(null), 'null'],
    ['a failed question (not told)', fail('bad_message', 'No answer.'), 'null'],
  ])('asks the background once: %s', async (_case, answer, shown) => {
    const send = fakeSend({ getPlan: () => answer });
    render(<ShowPlan send={send} />);
    expect(screen.getByText('asking')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(shown)).toBeTruthy());
    expect(send).toHaveBeenCalledTimes(1);
  });
});
