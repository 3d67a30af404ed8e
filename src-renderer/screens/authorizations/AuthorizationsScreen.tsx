import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { OpenAuthorization } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { ColumnHeads } from '../../components/ColumnHeads';
import type { AskManager } from '../history/ask-manager';
import { usePos } from '../../store/use-pos';
import { CaptureForm, ReleaseForm } from './AuthorizationForms';
import '../history/history.css';
import './authorizations.css';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** How old a hold is, and what that means, in words. */
export function ageWords(auth: Pick<OpenAuthorization, 'ageDays' | 'daysLeft' | 'age'>): string {
  const old = auth.ageDays === 0 ? 'Today' : `${days(auth.ageDays)} old`;
  if (auth.age === 'expired') return `${old}: expired, capturing it may be declined`;
  if (auth.age === 'warning') return `${old}: expires in ${days(auth.daysLeft)}`;
  return old;
}

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the cashier does next to one hold. */
type Acting = { readonly kind: 'capture' | 'release'; readonly orderId: string };

/**
 * Authorizations captured later (hotels, bars, rentals, fuel): every hold of this lane not yet
 * captured or released, oldest first, with its age against the expiry and a warning near it.
 * Each is captured with the final amount (and a tip where the merchant takes tips) or released.
 */
export function AuthorizationsScreen({ askManager }: { askManager: AskManager }) {
  const { view, error, outcome } = usePos(
    useShallow((state) => ({
      view: state.openAuthorizations,
      error: state.authorizationsError,
      outcome: state.authorizationOutcome,
    })),
  );
  const load = usePos((state) => state.loadAuthorizations);
  const [acting, setActing] = useState<Acting | null>(null);
  const forgetOutcome = usePos((state) => state.forgetAuthorizationOutcome);
  // What was captured or released is said for this visit: coming back days later starts afresh.
  useEffect(() => {
    void load();
    return forgetOutcome;
  }, [load, forgetOutcome]);
  const target = acting ? view?.authorizations.find((auth) => auth.orderId === acting.orderId) : undefined;
  const attention = view?.authorizations.filter((auth) => auth.age !== 'fresh') ?? [];
  const expired = attention.filter((auth) => auth.age === 'expired').length;
  return (
    <section className="authorizations-screen" aria-labelledby="authorizations-heading">
      <h1 id="authorizations-heading">Authorizations</h1>
      {view ? (
        <p>
          Holds on cards, captured later with the final amount. The card networks let a hold lapse after{' '}
          {days(view.expiryDays)} here (they differ by kind of store); a warning shows from {days(view.warnDays)}.
        </p>
      ) : null}
      <Alert message={error} className="history-error" />
      {attention.length > 0 ? (
        <p className="auth-warning" role="alert" data-testid="auth-warning">
          {attention.length === 1 ? '1 authorization is' : `${attention.length} authorizations are`} near or past the{' '}
          {view!.expiryDays}-day expiry{expired > 0 ? ` (${expired} expired)` : ''}: capture or release{' '}
          {attention.length === 1 ? 'it' : 'them'} now.
        </p>
      ) : null}
      {outcome && !acting ? (
        <p role="status" data-testid="auth-outcome">
          {outcome.operation === 'capture' ? 'Captured' : 'Released'} {formatMoney(outcome.amountMinor)} of order{' '}
          {outcome.orderId}.{outcome.printed ? ' The slips are printing.' : ''}
        </p>
      ) : null}
      {view && view.authorizations.length === 0 ? (
        <p data-testid="auth-none">No authorization is waiting to be captured.</p>
      ) : null}
      {view && view.authorizations.length > 0 ? (
        <table className="history-table" data-testid="auth-list">
          <ColumnHeads names={['Order', 'Card', 'Held', 'Authorized', 'Age', 'Action']} />
          <tbody>
            {view.authorizations.map((auth) => (
              <tr key={auth.orderId} data-testid={`auth-row-${auth.orderId}`} data-age={auth.age}>
                <td>{auth.orderId}</td>
                <td>{auth.maskedPan ?? '\u2014'}</td>
                <td className="money">{formatMoney(auth.heldMinor)}</td>
                <td>{when(auth.authorizedAt)}</td>
                <td className={`auth-age auth-age-${auth.age}`}>{ageWords(auth)}</td>
                <td className="auth-actions">
                  <button
                    type="button"
                    aria-label={`Capture order ${auth.orderId}`}
                    onClick={() => setActing({ kind: 'capture', orderId: auth.orderId })}
                  >
                    Capture
                  </button>
                  <button
                    type="button"
                    aria-label={`Release order ${auth.orderId}`}
                    onClick={() => setActing({ kind: 'release', orderId: auth.orderId })}
                  >
                    Release
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {acting && target && acting.kind === 'capture' ? (
        <CaptureForm target={target} tips={view!.tips} onClose={() => setActing(null)} />
      ) : null}
      {acting && target && acting.kind === 'release' ? (
        <ReleaseForm target={target} askManager={askManager} onClose={() => setActing(null)} />
      ) : null}
    </section>
  );
}
