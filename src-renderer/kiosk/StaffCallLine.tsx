import type { StaffCallView } from '../../src-main/lane/ipc/contract';
import { usePos } from '../store/use-pos';
import type { KioskWords } from './kiosk-words';
import { useKioskWords } from './use-kiosk-words';

/**
 * What the customer is told of a call for staff: "called" only once the store's call channel
 * took it, so nobody waits for a member of staff who was never told.
 */
export function staffCallWords(call: StaffCallView | null, words: KioskWords): string {
  switch (call?.delivery) {
    case 'delivered':
      return words.staffComing;
    case 'calling':
      return words.callingStaff;
    default:
      return words.findStaff;
  }
}

/** The open call's line; `always`: said even with no call open (the kiosk waits for staff regardless). */
export function StaffCallLine({ always = false }: { always?: boolean }) {
  const words = useKioskWords();
  const call = usePos((state) => state.kiosk?.staffCall ?? null);
  if (!call && !always) return null;
  return (
    <p className="kiosk-lead" role="status" data-testid="kiosk-staff-call">
      {staffCallWords(call, words)}
    </p>
  );
}
