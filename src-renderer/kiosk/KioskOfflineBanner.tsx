import { offlineRefusing } from '../components/offline-words';
import { usePos } from '../store/use-pos';
import { useKioskWords } from './use-kiosk-words';

/**
 * The customer's word that the store's connection is down (issue 33): card payments are stored
 * and sent later, or, once the lane takes no more, that cards cannot be taken and staff can
 * help (the kiosk takes no cash). No counts or limits: those are staff's.
 */
export function KioskOfflineBanner() {
  const words = useKioskWords();
  const status = usePos((state) => state.offline);
  if (!status || status.link !== 'offline') return null;
  const refusing = offlineRefusing(status);
  return (
    <p
      className={`kiosk-offline${refusing ? ' kiosk-offline-refusing' : ''}`}
      role={refusing ? 'alert' : 'status'}
      data-testid="kiosk-offline-banner"
    >
      {refusing ? words.offlineRefusing : words.offlineStoring}
    </p>
  );
}
