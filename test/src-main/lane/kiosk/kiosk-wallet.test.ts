import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { KioskState } from '../../../../src-main/lane/ipc/contract';
import { payLinkCall, payLinkCertificate } from '../../../support/pay-link';
import { ok, until } from '../../../support/test-core';
import { customerCopy, payOnThePhone, walletKioskLane } from './support';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});
const walletLane = (mode: 'kiosk' | 'counter') => walletKioskLane(cores, mode);

describe('the kiosk paid on the phone', () => {
  it('pays the basket through the pay link with its lines as the cart, and holds the receipt for the customer\u2019s choice', async () => {
    const { core, dir } = walletLane('kiosk');
    ok(await core.dispatch('kiosk.scan', { barcode: '037000833710' })); // dish soap 3.29 + 0.27
    const reply = core.dispatch('kiosk.pay', { tender: 'wallet' });
    expect(await payOnThePhone(core, dir, reply)).toMatchObject({
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

  it('prints the customer\u2019s chosen receipt as the counter prints the same wallet payment', async () => {
    const kiosk = walletLane('kiosk');
    ok(await kiosk.core.dispatch('kiosk.scan', { barcode: '037000833710' }));
    const kioskPayment = await payOnThePhone(
      kiosk.core,
      kiosk.dir,
      kiosk.core.dispatch('kiosk.pay', { tender: 'wallet' }),
    );
    ok(await kiosk.core.dispatch('kiosk.receipt', { print: true }));
    const atTheKiosk = customerCopy(kiosk.core, kioskPayment);

    const counter = walletLane('counter');
    counter.core.session.signIn({ cashierId: '9001', pin: '9999' });
    const counterReply = counter.core.dispatch('terminal.walletSale', { amountMinor: 356 });
    const counterPayment = await payOnThePhone(counter.core, counter.dir, counterReply);
    expect(counterPayment).toMatchObject({ outcome: 'approved', printed: true });
    const atTheCounter = customerCopy(counter.core, counterPayment);

    expect(atTheKiosk.join('\n')).toMatch(/WALLET +\*\*\*\* \d{4}/);
    expect(atTheKiosk).toEqual(atTheCounter);
  });

  it.each([
    [
      'es',
      'lang="es"',
      'Elija su billetera para pagar.',
      'Pagar con la billetera de pr\u00e1ctica',
      'Este pago se cancel\u00f3 en la caja.',
      /mostrador|cajero|counter|cashier/i,
    ],
    [
      'en',
      'lang="en"',
      'Choose your wallet to pay.',
      'Pay with the training wallet',
      'This payment was canceled at the kiosk.',
      /counter|cashier/i,
    ],
  ])(
    'the phone\u2019s pay page speaks the visit\u2019s language (%s) and the kiosk\u2019s words, to its end',
    async (language, lang, waiting, button, canceled, counterWords) => {
      const { core, dir } = walletLane('kiosk');
      ok(await core.dispatch('kiosk.scan', { barcode: '037000833710' }));
      const reply = core.dispatch('kiosk.pay', { tender: 'wallet', language });
      await until(() => Boolean(core.terminal.current().sale?.payLink), 'the pay link', 30_000);
      const url = core.terminal.current().sale!.payLink!.url;
      const ca = payLinkCertificate(dir);
      const page = await payLinkCall(url, ca);
      expect(page.text).toContain(`<html ${lang}>`);
      expect(page.text).toContain(waiting);
      expect(page.text).toContain(button);
      expect(page.text).not.toMatch(counterWords);
      ok(await core.dispatch('kiosk.abandon', { reason: 'customer' }));
      await reply;
      const status = JSON.parse((await payLinkCall(`${url}/status`, ca)).text) as { message: string };
      expect(status).toMatchObject({ state: 'canceled', message: canceled });
    },
  );
});
