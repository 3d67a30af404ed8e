import type { BillingPlanSchedule } from '../../reference/boarding-wire';

/** MMDDYYYY (the plan's dates) as UTC midnight in ms; undefined when it is no calendar date. */
export function parsePlanDate(text: unknown): number | undefined {
  if (typeof text !== 'string' || !/^\d{8}$/.test(text)) return undefined;
  const month = Number(text.slice(0, 2));
  const day = Number(text.slice(2, 4));
  const year = Number(text.slice(4));
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : undefined;
}

/** MM/DD/YYYY, as the guide's schedule example shows the dates. */
export function scheduleDate(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

function addPeriod(start: number, timeSpan: number, count: number): number {
  const date = new Date(start);
  switch (timeSpan) {
    case 1:
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + count);
    case 2:
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 7 * count);
    case 3: {
      // The 31st in a 30-day month falls on the month's last day, not the next month's first.
      const month = date.getUTCMonth() + count;
      const last = new Date(Date.UTC(date.getUTCFullYear(), month + 1, 0)).getUTCDate();
      return Date.UTC(date.getUTCFullYear(), month, Math.min(date.getUTCDate(), last));
    }
    default:
      return Date.UTC(date.getUTCFullYear() + count, date.getUTCMonth(), date.getUTCDate());
  }
}

export interface PlanTerms {
  readonly startDate: string;
  readonly timeSpan: number;
  readonly every: number;
  readonly untilCondition: string;
  readonly untilNumPayments?: number | null | undefined;
  readonly untilDate?: string | null | undefined;
  readonly amount: number;
}

/**
 * The plan's payments: up to 1000 when it ends after a number of payments or on a date, one
 * year of them when it runs until cancelled (recurring-billing guide, "schedules").
 */
export function buildSchedule(terms: PlanTerms, firstId: number): BillingPlanSchedule[] {
  const start = parsePlanDate(terms.startDate)!;
  const until = terms.untilCondition === 'D' ? parsePlanDate(terms.untilDate) : undefined;
  const yearEnd = addPeriod(start, 4, 1);
  const limit = terms.untilCondition === 'N' ? Math.min(Number(terms.untilNumPayments), 1000) : 1000;
  const schedule: BillingPlanSchedule[] = [];
  for (let index = 0; schedule.length < limit; index++) {
    const at = addPeriod(start, terms.timeSpan, index * terms.every);
    if (until !== undefined && at > until) break;
    if (terms.untilCondition === 'C' && at >= yearEnd) break;
    schedule.push({
      billingPlanScheduleId: firstId + index,
      actualAmount: null,
      actualPaymentDate: null,
      paymentStatus: 'Scheduled',
      retref: null,
      scheduledAmount: terms.amount,
      scheduledPaymentDate: scheduleDate(at),
    });
  }
  return schedule;
}

/** When a schedule entry falls due, in ms (UTC midnight of its date). */
export function dueAt(entry: BillingPlanSchedule): number {
  const [month, day, year] = entry.scheduledPaymentDate.split('/').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}
