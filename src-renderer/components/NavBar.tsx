import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { counterScreens, type CounterScreen } from '../store/navigation-slice';
import { usePos } from '../store/use-pos';
import { ScreenTabs } from './ScreenTabs';

export const screenNames: Record<CounterScreen, string> = {
  sale: 'Sale',
  history: 'History',
  'end-of-day': 'End of day',
  devices: 'Devices',
  settings: 'Settings',
  authorizations: 'Authorizations',
};

/**
 * The counter's screens and who is signed in; Authorizations counts the holds near or past their
 * expiry, read at sign-in (ADR 090). Alt+1…6 open the screens from anywhere (except
 * while a payment is on its way, which keeps the sale screen), Alt+0 signs out.
 */
export function NavBar() {
  const { screen, staff, paying } = usePos(
    useShallow((state) => ({ screen: state.screen, staff: state.staff, paying: state.saleStage === 'paying' })),
  );
  const go = usePos((state) => state.go);
  const attention = usePos((state) => state.openAuthorizations?.needAttention ?? 0);
  const loadAuthorizations = usePos((state) => state.loadAuthorizations);
  useEffect(() => void loadAuthorizations(), [loadAuthorizations]);
  const names = useMemo(
    () => (attention > 0 ? { ...screenNames, authorizations: `Authorizations (${attention})` } : screenNames),
    [attention],
  );
  const signOut = usePos((state) => state.signOut);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || paying || event.key !== '0') return;
      event.preventDefault();
      void signOut();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [signOut, paying]);
  return (
    <nav className="nav-bar" aria-label="Screens">
      <ScreenTabs
        screens={counterScreens}
        names={names}
        current={screen}
        go={go}
        lockedTo={paying ? 'sale' : undefined}
      />
      {staff ? (
        <p className="nav-staff">
          <span>
            {staff.name} <span className="nav-role">({staff.role})</span>
          </span>
          <button type="button" onClick={() => void signOut()} disabled={paying} aria-keyshortcuts="Alt+0">
            Sign out <kbd>Alt+0</kbd>
          </button>
        </p>
      ) : null}
    </nav>
  );
}
