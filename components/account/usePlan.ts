// The saved service's plan as the background keeps it (asked when the settings are saved):
// undefined while asking, null when the service does not tell it.
import { useEffect, useState } from 'preact/hooks';
import type { Plan } from '../../lib/api/model';
import type { Sender } from '../../lib/messaging/send';

export function usePlan(send: Sender): Plan | null | undefined {
  const [plan, setPlan] = useState<Plan | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void send({ type: 'getPlan' }).then((answer) => {
      if (live) setPlan(answer.ok ? answer.data : null);
    });
    return () => {
      live = false;
    };
  }, [send]);
  return plan;
}
