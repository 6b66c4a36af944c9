// The plan and a job's allowance check in words.
import type { Plan } from '../api/model';
import { formatNumber } from '../format-number';
import { t } from '../i18n';
import type { AllowanceCheck } from './allowance';

/** "Plan Pro: 500 reports a month", "Plan Agency: unlimited reports", or "Plan Pro". */
export function planText({ name, reportsPerMonth }: Plan): string {
  if (reportsPerMonth === undefined) return t('account_plan_name', name);
  if (reportsPerMonth === 'unlimited') return t('account_plan_unlimited', name);
  return reportsPerMonth === 1
    ? t('account_plan_one', name)
    : t('account_plan', name, formatNumber(reportsPerMonth));
}

/** "5 reports to create; your plan allows 500 a month", and what to do when it does not fit. */
export function allowanceText({ creates, allowance, fits }: AllowanceCheck): string {
  const one = creates === 1;
  const needed =
    allowance === 'unlimited'
      ? one
        ? t('account_creates_unlimited_one')
        : t('account_creates_unlimited', formatNumber(creates))
      : one
        ? t('account_creates_one', formatNumber(allowance))
        : t('account_creates', formatNumber(creates), formatNumber(allowance));
  if (fits || allowance === 'unlimited') return needed;
  return t('account_over', needed, formatNumber(allowance));
}
