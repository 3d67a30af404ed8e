import { usePos } from '../store/use-pos';
import { counterOfflineBanner, offlineRefusing } from './offline-words';

/**
 * The counter's banner while the gateway cannot be reached (issue 33): how many card payments
 * are stored, how much, since when; or, once the core takes no more, that the cashier takes
 * another tender. Nothing while the gateway answers.
 */
export function OfflineBanner() {
  const status = usePos((state) => state.offline);
  const words = counterOfflineBanner(status);
  if (!status || !words) return null;
  const refusing = offlineRefusing(status);
  return (
    <p
      className={`offline-banner${refusing ? ' offline-refusing' : ''}`}
      role={refusing ? 'alert' : 'status'}
      data-testid="offline-banner"
    >
      {words}
    </p>
  );
}
