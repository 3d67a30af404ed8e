import { describe, expect, it } from 'vitest';
import { toWireAmount } from '../../../../src-main/platform/money';
import { maxAmountMinor, type CommandName } from '../../../../src-main/lane/ipc/contract';
import { createDispatcher, type CommandHandlers } from '../../../../src-main/lane/ipc/dispatcher';
import { collectingLogger } from '../../../support/test-core';

const gatewayLimit = 'an amount is at most 999,999,999.99: the gateway\u2019s amount field holds 12 characters';

/** A dispatcher whose handlers only say they were reached: these tests are about the schemas. */
const dispatch = createDispatcher(
  new Proxy({} as CommandHandlers, { get: () => () => ({ reached: true }) }),
  collectingLogger().logger,
);

describe('amounts in the contract', () => {
  it('stop exactly where the gateway\u2019s 12-character amount field does', () => {
    expect(toWireAmount(maxAmountMinor)).toBe('999999999.99');
    expect(toWireAmount(maxAmountMinor)).toHaveLength(12);
    expect(() => toWireAmount(maxAmountMinor + 1)).toThrow(RangeError);
  });

  it.each<[CommandName, object]>([
    ['terminal.sale', {}],
    ['terminal.achSale', { routing: '036001808', account: '1234567890', accountType: 'checking', name: 'Pat Doe' }],
    ['terminal.refund', { orderId: 'LANE01-261123-00001' }],
    ['terminal.void', { orderId: 'LANE01-261123-00001', reason: 'customer-canceled' }],
  ])(
    '%s refuses an amount above it with that limit, even one past JavaScript\u2019s safe integers',
    async (name, rest) => {
      expect(await dispatch(name, { ...rest, amountMinor: maxAmountMinor })).not.toMatchObject({
        error: { field: 'amountMinor' },
      });
      for (const amountMinor of [maxAmountMinor + 1, 1e16, 1e21]) {
        expect(await dispatch(name, { ...rest, amountMinor })).toEqual({
          ok: false,
          error: { code: 'invalid_argument', field: 'amountMinor', message: `${name}: amountMinor: ${gatewayLimit}` },
        });
      }
    },
  );

  it('refuses a tip above it the same way, and a fraction of a cent as such', async () => {
    expect(await dispatch('terminal.sale', { amountMinor: 500, tipMinor: 1e18 })).toMatchObject({
      ok: false,
      error: { field: 'tipMinor', message: `terminal.sale: tipMinor: ${gatewayLimit}` },
    });
    expect(await dispatch('terminal.sale', { amountMinor: 10.5 })).toMatchObject({
      ok: false,
      error: {
        field: 'amountMinor',
        message: 'terminal.sale: amountMinor: an amount is a whole number of cents (minor units)',
      },
    });
  });
});
