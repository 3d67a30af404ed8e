import type { OfflinePaymentView, OfflineStatusView } from '../../../src-main/lane/ipc/contract';
import { onlineStatus } from './stub-pos';

/** 10:14 this morning, local time: when the oldest payment was stored. */
export const tenFourteen = new Date(2026, 10, 28, 10, 14, 30).getTime();

/** The core's status: offline with three payments ($42.50) stored, taking more, unless `change` says otherwise. */
export function offlineStatus(change: Partial<OfflineStatusView> = {}): OfflineStatusView {
  return {
    ...onlineStatus,
    link: 'offline',
    storedCount: 3,
    storedMinor: 4250,
    oldestStoredAt: tenFourteen,
    ...change,
  };
}

/** A $12.50 chip payment stored at 10:14, never sent yet, unless `change` says otherwise. */
export function storedPayment(change: Partial<OfflinePaymentView> = {}): OfflinePaymentView {
  return {
    entryId: 7,
    orderId: 'LANE07-261128-00007',
    amountMinor: 1250,
    maskedPan: '476173******0119',
    brand: 'Visa',
    entryMode: 'chip',
    storedAt: tenFourteen,
    attempts: 0,
    state: 'stored',
    ...change,
  };
}
