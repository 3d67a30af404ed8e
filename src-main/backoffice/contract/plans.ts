/** Recurring billing plans charged to a boarded merchant's gateway profiles; money in minor units. */
import { z } from 'zod';
import { command } from '../../lane/ipc/contract/spec';
import type { BillingPlanOption, PaymentStatus } from '../../reference/boarding-wire';
import { amountMinor, merchId, text, wholeId } from './schemas';

export interface PlanPaymentView {
  readonly billingPlanScheduleId: number;
  readonly paymentStatus: PaymentStatus;
  readonly scheduledAmountMinor: number;
  /** MM/DD/YYYY, as the service writes it. */
  readonly scheduledPaymentDate: string;
  readonly actualAmountMinor: number | null;
  readonly actualPaymentDate: string | null;
  readonly retref: string | null;
}

export interface PlanView {
  readonly billingPlanId: string;
  readonly billingPlanName: string;
  readonly merchId: string;
  readonly profileId: string;
  readonly acctId: string;
  readonly amountMinor: number;
  /** 1 daily, 2 weekly, 3 monthly, 4 yearly. */
  readonly timeSpan: 1 | 2 | 3 | 4;
  readonly every: number;
  readonly untilCondition: 'C' | 'N' | 'D';
  readonly untilNumPayments: number | null;
  readonly untilDate: string | null;
  readonly startDate: string;
  readonly currencySymbol: string;
  /** A active, C cancelled, F finished. */
  readonly planStatus: 'A' | 'C' | 'F';
  readonly options: readonly BillingPlanOption[];
  /** The schedule on `plans.get` and after a change; null in the list. */
  readonly schedules: readonly PlanPaymentView[] | null;
}

const mmddyyyy = z.string().regex(/^\d{8}$/, { error: 'a date is written MMDDYYYY' });

export const planInput = z.strictObject({
  merchId,
  profileId: text(20),
  acctId: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'an account id is 1 to 3 digits' })
    .nullish(),
  amountMinor: amountMinor.min(1, { error: 'an amount is at least 0.01' }),
  timeSpan: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: 'expected 1 (daily), 2 (weekly), 3 (monthly) or 4 (yearly)',
  }),
  every: z.number().int().min(1).max(99),
  untilCondition: z.enum(['C', 'N', 'D'], { error: 'expected C, N or D' }),
  untilNumPayments: z.number().int().min(1).max(1000).nullish(),
  untilDate: mmddyyyy.nullish(),
  currencySymbol: text(1).default('$'),
  startDate: mmddyyyy,
  billingPlanName: text(30),
  emailReceipt: z.boolean().default(false),
});
export type PlanInput = z.input<typeof planInput>;

const byPlan = { merchId, billingPlanId: z.string().regex(/^\d{1,11}$/, { error: 'a plan id is 1 to 11 digits' }) };

export const planCommands = {
  'plans.list': command<PlanView[]>()('The billing plans of a gateway merchant.', z.strictObject({ merchId })),
  'plans.get': command<PlanView>()('One billing plan with its schedule.', z.strictObject(byPlan)),
  'plans.create': command<PlanView>()('Creates a billing plan.', z.strictObject({ plan: planInput })),
  'plans.updateAccount': command<PlanView>()(
    'Charges another account of the profile (the default one when acctId is left out).',
    z.strictObject({
      ...byPlan,
      profileId: text(20),
      acctId: z
        .string()
        .regex(/^\d{1,3}$/, { error: 'an account id is 1 to 3 digits' })
        .optional(),
    }),
  ),
  'plans.markPaid': command<PlanView>()(
    'Marks a scheduled payment paid (cash, or a sale made elsewhere by its retref).',
    z.strictObject({ ...byPlan, billingPlanScheduleId: wholeId, retref: text(12, false).nullish() }),
  ),
  'plans.cancelPayment': command<PlanView>()(
    'Cancels one payment, only while it is Scheduled.',
    z.strictObject({ ...byPlan, billingPlanScheduleId: wholeId }),
  ),
  'plans.cancel': command<PlanView>()('Cancels the plan and every payment still scheduled.', z.strictObject(byPlan)),
} as const;
