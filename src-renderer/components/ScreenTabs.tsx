import { useEffect } from 'react';

/**
 * A program's screens as a row of buttons, each also opened from anywhere with Alt and its place
 * in the row (Alt+1 the first). `lockedTo` holds the program on one screen (the counter's sale
 * while a payment is on its way): no shortcut opens a screen and only that one's button works.
 * The caller puts the row in its `<nav>`.
 */
export function ScreenTabs<S extends string>({
  screens,
  names,
  current,
  go,
  lockedTo,
}: {
  screens: readonly S[];
  names: Readonly<Record<S, string>>;
  current: S;
  go: (screen: S) => void;
  lockedTo?: S | undefined;
}) {
  const locked = lockedTo !== undefined;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || locked) return;
      const next = screens[Number(event.key) - 1];
      if (!next) return;
      event.preventDefault();
      go(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [screens, go, locked]);
  return (
    <ul>
      {screens.map((name, index) => (
        <li key={name}>
          <button
            type="button"
            aria-current={current === name ? 'page' : undefined}
            disabled={locked && name !== lockedTo}
            onClick={() => go(name)}
            data-testid={`nav-${name}`}
            aria-keyshortcuts={`Alt+${index + 1}`}
          >
            {names[name]} <kbd>Alt+{index + 1}</kbd>
          </button>
        </li>
      ))}
    </ul>
  );
}
