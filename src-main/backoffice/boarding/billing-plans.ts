import { BoardingProtocolError, BoardingRuleError, BoardingValidationError } from './errors';
import { checkBillingPlan, checkId } from './field-rules';
import type { BoardingSender } from './request-sender';
import type { BillingPlan, BillingPlanRequest } from '../../reference/boarding-wire';

const plan = (answer: { billingPlan?: BillingPlan }, operation: string) => {
  if (!answer.billingPlan) throw new BoardingProtocolError(`${operation}: the answer has no billingPlan`);
  return answer.billingPlan;
};
const merchIdOf = (merchId: string) => checkId('merchId', merchId, 11);
const planIdOf = (billingPlanId: string) => checkId('billingPlanId', billingPlanId, 11);

/**
 * Recurring billing plans (recurring-billing-guide.md): create, list, get, change the paying
 * account, mark a payment paid, cancel a payment, cancel the plan; each checked before it is sent.
 */
export function createBillingPlans(sender: BoardingSender) {
  const billingPlans = {
    async create(billingPlan: BillingPlanRequest): Promise<BillingPlan> {
      checkBillingPlan(billingPlan);
      return plan(
        await sender.send({
          operation: 'billingPlan.create',
          method: 'POST',
          path: 'billingplan/create',
          body: { billingPlan },
        }),
        'billingPlan.create',
      );
    },
    async list(merchId: string): Promise<BillingPlan[]> {
      const answer = await sender.send<{ billingPlans?: BillingPlan[] }>({
        operation: 'billingPlan.list',
        method: 'GET',
        path: `billingplan/list/${merchIdOf(merchId)}`,
      });
      return answer.billingPlans ?? [];
    },
    async get(merchId: string, billingPlanId: string): Promise<BillingPlan> {
      return plan(
        await sender.send({
          operation: 'billingPlan.get',
          method: 'GET',
          path: `billingplan/${merchIdOf(merchId)}/${planIdOf(billingPlanId)}`,
        }),
        'billingPlan.get',
      );
    },
    /** Charges another account of the profile (the default account when acctId is omitted). */
    async updateAccount(change: {
      merchId: string;
      billingPlanId: string;
      profileId: string;
      acctId?: string;
    }): Promise<BillingPlan> {
      merchIdOf(change.merchId);
      planIdOf(change.billingPlanId);
      if (!change.profileId || change.profileId.length > 20)
        throw new BoardingValidationError('profileId', 'is required, at most 20 characters');
      if (change.acctId !== undefined) checkId('acctId', change.acctId, 3);
      return plan(
        await sender.send({
          operation: 'billingPlan.updateAccount',
          method: 'POST',
          path: 'billingplan/updateAccount',
          body: change,
        }),
        'billingPlan.updateAccount',
      );
    },
    /** Marks a scheduled payment paid (cash, or a retref of a sale made elsewhere). */
    async markAsPaid(payment: {
      merchId: string;
      billingPlanId: string;
      billingPlanScheduleId: number;
      retref?: string | null;
    }): Promise<BillingPlan> {
      merchIdOf(payment.merchId);
      planIdOf(payment.billingPlanId);
      checkId('billingPlanScheduleId', payment.billingPlanScheduleId, 11);
      return plan(
        await sender.send({
          operation: 'billingPlan.markAsPaid',
          method: 'POST',
          path: 'billingplan/markAsPaid',
          body: { ...payment, retref: payment.retref ?? null },
        }),
        'billingPlan.markAsPaid',
      );
    },
    /** Cancels one scheduled payment; only while its paymentStatus is Scheduled. */
    async cancelPayment(payment: {
      merchId: string;
      billingPlanId: string;
      billingPlanScheduleId: number;
    }): Promise<BillingPlan> {
      const current = await billingPlans.get(payment.merchId, payment.billingPlanId);
      const entry = current.schedules?.find(
        (schedule) => schedule.billingPlanScheduleId === payment.billingPlanScheduleId,
      );
      if (!entry)
        throw new BoardingValidationError(
          'billingPlanScheduleId',
          `${payment.billingPlanScheduleId} is not a payment of plan ${payment.billingPlanId}`,
        );
      if (entry.paymentStatus !== 'Scheduled')
        throw new BoardingRuleError(
          `payment ${payment.billingPlanScheduleId} is ${entry.paymentStatus}; only a Scheduled payment can be cancelled`,
          entry.paymentStatus,
        );
      const body = { merchId: payment.merchId, billingPlanScheduleId: payment.billingPlanScheduleId };
      return plan(
        await sender.send({
          operation: 'billingPlan.cancelPayment',
          method: 'POST',
          path: 'billingplan/cancelPayment',
          body,
        }),
        'billingPlan.cancelPayment',
      );
    },
    /** Cancels the plan and every payment still scheduled. */
    async cancel(merchId: string, billingPlanId: string): Promise<BillingPlan> {
      const body = { merchId: merchIdOf(merchId), billingPlanId: planIdOf(billingPlanId) };
      return plan(
        await sender.send({ operation: 'billingPlan.cancel', method: 'POST', path: 'billingplan/cancel', body }),
        'billingPlan.cancel',
      );
    },
  };
  return billingPlans;
}
