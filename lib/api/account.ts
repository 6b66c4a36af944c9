// The account resource, read for its plan only (the contract marks it optional: older
// deployments answer 404, which is "not told", like an answer of another shape).
import { SiteReportError } from './errors';
import { decode } from './http-answer';
import type { Plan } from './model';
import { AccountEnvelope } from './schemas';
import type { CallOptions, Transport } from './transport';

export function createAccountApi({ transport }: { transport: Transport }) {
  /** The plan's name and monthly allowance, or null when the service does not tell them. */
  return async function account({ signal }: CallOptions = {}): Promise<Plan | null> {
    try {
      const answer = await transport.request(
        { method: 'GET', path: '/account', notFound: 'notFoundOnList' },
        signal,
      );
      return decode(AccountEnvelope, answer);
    } catch (error) {
      if (!(error instanceof SiteReportError)) throw error;
      if (error.status === 404 || error.reason === 'badShape') return null;
      throw error;
    }
  };
}
