// A privacy as the popup's forms hold it (create, change privacy): the choice and the password
// typed for it. The password is sent only with Password, and never stored.
import { PRIVACY } from '../api/constants';
import type { Privacy } from '../api/model';

export interface PrivacyChoice {
  privacy: Privacy;
  password: string;
}

export function passwordMissing({ privacy, password }: PrivacyChoice): boolean {
  return privacy === PRIVACY.password && password.length === 0;
}

/** The request's privacy fields: the password only with Password. */
export function privacyInput({ privacy, password }: PrivacyChoice): {
  privacy: Privacy;
  password?: string;
} {
  return { privacy, ...(privacy === PRIVACY.password ? { password } : {}) };
}
