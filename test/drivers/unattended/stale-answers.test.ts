import { describe, expect, it } from 'vitest';
import { encodePaeFrame } from '../../../drivers/unattended/frame';
import { until } from '../../support/until';
import { request, scripted } from './scripted-device';

const orderA = { ...request, orderId: 'LANE01-260101-7' };
const orderB = { ...request, orderId: 'LANE01-260101-8' };
const approval = (orderId: string, retref: string) =>
  JSON.stringify({ externalTransactionID: orderId, processorReference: retref, amountAuthorized: '500' });

/** Whether `promise` has settled, read after the frames written before it were handled. */
function watch(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

/**
 * The driver and a scripted device, with a GCS round trip that proves every frame written
 * before it was read: the memory link keeps order.
 */
async function withRoundTrip() {
  const link = await scripted();
  const settleFrames = async () => {
    const status = link.terminal.status();
    await until(() => link.commands.at(-1)?.key === 'GCS');
    await link.answer('GCS', '00000000', '{"InPayment":1}');
    await status;
    link.commands.pop();
  };
  return { ...link, settleFrames };
}

describe('answers that belong to an earlier DPT', () => {
  it('takes the "DPT finished" of the last payment, split across reads, as no answer to the next', async () => {
    const { commands, terminal, answer, raw, errors, settleFrames } = await withRoundTrip();
    const first = terminal.pay(orderA);
    await until(() => commands.length === 1);
    await answer('DPT', '01F40000', approval(orderA.orderId, 'A-REF'));
    await expect(first).resolves.toMatchObject({ processorReference: 'A-REF' });

    const second = terminal.pay(orderB);
    const state = watch(second);
    await until(() => commands.length === 2);
    // The previous payment's end marker arrives late, cut where the response code breaks.
    const finished = encodePaeFrame({ key: 'DPT', type: 'RESP', code: '01F402FE', data: 'DPT finished' });
    const cut = finished.indexOf('02FE');
    await raw(finished.slice(0, cut));
    await raw(finished.slice(cut));
    await settleFrames();
    expect(state.settled).toBe(false);
    await answer('DPT', '01F40000', approval(orderB.orderId, 'B-REF'));
    await expect(second).resolves.toMatchObject({ processorReference: 'B-REF', orderId: orderB.orderId });
    expect(errors).toEqual([]);
  });

  it('sets aside an approval for another order (a late answer after a timeout) and reports it', async () => {
    const { clock, commands, terminal, answer, errors, settleFrames } = await withRoundTrip();
    const first = terminal.pay(orderA);
    await until(() => commands.length === 1);
    clock.advance(60_000);
    await expect(first).rejects.toMatchObject({ kind: 'timeout' });

    const second = terminal.pay(orderB);
    const state = watch(second);
    await until(() => commands.length === 2);
    await answer('DPT', '01F40000', approval(orderA.orderId, 'A-REF'));
    await settleFrames();
    expect(state.settled).toBe(false);
    expect(errors.map((error) => error.message)).toEqual([
      `a DPT answer for order ${orderA.orderId} came while order ${orderB.orderId} was paying; it was set aside`,
    ]);
    await answer('DPT', '01F50000', JSON.stringify({ externalTransactionID: orderB.orderId, processorCode: '05' }));
    await expect(second).resolves.toMatchObject({ outcome: 'declined', orderId: orderB.orderId });
  });

  it('sets aside the device’s 01FB for a payment a CPT already canceled', async () => {
    const { commands, terminal, answer, settleFrames } = await withRoundTrip();
    const abort = new AbortController();
    const first = terminal.pay(orderA, { signal: abort.signal });
    await until(() => commands.length === 1);
    abort.abort();
    await until(() => commands.length === 2);
    await answer('CPT', '00000000', 'Payment canceled');
    await expect(first).rejects.toMatchObject({ kind: 'canceled' });

    const second = terminal.pay(orderB);
    const state = watch(second);
    await until(() => commands.length === 3);
    await answer('DPT', '01FB0000', 'Payment canceled by POS');
    await settleFrames();
    expect(state.settled).toBe(false);
    await answer('DPT', '01F40000', approval(orderB.orderId, 'B-REF'));
    await expect(second).resolves.toMatchObject({ processorReference: 'B-REF' });
  });
});

describe('what the caller’s code does wrong', () => {
  it('reports a prompt callback that throws, and the payment still takes its answer', async () => {
    const { commands, terminal, answer, errors } = await scripted();
    const paying = terminal.pay(orderA, {
      onPrompt: () => {
        throw new Error('the screen is gone');
      },
    });
    await until(() => commands.length === 1);
    await answer('DPT', '02010000', '{"LCD_Code":3,"LCD_Msg":"APPROVED"}');
    await answer('DPT', '01F40000', approval(orderA.orderId, 'A-REF'));
    await expect(paying).resolves.toMatchObject({ processorReference: 'A-REF' });
    expect(errors.map((error) => error.message)).toEqual(['the screen is gone']);
  });
});
