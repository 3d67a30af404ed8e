import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { terminalTestCards } from '../../../../src-main/stand-ins/terminal-emulator/test-cards';
import { clover, connect, ingenico, merchantId, post, prompted, scribble, standPerTest, type Stand } from './support';

let stand: Stand;
standPerTest((started) => (stand = started));

const body = (extra: Record<string, unknown> = {}) => ({ merchantId, hsn: ingenico, ...extra });
const terminal = () => stand.terminals.terminal(ingenico);

describe('a card sale on the terminal, authorized at the gateway emulator', () => {
  it('tip chosen on the terminal, then authCard for the total: approved, and in the gateway’s ledger', async () => {
    const key = await connect(stand);
    const tipReply = post(
      stand,
      'v3/tip',
      body({ amount: '2000', prompt: 'Add a tip?', tipPercentPresets: [15, 18, 20] }),
      {
        session: key,
      },
    );
    await prompted(stand, ingenico, 'tip');
    expect(terminal().screen().prompt).toEqual({ kind: 'tip', amountMinor: 2000, presets: [15, 18, 20], custom: true });
    expect(() => terminal().chooseTip({ percent: 25 })).toThrow(/offers 15%, 18%, 20%/);
    terminal().chooseTip({ percent: 18 });
    const tip = await tipReply;
    expect(tip).toMatchObject({ status: 200, json: { amount: 2000, tip: 360, total: 2360 } });

    const sale = post(stand, 'v3/authCard', body({ amount: '2360', orderId: 'TERM-SALE-1', capture: 'true' }), {
      session: key,
    });
    await prompted(stand, ingenico, 'confirm');
    expect(terminal().screen().prompt).toEqual({ kind: 'confirm', text: 'Total $23.60\nOK?' });
    terminal().confirm(true);
    await prompted(stand, ingenico, 'card');
    // The tip screen's words went with the tip command: the sale draws its own screen.
    expect(terminal().screen().text).toBe('');
    terminal().insertCard(terminalTestCards.visa);
    await prompted(stand, ingenico, 'signature');
    terminal().sign(scribble);
    const answer = await sale;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      respstat: 'A',
      amount: '23.60',
      merchid: merchantId,
      orderId: 'TERM-SALE-1',
      expiry: '1230',
      name: 'TEST/VISA',
      entrymode: 'EMVContact',
    });
    expect(answer.json?.token).toMatch(/^9\d{15}$/);
    expect(typeof answer.json?.authcode).toBe('string');
    expect(JSON.parse(String(answer.json?.emvTagData))).toMatchObject({ 'Application Label': 'VISA CREDIT' });
    expect(answer.json?.receiptData).toMatchObject({ dba: 'Lanepoint Training Store' });
    // The signature is a gzipped 1-bit BMP with ink on it.
    const bmp = gunzipSync(Buffer.from(String(answer.json?.signature), 'base64'));
    expect(bmp.subarray(0, 2).toString('latin1')).toBe('BM');
    expect(bmp.subarray(62).some((byte) => byte !== 0)).toBe(true);

    const [recorded] = stand.gateway.context.ledger.byOrderId('TERM-SALE-1');
    expect(recorded).toMatchObject({
      retref: answer.json?.retref,
      merchid: merchantId,
      amount: 2360,
      respstat: 'A',
      setlstat: 'Queued for Capture',
      entrymode: 'EMVContact',
    });
    expect(recorded?.signature).toBe(answer.json?.signature);
    expect(terminal().screen()).toMatchObject({ text: 'Approval', prompt: { kind: 'none' }, command: undefined });
  });

  it('a declined card: respstat C from the gateway, recorded as declined', async () => {
    const key = await connect(stand);
    const sale = post(
      stand,
      'v3/authCard',
      body({ amount: '1500', orderId: 'TERM-DECLINE', confirmAmount: false, includeSignature: false }),
      { session: key },
    );
    await prompted(stand, ingenico, 'card');
    terminal().swipeCard(terminalTestCards.declined);
    const answer = await sale;
    expect(answer).toMatchObject({ status: 200, json: { respstat: 'C', amount: '0.00', orderId: 'TERM-DECLINE' } });
    expect(answer.json?.authcode).toBeUndefined();
    expect(stand.gateway.context.ledger.byOrderId('TERM-DECLINE')[0]).toMatchObject({
      respstat: 'C',
      setlstat: 'Declined',
      entrymode: 'Swipe(Non EMV)',
    });
  });

  it('a partial approval and a tapped card: 5.00 of 8.00, no name, tokenExpired', async () => {
    const key = await connect(stand);
    const sale = post(
      stand,
      'v3/authCard',
      body({ amount: '800', confirmAmount: 'false', includeSignature: 'false' }),
      {
        session: key,
      },
    );
    await prompted(stand, ingenico, 'card');
    terminal().tapCard(terminalTestCards.partial);
    const answer = await sale;
    expect(answer.json).toMatchObject({ respstat: 'A', amount: '5.00', tokenExpired: true, entrymode: 'Contactless' });
    expect(answer.json?.name).toBeUndefined();
    // The generated order id is <HSN-timestamp>.
    expect(answer.json?.orderId).toBe(`${ingenico}-20261128150000`);
  });

  it('PIN debit: aid debit with a debit chip card asks for the PIN', async () => {
    const key = await connect(stand);
    const sale = post(
      stand,
      'v3/authCard',
      body({ amount: '1200', aid: 'debit', includePIN: 'true', confirmAmount: false, includeSignature: false }),
      { session: key },
    );
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visaDebit);
    await prompted(stand, ingenico, 'pin');
    expect(() => terminal().enterPin('12')).toThrow(/4 to 12 digits/);
    terminal().enterPin('1234');
    const answer = await sale;
    expect(answer.json).toMatchObject({ respstat: 'A' });
    expect(JSON.parse(String(answer.json?.emvTagData))).toMatchObject({ PIN: 'Verified by PIN' });
  });

  it('readCard tokenizes without authorizing; readManual keys the card', async () => {
    const key = await connect(stand);
    const read = post(stand, 'v2/readCard', body({ amount: '100', includeSignature: false }), { session: key });
    await prompted(stand, ingenico, 'confirm');
    terminal().confirm(true);
    await prompted(stand, ingenico, 'card');
    terminal().swipeCard(terminalTestCards.stripeOnly);
    const answer = await read;
    expect(answer.json).toMatchObject({ expiry: '1230', name: 'TEST/STRIPE', singleUseToken: false });
    expect(answer.json?.token).toMatch(/^9\d{15}$/);
    expect(stand.gateway.context.ledger.all()).toHaveLength(0);

    const manual = post(stand, 'v2/readManual', body({ includeSignature: false }), { session: key });
    await prompted(stand, ingenico, 'keyed-card');
    terminal().keyCard({ number: '5454545454545454', expiry: '0429' });
    expect((await manual).json).toMatchObject({ expiry: '0429' });
    // Not on Clover.
    const cloverKey = await connect(stand, clover);
    expect((await post(stand, 'v2/readManual', body({ hsn: clover }), { session: cloverKey })).json).toMatchObject({
      errorCode: 1,
    });
  });

  it('authManual: keyed with CVV and ZIP, authorized as keyed', async () => {
    const key = await connect(stand);
    const sale = post(
      stand,
      'v3/authManual',
      body({ amount: '4200', orderId: 'TERM-KEYED', includeCVV: true, includeAVS: true, includeSignature: false }),
      { session: key },
    );
    await prompted(stand, ingenico, 'keyed-card');
    expect(() => terminal().keyCard({ number: '4788250000121443', expiry: '1230' })).toThrow(/CVV too/);
    terminal().keyCard({ number: '4788250000121443', expiry: '1230', cvv: '112' });
    await prompted(stand, ingenico, 'zip');
    terminal().enterZip('19406');
    expect((await sale).json).toMatchObject({ respstat: 'A', amount: '42.00', cvvresp: 'M' });
    expect(stand.gateway.context.ledger.byOrderId('TERM-KEYED')[0]).toMatchObject({ entrymode: 'Keyed' });
  });

  it('printReceipt on Clover reprints an order; Ingenico has no printer', async () => {
    const key = await connect(stand, clover);
    const cloverBody = (extra: Record<string, unknown>) => body({ hsn: clover, ...extra });
    const sale = post(
      stand,
      'v3/authCard',
      cloverBody({
        amount: '300',
        orderId: 'TERM-PRINT',
        printReceipt: true,
        confirmAmount: false,
        includeSignature: false,
      }),
      { session: key },
    );
    await prompted(stand, clover, 'card');
    stand.terminals.terminal(clover).insertCard(terminalTestCards.visa);
    expect((await sale).status).toBe(200);
    expect(stand.terminals.terminal(clover).printed).toHaveLength(1);
    const reprint = await post(stand, 'v3/printReceipt', cloverBody({ orderId: 'TERM-PRINT' }), { session: key });
    expect(reprint.json).toMatchObject({ receiptData: { dba: 'Lanepoint Training Store' } });
    expect(
      (
        await post(stand, 'v3/printReceipt', cloverBody({ orderId: 'TERM-PRINT', printExtraReceipt: true }), {
          session: key,
        })
      ).json,
    ).toEqual({ errorCode: 1, errorMessage: 'printDelay is a required parameter when printExtraReceipt=true' });
    const ingenicoKey = await connect(stand);
    expect(
      (await post(stand, 'v3/printReceipt', body({ orderId: 'TERM-PRINT' }), { session: ingenicoKey })).json,
    ).toEqual({
      errorCode: 800,
      errorMessage: 'Printing not supported',
    });
  });
});

describe('stopping a command', () => {
  it('cancel from the POS while readCard waits: Command Cancelled, the terminal idle again', async () => {
    const key = await connect(stand);
    const read = post(stand, 'v2/readCard', body({ amount: '100' }), { session: key });
    await prompted(stand, ingenico, 'confirm');
    terminal().confirm(true);
    await prompted(stand, ingenico, 'card');
    expect((await post(stand, 'v2/cancel', body(), { session: key })).status).toBe(200);
    expect(await read).toMatchObject({ status: 500, json: { errorCode: 8, errorMessage: 'Command Cancelled' } });
    expect(terminal().screen()).toMatchObject({ prompt: { kind: 'none' }, command: undefined });
    expect(() => terminal().insertCard(terminalTestCards.visa)).toThrow(/not asking for card/);
  });

  it('cancel at the terminal: Operation Cancelled; on readConfirmation it answers confirmed false', async () => {
    const key = await connect(stand);
    const sale = post(stand, 'v3/authCard', body({ amount: '100' }), { session: key });
    await prompted(stand, ingenico, 'confirm');
    terminal().confirm(true);
    await prompted(stand, ingenico, 'card');
    terminal().pressCancel();
    expect(await sale).toMatchObject({ status: 500, json: { errorCode: 8, errorMessage: 'Operation Cancelled' } });
    expect(stand.gateway.context.ledger.all()).toHaveLength(0);

    const confirmation = post(stand, 'v3/readConfirmation', body({ prompt: 'Is this debit?' }), { session: key });
    await prompted(stand, ingenico, 'confirm');
    terminal().pressCancel();
    expect((await confirmation).json).toEqual({ confirmed: false });
  });

  it('a tip screen canceled at the terminal leaves it idle, its words gone', async () => {
    const key = await connect(stand);
    const tip = post(stand, 'v3/tip', body({ amount: '500', prompt: 'Add a tip?', tipPercentPresets: [15, 18, 20] }), {
      session: key,
    });
    await prompted(stand, ingenico, 'tip');
    expect(terminal().screen().text).toBe('Add a tip?');
    terminal().pressCancel();
    expect((await tip).json).toMatchObject({ errorCode: 8 });
    expect(terminal().screen()).toMatchObject({ text: '', prompt: { kind: 'none' }, command: undefined });
  });

  it('no answer from the terminal in 1:59 on the clock: "Terminal request timed out"', async () => {
    const key = await connect(stand);
    const read = post(stand, 'v2/readCard', body({ amount: '100' }), { session: key });
    await prompted(stand, ingenico, 'confirm');
    stand.clock.advance(118_999);
    expect(terminal().screen().prompt.kind).toBe('confirm');
    stand.clock.advance(1);
    expect(await read).toMatchObject({
      status: 500,
      json: { errorCode: 1, errorMessage: 'Terminal request timed out' },
    });
  });
});

describe('the operational prompts', () => {
  it('readConfirmation, readInput and readSignature answer what the customer did', async () => {
    const key = await connect(stand);
    const confirmation = post(stand, 'v3/readConfirmation', body({ prompt: 'Save 10%% today?' }), { session: key });
    await prompted(stand, ingenico, 'confirm');
    expect(terminal().screen().prompt).toEqual({ kind: 'confirm', text: 'Save 10% today?' });
    terminal().confirm(true);
    expect((await confirmation).json).toEqual({ confirmed: true });

    const input = post(stand, 'v2/readInput', body({ prompt: 'Phone', format: 'PHONE' }), { session: key });
    await prompted(stand, ingenico, 'input');
    expect(() => terminal().typeInput('123')).toThrow(/10 or 11 digits/);
    terminal().typeInput('12345678901');
    expect((await input).json).toEqual({ input: '1-234-567-8901' });

    const zip = post(stand, 'v2/readInput', body({ prompt: 'ZIP', format: 'N5,9' }), { session: key });
    await prompted(stand, ingenico, 'input');
    terminal().typeInput('19406');
    expect((await zip).json).toEqual({ input: '19406' });

    const signature = post(stand, 'v2/readSignature', body({ prompt: 'Sign here', gzipSignature: false }), {
      session: key,
    });
    await prompted(stand, ingenico, 'signature');
    terminal().sign(scribble);
    const bmp = Buffer.from(String((await signature).json?.signature), 'base64');
    expect(bmp.subarray(0, 2).toString('latin1')).toBe('BM');
    expect(bmp.readInt32LE(18)).toBe(320);
  });

  it('display shows text (%% a percent sign) and clearDisplay returns to idle', async () => {
    const key = await connect(stand);
    await post(stand, 'v2/display', body({ text: 'Save 10%%\nToday' }), { session: key });
    expect(terminal().screen().text).toBe('Save 10%\nToday');
    await post(stand, 'v3/clearDisplay', body(), { session: key });
    expect(terminal().screen().text).toBe('');
  });
});
