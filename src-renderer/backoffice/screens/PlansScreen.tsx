import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ActionResult, SubmitRow } from '../components/ActionResult';
import type { ApplicationSummary, PlanView } from '../api-types';
import { everyWords, planProblems, planRequest, timeSpanWords, untilConditionWords, type PlanForm } from '../plan-form';
import { PlanSchedule } from '../sections/PlanSchedule';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { formatMoney } from '../../../src-main/platform/money';

const isoToday = () => new Date().toISOString().slice(0, 10);
const blankPlan = (): PlanForm => ({
  billingPlanName: '',
  profileId: '',
  amount: '',
  timeSpan: '3',
  every: '1',
  untilCondition: 'C',
  untilNumPayments: '12',
  untilDate: '',
  startDate: isoToday(),
  emailReceipt: true,
});

/**
 * Recurring billing for a boarded merchant's customers: plans charged to a gateway profile on a
 * schedule. Only merchants with a gateway merchant id have plans.
 */
export function PlansScreen() {
  const run = useBackOffice((state) => state.run);
  const [merchants, setMerchants] = useState<ApplicationSummary[]>([]);
  const [merchId, setMerchId] = useState('');
  const [plans, setPlans] = useState<PlanView[]>([]);
  const [open, setOpen] = useState<PlanView | null>(null);
  const [form, setForm] = useState<PlanForm>(blankPlan);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const load = useAction();
  const create = useAction();
  useEffect(() => {
    void load.run(async () => {
      const boarded = (await run('applications.list', { pageSize: 100 })).rows.filter((row) => row.gatewayMerchantId);
      setMerchants(boarded);
      setMerchId((before) => before || (boarded[0]?.gatewayMerchantId ?? ''));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [run]);
  useEffect(() => {
    if (!merchId) return;
    void load.run(async () => setPlans(await run('plans.list', { merchId })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [merchId, run]);
  const changed = (plan: PlanView) => {
    setOpen(plan);
    setPlans((before) => before.map((entry) => (entry.billingPlanId === plan.billingPlanId ? plan : entry)));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = planProblems(form, isoToday());
    setProblems(found);
    if (Object.keys(found).length > 0) return document.getElementById(`plan-${Object.keys(found)[0]}`)?.focus();
    await create.run(async () => {
      const plan = await run('plans.create', { plan: planRequest(form, merchId) });
      setPlans((before) => [...before, plan]);
      setOpen(plan);
      setForm(blankPlan());
      return `Plan ${plan.billingPlanName} created.`;
    });
  };
  const field = (name: keyof PlanForm, label: string, control: ReactNode) => (
    <div className="bo-field">
      <label htmlFor={`plan-${name}`}>{label}</label>
      {control}
      {problems[name] ? (
        <p className="bo-error" id={`plan-${name}-problem`}>
          {problems[name]}
        </p>
      ) : null}
    </div>
  );
  const text = (name: keyof PlanForm, type = 'text') => (
    <input
      id={`plan-${name}`}
      type={type}
      value={String(form[name])}
      aria-invalid={problems[name] !== undefined}
      aria-describedby={problems[name] ? `plan-${name}-problem` : undefined}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
    />
  );
  /** A choice among `words` (the value sent → what the user reads), in their order. */
  const choice = (name: 'timeSpan' | 'every' | 'untilCondition', words: Readonly<Record<string, string>>) => (
    <select
      id={`plan-${name}`}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
    >
      {Object.entries(words).map(([value, shown]) => (
        <option key={value} value={value}>
          {shown}
        </option>
      ))}
    </select>
  );
  return (
    <section className="bo-screen" aria-labelledby="plans-heading">
      <h1 id="plans-heading">Billing plans</h1>
      <ActionResult action={load} />
      {merchants.length === 0 ? (
        <p className="bo-note">No merchant is boarded yet: plans need the gateway merchant id boarding assigns.</p>
      ) : (
        <>
          <div className="bo-inline">
            <label>
              Merchant
              <select
                value={merchId}
                onChange={(event) => {
                  setOpen(null);
                  setMerchId(event.target.value);
                }}
              >
                {merchants.map((row) => (
                  <option key={row.merchantId} value={row.gatewayMerchantId ?? ''}>
                    {row.dbaName} ({row.gatewayMerchantId})
                  </option>
                ))}
              </select>
            </label>
          </div>
          {plans.length === 0 && !load.busy ? (
            <p className="bo-note">No billing plans for this merchant yet: the form below makes the first.</p>
          ) : null}
          {/* Hidden, not left out, while empty: the note above says so instead of a table of headings. */}
          <table className="bo-table" hidden={plans.length === 0}>
            <caption>Plans</caption>
            <ColumnHeads names={['Plan', 'Amount', 'Every', 'Status']} money={['Amount']} />
            <tbody>
              {plans.map((plan) => (
                <tr key={plan.billingPlanId}>
                  <td>
                    <button
                      type="button"
                      className="link"
                      onClick={() =>
                        void load.run(async () =>
                          setOpen(await run('plans.get', { merchId, billingPlanId: plan.billingPlanId })),
                        )
                      }
                    >
                      {plan.billingPlanName}
                    </button>
                  </td>
                  <td className="money">{formatMoney(plan.amountMinor)}</td>
                  <td>
                    {plan.every === 2 ? 'Every other ' : ''}
                    {timeSpanWords[String(plan.timeSpan) as keyof typeof timeSpanWords] ?? plan.timeSpan}
                  </td>
                  <td>
                    {plan.planStatus === 'A' ? 'Active' : plan.planStatus === 'C' ? 'Cancelled' : plan.planStatus}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {open ? <PlanSchedule plan={open} onChange={changed} /> : null}
          <form
            className="bo-form"
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-labelledby="new-plan-heading"
          >
            <fieldset>
              <legend id="new-plan-heading">New plan</legend>
              {field('billingPlanName', 'Plan name', text('billingPlanName'))}
              {field('profileId', 'Gateway profile id', text('profileId'))}
              {field('amount', 'Amount per payment ($)', text('amount'))}
              {field('timeSpan', 'Period', choice('timeSpan', timeSpanWords))}
              {field('every', 'Charge', choice('every', everyWords))}
              {field('startDate', 'Start date', text('startDate', 'date'))}
              {field('untilCondition', 'Runs', choice('untilCondition', untilConditionWords))}
              {form.untilCondition === 'N'
                ? field('untilNumPayments', 'Number of payments', text('untilNumPayments'))
                : null}
              {form.untilCondition === 'D' ? field('untilDate', 'End date', text('untilDate', 'date')) : null}
              <label className="bo-same">
                <input
                  type="checkbox"
                  checked={form.emailReceipt}
                  onChange={(event) => setForm({ ...form, emailReceipt: event.target.checked })}
                />
                Email a receipt for each payment
              </label>
            </fieldset>
            <SubmitRow label="Create plan" action={create} primary disabled={!merchId} />
          </form>
        </>
      )}
    </section>
  );
}
