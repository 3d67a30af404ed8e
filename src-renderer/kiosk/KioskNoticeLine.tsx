import { usePos } from '../store/use-pos';
import { useKioskWords } from './use-kiosk-words';

/**
 * What went wrong with the customer's last touch or scan, in their words: a barcode the store
 * does not know (the kiosk's `scanProblem`, from a keyboard or a serial scanner, both read in the
 * main process), a scan whose keys made no code (scan again), or anything refused (whose details are for staff, not the customer).
 */
export function KioskNoticeLine() {
  const words = useKioskWords();
  const notice = usePos((state) => state.kioskNotice);
  const scanProblem = usePos((state) => state.kiosk?.scanProblem ?? null);
  const scanProblemKind = usePos((state) => state.kiosk?.scanProblemKind ?? null);
  const scanWords = scanProblemKind === 'unreadable' ? words.scanAgain : words.unknownItem;
  const said = notice ? words.somethingWrong : scanProblem ? scanWords : null;
  if (!said) return null;
  return (
    <p className="kiosk-notice" role="alert" data-testid="kiosk-notice">
      {said}
    </p>
  );
}
