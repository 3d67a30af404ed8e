import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../src-main/config/settings';
import { createCore, type Core } from '../../../src-main/core/core';
import type { CommandReply, KioskState, SaleSummary } from '../../../src-main/ipc/contract';
import { payLinkCall, payLinkCertificate } from '../../support/pay-link';
import { collectingLogger, ok, until } from '../../support/test-core';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

describe('the kiosk paid on the phone', () => {
  it('pays the basket through the pay link with its lines as the cart, and holds the receipt for the customer\u2019s choice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-wallet-'));
    const { logger } = collectingLogger();
    const core = createCore({
      settings: settingsSchema.parse({ mode: 'kiosk', wallet: { enabled: true, payLinkPort: 0 } }),
      shell: 'browser',
      logger,
      journalPath: join(dir, 'training-journal.sqlite'),
      trainingGatewayPath: join(dir, 'training-gateway.sqlite'),
      walletFolder: dir,
      kioskFolder: dir,
    });
    cores.push(core);
    ok(await core.dispatch('kiosk.scan', { barcode: '037000833710' })); // dish soap 3.29 + 0.27
    const reply = core.dispatch('kiosk.pay', { tender: 'wallet' }) as Promise<CommandReply<SaleSummary>>;
    await until(() => Boolean(core.terminal.current().sale?.payLink), 'the pay link', 30_000);
    const url = core.terminal.current().sale!.payLink!.url;
    const ca = payLinkCertificate(dir);
    const payload = await payLinkCall(`${url}/training-payload`, ca, { method: 'POST' });
    expect(payload.status).toBe(200);
    await payLinkCall(url, ca, { method: 'POST', body: payload.text, contentType: 'application/json' });
    expect(ok(await reply)).toMatchObject({
      outcome: 'approved',
      tender: 'wallet',
      approvedMinor: 356,
      printed: false,
    });
    expect(core.terminal.current().sale?.cart).toEqual([
      { description: 'Dish soap 19 oz', quantity: 1, unitMinor: 329, taxMinor: 27 },
    ]);
    expect(ok(await core.dispatch('kiosk.state', {})) as KioskState).toMatchObject({
      step: 'receipt',
      basket: { paidMinor: 356, dueMinor: 0 },
    });
    expect(core.deviceManager.printer()?.emulated?.pages).toHaveLength(0);
  });
});
