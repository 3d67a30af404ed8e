import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerView } from '../../../src-main/lane/ipc/contract';
import { renderCounter } from '../support/render-counter';
import { noCustomerDisplay } from '../support/stub-pos';

afterEach(cleanup);

const askingTip: CustomerView = {
  ...noCustomerDisplay,
  seq: 4,
  training: true,
  displays: 1,
  besideTheCounter: true,
  order: { lines: [], subtotalMinor: 2000, taxMinor: 0, tipMinor: 0, totalMinor: 2000 },
  step: { kind: 'tip', baseMinor: 2000, choices: [{ percent: 18, amountMinor: 360 }], maxCustomMinor: 2000 },
};

describe('the customer’s display in training’s panel', () => {
  it('is drawn beside the counter when the lane says so, and the trainee answers as the customer', async () => {
    const { calls } = await renderCounter({
      answers: {
        'customerDisplay.view': () => askingTip,
        'customerDisplay.answer': () => ({ ...askingTip, seq: 5, step: { kind: 'order' } }),
      },
    });
    const beside = await screen.findByRole('region', { name: 'The customer’s display' });
    await act(async () => void fireEvent.click(within(beside).getByRole('button', { name: /18%/ })));
    expect(calls.filter(([name]) => name === 'customerDisplay.answer')).toEqual([
      ['customerDisplay.answer', { kind: 'tip', tipMinor: 360 }],
    ]);
  });

  it('is not drawn when a display of its own is connected (or the lane has none)', async () => {
    await renderCounter({ answers: { 'customerDisplay.view': () => ({ ...askingTip, besideTheCounter: false }) } });
    await screen.findByRole('complementary', { name: 'Training' });
    expect(screen.queryByRole('region', { name: 'The customer’s display' })).toBeNull();
  });
});
