import { describe, expect, it } from 'vitest';
import type { ReceiptOutboxView } from '../../../src-main/lane/ipc/contract';
import { createPosStore } from '../../../src-renderer/store/pos-store';
import { trainingCounter } from '../support/render-counter';
import { StubRefusal, stubPos } from '../support/stub-pos';

const outbox: ReceiptOutboxView = {
  waiting: [
    { id: 2, orderId: 'A-2', channel: 'sms', queuedAt: 5, attempts: 1, nextAttemptAt: 9, problem: 'no answer' },
  ],
  finished: [],
};

describe('the receipt slice', () => {
  it('keeps the outbox as receipts.outbox answers, and its refusal in words', async () => {
    let refuse = false;
    const { pos } = stubPos({
      info: trainingCounter,
      answers: {
        'receipts.outbox': () => {
          if (refuse) throw new StubRefusal({ code: 'unavailable', message: 'The outbox file cannot be read.' });
          return outbox;
        },
      },
    });
    const store = createPosStore(pos);
    await store.getState().loadReceiptOutbox();
    expect(store.getState().receiptOutbox).toEqual(outbox);
    refuse = true;
    await store.getState().loadReceiptOutbox();
    expect(store.getState().receiptOutboxError).toBe('The outbox file cannot be read.');
  });

  it('refuses a malformed address itself, without asking the lane', async () => {
    const { pos, calls } = stubPos({ info: trainingCounter });
    const store = createPosStore(pos);
    expect(await store.getState().emailReceipt('A-1', 'a@b')).toBe(false);
    expect(store.getState().receiptSend).toMatchObject({
      state: 'refused',
      message: 'That is not an email address: the domain "b" has no dot (such as example.com).',
    });
    expect(calls).toEqual([]);
  });
});
