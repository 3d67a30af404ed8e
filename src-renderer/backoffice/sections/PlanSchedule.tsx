import { ColumnHeads } from '../../components/ColumnHeads';
import { useState } from 'react';
import { ActionResult } from '../components/ActionResult';
import { StatusBadge } from '../components/StatusBadge';
import type { PlanView } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { formatMoney } from '../../../src-main/platform/money';

/**
 * One plan's schedule: every past and coming payment. A scheduled payment can be marked as paid
 * (a cash payment, or one charged by hand, with its retref if any) or cancelled; the whole plan
 * can be cancelled, which cancels every payment still scheduled.
 */
export function PlanSchedule({ plan, onChange }: { plan: PlanView; onChange: (plan: PlanView) => void }) {
  const run = useBackOffice((state) => state.run);
  const [retref, setRetref] = useState('');
  const act = useAction();
  const { merchId, billingPlanId } = plan;
  const active = plan.planStatus === 'A';
  /** A button's click: one plan command, whose answer is the plan as it now stands, then `done` shown. */
  const change = (command: () => Promise<PlanView>, done: string) => () =>
    void act.run(async () => {
      onChange(await command());
      return done;
    });
  return (
    <section className="bo-panel" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">
        {plan.billingPlanName}{' '}
        <StatusBadge
          code={active ? 'Scheduled' : 'Cancelled'}
          words={active ? 'Active' : plan.planStatus === 'C' ? 'Cancelled' : 'Finished'}
        />
      </h2>
      <div className="bo-inline">
        <label>
          Retref for &ldquo;Mark as paid&rdquo; (optional)
          <input value={retref} maxLength={12} onChange={(event) => setRetref(event.target.value)} />
        </label>
        {active ? (
          <button
            type="button"
            className="danger"
            disabled={act.busy}
            onClick={change(
              () => run('plans.cancel', { merchId, billingPlanId }),
              'Plan cancelled: its scheduled payments are cancelled too.',
            )}
          >
            Cancel the plan
          </button>
        ) : null}
      </div>
      <ActionResult action={act} />
      <table className="bo-table">
        <caption>Schedule</caption>
        <ColumnHeads names={['Due', 'Amount', 'Status', 'Paid', 'Actions']} money={['Amount']} />
        <tbody>
          {(plan.schedules ?? []).map((payment) => {
            const billingPlanScheduleId = payment.billingPlanScheduleId;
            return (
              <tr key={billingPlanScheduleId}>
                <td>{payment.scheduledPaymentDate}</td>
                <td className="money">{formatMoney(payment.actualAmountMinor ?? payment.scheduledAmountMinor)}</td>
                <td>
                  <StatusBadge code={payment.paymentStatus} words={payment.paymentStatus} />
                </td>
                <td>
                  {payment.actualPaymentDate ?? '\u2014'}
                  {payment.retref ? ` (retref ${payment.retref})` : ''}
                </td>
                <td>
                  {payment.paymentStatus === 'Scheduled' ? (
                    <span className="bo-actions">
                      <button
                        type="button"
                        disabled={act.busy}
                        onClick={change(
                          () =>
                            run('plans.markPaid', {
                              merchId,
                              billingPlanId,
                              billingPlanScheduleId,
                              retref: retref.trim() || null,
                            }),
                          `Payment due ${payment.scheduledPaymentDate} marked as paid.`,
                        )}
                      >
                        Mark as paid
                      </button>
                      <button
                        type="button"
                        className="danger"
                        disabled={act.busy}
                        onClick={change(
                          () => run('plans.cancelPayment', { billingPlanId, merchId, billingPlanScheduleId }),
                          `Payment due ${payment.scheduledPaymentDate} cancelled.`,
                        )}
                      >
                        Cancel payment
                      </button>
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
