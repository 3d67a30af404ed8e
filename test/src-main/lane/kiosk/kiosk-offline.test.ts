import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSecretStore } from '../../../../src-main/lane/config/secrets';
import { settableLink } from '../offline/offline-lane';
import { devicesConnected, emulatorForEachTest, presentWhenReading } from '../terminal/support';
import { journalMoves, kioskLane } from './support';

const { emulator, cores } = emulatorForEachTest();

describe('the kiosk while the gateway cannot be reached, offline payments on', () => {
  it('takes a chip card stored offline as paying the basket, and sends nothing', async () => {
    const secrets = createFileSecretStore(mkdtempSync(join(tmpdir(), 'kiosk-offline-secrets-')));
    const lane = kioskLane(emulator(), cores, undefined, { offline: { enabled: true } }, undefined, {
      secrets: () => secrets,
      gatewayLink: settableLink('offline'),
    });
    await devicesConnected(lane.core);
    await lane.kiosk('kiosk.scan', { barcode: '012000000133' }); // a cola, 1.35 with tax
    presentWhenReading(lane.core, 'visa-approve');
    const paid = await lane.kiosk('kiosk.pay', { tender: 'card' });
    expect(paid).toMatchObject({ outcome: 'stored', requestedMinor: 135 });
    expect(await lane.kiosk('kiosk.state')).toMatchObject({ step: 'receipt', basket: { paidMinor: 135, dueMinor: 0 } });
    expect(emulator().context.ledger.byOrderId(paid.orderId)).toEqual([]);
    await lane.core.close();
    cores.splice(cores.indexOf(lane.core), 1);
    expect(journalMoves(lane.dir)).toEqual([['auth', 'stored', paid.orderId]]);
  });
});
