import { useRef } from 'react';
import { KioskDialog } from './KioskDialog';
import { useKioskWords } from './use-kiosk-words';

/**
 * "Do you need more time?" over the screen, with the seconds left and one large Yes: the
 * customer who walked away leaves the basket to be cleared; the one still here keeps it.
 */
export function MoreTimePrompt({ secondsLeft, onYes }: { secondsLeft: number; onYes: () => void }) {
  const words = useKioskWords();
  const yes = useRef<HTMLButtonElement>(null);
  return (
    <KioskDialog
      name="more-time"
      heading={words.moreTimeQuestion}
      description={
        <p role="timer" data-testid="more-time-left">
          {words.startsAgainIn(secondsLeft)}
        </p>
      }
      testId="more-time"
      initialFocus={yes}
    >
      <button ref={yes} type="button" className="primary kiosk-big" onClick={onYes}>
        {words.moreTimeYes}
      </button>
    </KioskDialog>
  );
}
