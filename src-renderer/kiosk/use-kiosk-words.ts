import { usePos } from '../store/use-pos';
import { kioskWords, type KioskWords } from './kiosk-words';

/** The customer's words in the language chosen for this visit. */
export function useKioskWords(): KioskWords {
  return usePos((state) => kioskWords(state.kioskLanguage));
}
