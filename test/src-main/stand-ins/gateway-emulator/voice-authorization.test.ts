import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, freshEmulatorPerTest, rpctMerchant, sale, saleAnswer } from './support';

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

const inquire = async (retref: string) => (await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`)).json;

/**
 * A forced sale: the issuer approved it by telephone and gave a code, sent as `authcode` ("For
 * voice authorizations only, the authorization code provided by the issuer"). The gateway's own
 * answers for it (response-codes.md): PPS 01 "VoiceAuth Approved", and PPS 70 "Voice
 * authorization cannot be voided".
 */
describe('a voice authorization (authcode in the authorization)', () => {
  it('is approved by the gateway itself with the code as given, and captured when asked', async () => {
    const json = await saleAnswer(emulator, { authcode: 'VC4821', capture: 'Y', orderid: 'VOICE-1' });
    expect(json).toMatchObject({
      respstat: 'A',
      respproc: 'PPS',
      respcode: '01',
      resptext: 'VoiceAuth Approved',
      authcode: 'VC4821',
      amount: '12.34',
    });
    expect(json.batchid).toBeTruthy();
    expect(await inquire(json.retref as string)).toMatchObject({
      setlstat: 'Queued for Capture',
      voidable: 'N',
    });
    expect(emulator.context.ledger.get(json.retref as string)).toMatchObject({ authcode: 'VC4821', voice: true });
  });

  it('is approved even where the card would have been declined online: the issuer already said yes', async () => {
    // 4387751111111038 is a published decline card; with the issuer's code nothing asks the processor.
    const json = await saleAnswer(emulator, { account: '4387751111111038', authcode: '123456', capture: 'Y' });
    expect(json).toMatchObject({ respstat: 'A', respcode: '01', authcode: '123456' });
  });

  it('still refuses a card number that is not one (the gateway\u2019s checks come first)', async () => {
    const json = await saleAnswer(emulator, { account: '4788250000121444', authcode: '123456' });
    expect(json).toMatchObject({ respstat: 'C', respproc: 'PPS', respcode: '13' });
  });

  it('cannot be voided, by retref or by order id (PPS 70), and stays captured', async () => {
    const json = await saleAnswer(emulator, { authcode: 'VC4821', capture: 'Y', orderid: 'VOICE-2' });
    const retref = json.retref as string;
    const refusal = {
      respstat: 'C',
      respproc: 'PPS',
      respcode: '70',
      resptext: 'Voice authorization cannot be voided',
    };
    expect((await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref })).json).toMatchObject(refusal);
    expect(
      (await call(emulator, 'PUT', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'VOICE-2' })).json,
    ).toMatchObject({ orderId: 'VOICE-2', ...refusal });
    expect(await inquire(retref)).toMatchObject({ setlstat: 'Queued for Capture', amount: '12.34' });
  });

  it('leaves a sale without authcode to the processor, voidable as ever', async () => {
    const json = await saleAnswer(emulator, { capture: 'Y' });
    expect(json).toMatchObject({ respstat: 'A', respproc: 'RPCT' });
    expect((await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref: json.retref })).json).toMatchObject({
      respstat: 'A',
      authcode: 'REVERS',
    });
  });

  it('takes ecomind B with an ACH payment (PPD) as the ACH guide lists it', async () => {
    const json = (
      await call(
        emulator,
        'PUT',
        'auth',
        sale({
          account: '1234567890',
          bankaba: '036001808',
          accttype: 'ECHK',
          ecomind: 'B',
          name: 'Pat Doe',
          capture: 'Y',
          expiry: undefined,
        }),
      )
    ).json;
    expect(json).toMatchObject({ respstat: 'A', amount: '12.34' });
  });
});
