import { describe, expect, it } from 'vitest';
import { EmulatedPaeDevice } from '../../../drivers/emulated/pae-device';
import { UnattendedPaymentDevice } from '../../../drivers/unattended/unattended-device';
import { receiptAsText } from '../../../src-main/receipt/escpos';
import type { SalePhase } from '../../../src-main/payment/outcome';
import { runDeviceSale } from '../../../src-main/terminal/device-sale';
import { serialLinks } from '../../support/driver-serial-links';
import { journalLanes, laneCredentials, laneMerchid } from '../../support/journal-lane';
import { until } from '../../support/until';

describe('a sale on an unattended payment device', () => {
  const serial = serialLinks();
  const openLane = journalLanes('lanepoint-pae-sale-');

  it('shows the device’s prompts as the phase’s detail, then the approval, with the retref on the receipt', async () => {
    const lane = await openLane();
    const { host, device } = await serial.link({ baudRate: 115_200 });
    const peer = new EmulatedPaeDevice(device, {
      gateway: { url: lane.emulator.url, ...laneCredentials, merchid: laneMerchid },
    });
    const terminal = new UnattendedPaymentDevice(host);
    await terminal.open();
    const phases: Array<[SalePhase, string]> = [];
    const selling = runDeviceSale(
      {
        journal: lane.journal,
        client: lane.client,
        merchid: laneMerchid,
        terminalId: 'LANE-01',
        training: true,
        now: () => Date.now(),
        device: terminal,
        user: 'Kiosk',
      },
      {
        amountMinor: 1500,
        signal: new AbortController().signal,
        onPhase: (phase, detail) => phases.push([phase, detail]),
      },
    );
    await until(() => peer.stage === 'waiting');
    await peer.presentCard({ account: '5454545454545454', expiry: '1228' });
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'approved', approvedMinor: 1500 });
    expect(phases).toEqual([
      ['authorizing', 'Authorizing'],
      ['awaiting-card', 'WELCOME'],
      ['awaiting-card', 'INSERT/PRESENT CARD'],
      ['authorizing', 'PROCESSING...'],
      ['authorizing', 'AUTHORIZING...'],
      ['authorizing', 'APPROVED'],
      ['approved', expect.stringMatching(/^Approved, code /)],
    ]);
    const retref = result.outcome.kind === 'approved' ? result.outcome.retref : undefined;
    expect(retref).toMatch(/^\d{12}$/);
    const slips = result.receipts.flatMap(receiptAsText).join('\n');
    expect(slips).toContain(retref);
    // The card's last four come from the device's token (CardSecure keeps them); no full number is anywhere.
    expect(slips).toMatch(/5454/);
    expect(slips).not.toContain('5454545454545454');
  });
});
