import { useEffect, useRef } from 'react';
import { useKioskWords } from './use-kiosk-words';

/**
 * "Do you need more time?" over the screen, with the seconds left and one large Yes: the
 * customer who walked away leaves the basket to be cleared; the one still here keeps it.
 */
export function MoreTimePrompt({ secondsLeft, onYes }: { secondsLeft: number; onYes: () => void }) {
  const words = useKioskWords();
  const yes = useRef<HTMLButtonElement>(null);
  // The keypad's Enter answers at once: the prompt takes the focus when it appears.
  useEffect(() => yes.current?.focus(), []);
  return (
    <div className="kiosk-overlay">
      <div
        className="kiosk-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="kiosk-more-time-heading"
        aria-describedby="kiosk-more-time-left"
        data-testid="more-time"
      >
        <h2 id="kiosk-more-time-heading">{words.moreTimeQuestion}</h2>
        <p id="kiosk-more-time-left" role="timer" data-testid="more-time-left">
          {words.startsAgainIn(secondsLeft)}
        </p>
        <button ref={yes} type="button" className="primary kiosk-big" onClick={onYes}>
          {words.moreTimeYes}
        </button>
      </div>
    </div>
  );
}
