import { parseMoney } from '../../src-main/platform/money';
import type { PlanInput } from './api-types';

/** The billing-plan form as typed: dates as the date field gives them (YYYY-MM-DD). */
export interface PlanForm {
  billingPlanName: string;
  profileId: string;
  amount: string;
  timeSpan: '1' | '2' | '3' | '4';
  every: '1' | '2';
  untilCondition: 'C' | 'N' | 'D';
  untilNumPayments: string;
  untilDate: string;
  startDate: string;
  emailReceipt: boolean;
}

export const timeSpanWords = { '1': 'Daily', '2': 'Weekly', '3': 'Monthly', '4': 'Yearly' } as const;
export const everyWords: Readonly<Record<PlanForm['every'], string>> = {
  '1': 'Every period',
  '2': 'Every other period',
};
export const untilConditionWords: Readonly<Record<PlanForm['untilCondition'], string>> = {
  C: 'Until cancelled',
  N: 'For a number of payments',
  D: 'Until a date',
};

/** YYYY-MM-DD (the date field) → MMDDYYYY (the service). */
export function serviceDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${month}${day}${year}`;
}

/** The plan form's problems, each naming its field (sizes from the recurring-billing guide). */
export function planProblems(form: PlanForm, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (form.billingPlanName.trim() === '') problems.billingPlanName = 'Plan name is required.';
  else if (form.billingPlanName.length > 30)
    problems.billingPlanName = `Plan name is ${form.billingPlanName.length} characters; at most 30.`;
  if (!/^\d{1,20}$/.test(form.profileId.trim())) problems.profileId = 'Gateway profile id must be digits, at most 20.';
  const amount = parseMoney(form.amount);
  if (amount === null || amount <= 0) problems.amount = 'Amount must be an amount above zero, like 49.00.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate)) problems.startDate = 'Start date is required.';
  else if (form.startDate < today) problems.startDate = 'Start date cannot be in the past.';
  if (form.untilCondition === 'N' && !(/^\d{1,4}$/.test(form.untilNumPayments) && Number(form.untilNumPayments) >= 1))
    problems.untilNumPayments = 'Number of payments must be a whole number from 1 to 9999.';
  if (form.untilCondition === 'D') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.untilDate))
      problems.untilDate = 'End date is required when the plan runs until a date.';
    else if (form.untilDate <= form.startDate) problems.untilDate = 'End date must be after the start date.';
  }
  return problems;
}

/** The billing plan the service takes, from a checked form. */
export function planRequest(form: PlanForm, merchId: string): PlanInput {
  return {
    merchId,
    profileId: form.profileId.trim(),
    amountMinor: parseMoney(form.amount) ?? 0,
    timeSpan: Number(form.timeSpan) as PlanInput['timeSpan'],
    every: Number(form.every),
    untilCondition: form.untilCondition,
    ...(form.untilCondition === 'N' ? { untilNumPayments: Number(form.untilNumPayments) } : {}),
    ...(form.untilCondition === 'D' ? { untilDate: serviceDate(form.untilDate) } : {}),
    currencySymbol: '$',
    startDate: serviceDate(form.startDate),
    billingPlanName: form.billingPlanName.trim(),
    emailReceipt: form.emailReceipt,
  };
}
