import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { CommandReply, SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { scanPaths, scanText } from '../../../../src-main/lane/security/card-data-scan';
import { ok } from '../../../support/test-core';
import { devicesConnected, presentWhenReading } from '../terminal/support';
import { batteries, journalMoves, payOnThePhone, walletKioskLane } from './support';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

describe('the kiosk keeps card data out of its journal and log', () => {
  it('after a partial approval voided on leaving, a wallet payment and a call for help, the hygiene scan finds nothing', async () => {
    const { core, dir, lines } = walletKioskLane(cores);
    await devicesConnected(core);
    // A partial approval, then the customer leaves: the partial is voided.
    ok(await core.dispatch('kiosk.scan', { barcode: batteries }));
    presentWhenReading(core, 'visa-partial');
    const partial = ok((await core.dispatch('kiosk.pay', { tender: 'card' })) as CommandReply<SaleSummary>);
    expect(partial).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
    ok(await core.dispatch('kiosk.abandon', { reason: 'customer' }));
    // The next customer asks for help (no call channel: the log says so), then pays on the phone.
    ok(await core.dispatch('kiosk.callStaff', {}));
    ok(await core.dispatch('kiosk.scan', { barcode: '037000833710' }));
    const wallet = await payOnThePhone(core, dir, core.dispatch('kiosk.pay', { tender: 'wallet' }));
    expect(wallet).toMatchObject({ outcome: 'approved', tender: 'wallet' });
    ok(await core.dispatch('kiosk.receipt', { print: true }));
    ok(await core.dispatch('kiosk.finish', {}));
    await core.close();

    expect(journalMoves(dir)).toEqual([
      ['auth', 'completed', partial.orderId],
      ['void', 'completed', partial.orderId],
      ['auth', 'completed', wallet.orderId],
    ]);
    writeFileSync(join(dir, 'lanepoint.log'), `${lines.join('\n')}\n`);
    // The log has the visit in it: the void on leaving and the call for help.
    expect(lines.some((line) => line.includes('voided the payment of an abandoned basket'))).toBe(true);
    expect(lines.some((line) => line.includes('no call channel is set'))).toBe(true);
    const { findings, filesRead } = scanPaths([dir]);
    expect(findings).toEqual([]);
    // The journal (with its WAL, if SQLite kept one) and the log were read, not skipped.
    const read = readdirSync(dir).filter((name) => /training-journal\.sqlite|lanepoint\.log/.test(name));
    expect(read).toEqual(expect.arrayContaining(['training-journal.sqlite', 'lanepoint.log']));
    expect(filesRead).toBeGreaterThanOrEqual(read.length);
    // And the scan would have seen the partial-approval card had it been written.
    expect(scanText(`${lines[0]}\n4111 1111 1111 1111`)).toHaveLength(1);
  });
});
