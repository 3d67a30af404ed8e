import { usePos } from '../../store/use-pos';

/**
 * Before the shift or the day is closed: how many holds captured later are near or past their
 * expiry (ADR 090), with the way to the Authorizations screen. Nothing when none is.
 */
export function AuthorizationsReminder() {
  const view = usePos((state) => state.openAuthorizations);
  const go = usePos((state) => state.go);
  const count = view?.needAttention ?? 0;
  if (!view || count === 0) return null;
  return (
    <p className="auth-warning" data-testid="eod-authorizations-reminder">
      {count === 1 ? '1 authorization is' : `${count} authorizations are`} near or past the {view.expiryDays}-day
      expiry: capture or release {count === 1 ? 'it' : 'them'} before closing the day.{' '}
      <button type="button" onClick={() => go('authorizations')}>
        Open Authorizations
      </button>
    </p>
  );
}
