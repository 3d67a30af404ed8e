import { useShallow } from 'zustand/react/shallow';
import { usePos, usePosActions } from '../store/use-pos';
import { hasKioskLanguage, kioskWords } from './kiosk-words';
import { useKioskWords } from './use-kiosk-words';

/**
 * The first screen a customer sees: touch anywhere (or scan an item) to start, and the store's
 * languages to choose from when it offers more than one.
 */
export function WelcomeScreen() {
  const words = useKioskWords();
  const { languages, chosen } = usePos(
    useShallow((state) => ({ languages: state.kiosk?.languages ?? [], chosen: state.kioskLanguage })),
  );
  const { startVisit, chooseLanguage } = usePosActions();
  const offered = languages.filter(hasKioskLanguage);
  return (
    <section className="kiosk-welcome" aria-labelledby="kiosk-welcome-heading">
      {/* The whole screen starts the visit; the button inside is the same for a keyboard. */}
      <div className="kiosk-welcome-touch" onClick={() => void startVisit()} data-testid="kiosk-welcome">
        <h1 id="kiosk-welcome-heading" data-testid="kiosk-headline">
          {words.welcome}
        </h1>
        <p className="kiosk-lead">{words.touchToStart}</p>
        <button type="button" className="primary kiosk-big" data-testid="kiosk-start">
          {words.start}
        </button>
      </div>
      {offered.length > 1 ? (
        <div className="kiosk-languages" role="group" aria-label={words.chooseLanguage}>
          {offered.map((language) => (
            <button
              key={language}
              type="button"
              lang={language}
              aria-pressed={language === chosen}
              onClick={() => chooseLanguage(language)}
            >
              {kioskWords(language).languageName}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
