import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { counterScreens, type CounterScreen } from '../store/navigation-slice';
import { usePos } from '../store/use-pos';

export const screenNames: Record<CounterScreen, string> = {
  sale: 'Sale',
  history: 'History',
  'end-of-day': 'End of day',
  devices: 'Devices',
  settings: 'Settings',
};

/**
 * The counter's screens and who is signed in. Alt+1…5 open the screens from anywhere (except
 * while a payment is on its way, which keeps the sale screen), Alt+0 signs out.
 */
export function NavBar() {
  const { screen, staff, paying } = usePos(
    useShallow((state) => ({ screen: state.screen, staff: state.staff, paying: state.saleStage === 'paying' })),
  );
  const go = usePos((state) => state.go);
  const signOut = usePos((state) => state.signOut);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || paying) return;
      const index = Number(event.key) - 1;
      if (event.key === '0') {
        event.preventDefault();
        void signOut();
      } else if (index >= 0 && index < counterScreens.length) {
        event.preventDefault();
        go(counterScreens[index]!);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, signOut, paying]);
  return (
    <nav className="nav-bar" aria-label="Screens">
      <ul>
        {counterScreens.map((name, index) => (
          <li key={name}>
            <button
              type="button"
              aria-current={screen === name ? 'page' : undefined}
              disabled={paying && name !== 'sale'}
              onClick={() => go(name)}
              data-testid={`nav-${name}`}
              aria-keyshortcuts={`Alt+${index + 1}`}
            >
              {screenNames[name]} <kbd>Alt+{index + 1}</kbd>
            </button>
          </li>
        ))}
      </ul>
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
