import { usePos } from '../store/use-pos';
import { useKioskWords } from './use-kiosk-words';

/** The full-screen sign while staff have taken the kiosk out of service, with staff's own words. */
export function OutOfService() {
  const words = useKioskWords();
  const message = usePos((state) => state.kiosk?.outOfServiceMessage ?? null);
  return (
    <section className="kiosk-closed" aria-labelledby="kiosk-closed-heading" data-testid="out-of-service">
      <h1 id="kiosk-closed-heading" data-testid="kiosk-headline">
        {words.closedHeading}
      </h1>
      {message ? <p className="kiosk-lead kiosk-closed-message">{message}</p> : null}
      <p className="kiosk-lead">{words.closedHint}</p>
    </section>
  );
}
