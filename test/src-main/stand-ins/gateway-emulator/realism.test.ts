import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, rpctMerchant, sale, saleAnswer } from './support';

let emulator: RunningEmulator;
afterEach(async () => {
  await emulator.close();
});

const documented = new Set([
  'respstat',
  'retref',
  'account',
  'token',
  'amount',
  'merchid',
  'respcode',
  'resptext',
  'respproc',
  'expiry',
  'authcode',
  'commcard',
  'entrymode',
  'cvvresp',
  'batchid',
  'orderId',
  'emvTagData',
]);

describe('test-environment realism', () => {
  it('is on by default: answers arrive shuffled and padded with dummy fields, objects and arrays', async () => {
    emulator = await startEmulator();
    const orders: string[] = [];
    const extras: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      const json = await saleAnswer(emulator, { cvv: '112' });
      expect(json).toMatchObject({ respstat: 'A', amount: '12.34', merchid: rpctMerchant });
      const keys = Object.keys(json);
      orders.push(keys.filter((key) => documented.has(key)).join(','));
      const padding = keys.filter((key) => !documented.has(key));
      expect(padding.length).toBeGreaterThanOrEqual(1);
      extras.push(...padding.map((key) => json[key]));
    }
    expect(new Set(orders).size).toBeGreaterThan(1);
    expect(extras.some((value) => Array.isArray(value))).toBe(true);
    expect(extras.some((value) => value !== null && typeof value === 'object' && !Array.isArray(value))).toBe(true);
  });

  it('pads every record of a list answer', async () => {
    emulator = await startEmulator();
    await call(emulator, 'PUT', 'auth', sale({ orderid: 'R-1' }));
    await call(emulator, 'PUT', 'auth', sale({ orderid: 'R-1' }));
    const { json } = await call(emulator, 'GET', `inquireByOrderid/R-1/${rpctMerchant}/1`);
    expect(json).toHaveLength(2);
    for (const record of json) expect(Object.keys(record).some((key) => key.startsWith('zz'))).toBe(true);
  });

  it('is off with plain answers', async () => {
    emulator = await startEmulator({ realism: false });
    const json = await saleAnswer(emulator);
    expect(Object.keys(json).every((key) => documented.has(key))).toBe(true);
    expect(Object.keys(json).slice(0, 3)).toEqual(['respstat', 'retref', 'account']);
  });
});
