import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTerminalClient, type TerminalClient } from '../../../../src-main/lane/integrated-terminal/client';
import {
  TerminalCanceled,
  TerminalNotConnected,
  TerminalOutcomeUnknown,
} from '../../../../src-main/lane/integrated-terminal/errors';
import { terminalTestCards } from '../../../../src-main/stand-ins/terminal-emulator/test-cards';
import {
  apiKey,
  ingenico,
  merchantId,
  prompted,
  scribble,
  standPerTest,
  type Stand,
} from '../../stand-ins/terminal-emulator/support';

/**
 * The lane's Terminal API client against the Integrated Terminal emulator: two implementations
 * of terminal-openapi.yaml written apart (ADR 084, ADR 085), so each checks the other's reading
 * of the reference over real HTTP, with the gateway emulator behind the terminal as the real
 * service has the gateway behind it.
 */
let stand: Stand;
standPerTest((started) => (stand = started));

const terminal = () => stand.terminals.terminal(ingenico);
const client = (): TerminalClient =>
  createTerminalClient({ baseUrl: stand.terminals.url, apiKey, merchantId, clock: stand.clock });

describe('the lane’s terminal client against the terminal emulator', () => {
  it('lists the merchant’s terminals and pings one on a session it makes itself', async () => {
    const terminals = client();
    expect(await terminals.listTerminals()).toEqual(expect.arrayContaining([ingenico]));
    expect(await terminals.ping({ hsn: ingenico })).toBe(true);
  });

  it('a tip chosen on the terminal, then the total authorized with a signature: the answer, the ledger and the signature agree', async () => {
    const terminals = client();
    const tipping = terminals.tip({
      hsn: ingenico,
      amount: 2000,
      prompt: 'Add a tip?',
      tipPercentPresets: [15, 18, 20],
    });
    await prompted(stand, ingenico, 'tip');
    terminal().chooseTip({ percent: 18 });
    const tip = await tipping;
    expect(tip).toMatchObject({ tip: '360', total: '2360' });

    const sale = terminals.authCard({ hsn: ingenico, amount: 2360, orderId: 'LANE01-TERM-1', capture: true });
    await prompted(stand, ingenico, 'confirm');
    terminal().confirm(true);
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    await prompted(stand, ingenico, 'signature');
    terminal().sign(scribble);
    const answer = await sale;

    expect(answer).toMatchObject({ respstat: 'A', amount: 2360, orderId: 'LANE01-TERM-1', entrymode: 'EMVContact' });
    const [recorded] = stand.gateway.context.ledger.byOrderId('LANE01-TERM-1');
    expect(recorded).toMatchObject({ retref: answer.retref, amount: 2360, respstat: 'A' });
    expect(gunzipSync(Buffer.from(answer.signature!, 'base64')).subarray(0, 2).toString('latin1')).toBe('BM');
    expect(recorded?.signature).toBe(answer.signature);
  });

  it('a decline comes back as an answer with respstat C, and the ledger holds it declined', async () => {
    const sale = client().authCard({
      hsn: ingenico,
      amount: 1500,
      orderId: 'LANE01-TERM-DECLINE',
      confirmAmount: false,
      includeSignature: false,
    });
    await prompted(stand, ingenico, 'card');
    terminal().swipeCard(terminalTestCards.declined);
    expect(await sale).toMatchObject({ respstat: 'C' });
    expect(stand.gateway.context.ledger.byOrderId('LANE01-TERM-DECLINE')).toMatchObject([{ respstat: 'C' }]);
  });

  it('the lane cancels while the terminal waits for the card: canceled, and nothing reached the gateway', async () => {
    const terminals = client();
    const sale = terminals.authCard({
      hsn: ingenico,
      amount: 1000,
      orderId: 'LANE01-TERM-CANCEL',
      confirmAmount: false,
      includeSignature: false,
    });
    await prompted(stand, ingenico, 'card');
    await terminals.cancel({ hsn: ingenico });
    await expect(sale).rejects.toBeInstanceOf(TerminalCanceled);
    expect(stand.gateway.context.ledger.byOrderId('LANE01-TERM-CANCEL')).toEqual([]);
  });

  it('the customer cancels on the terminal: canceled, and nothing reached the gateway', async () => {
    const sale = client().authCard({
      hsn: ingenico,
      amount: 1000,
      orderId: 'LANE01-TERM-PRESS',
      confirmAmount: false,
      includeSignature: false,
    });
    await prompted(stand, ingenico, 'card');
    terminal().pressCancel();
    await expect(sale).rejects.toBeInstanceOf(TerminalCanceled);
    expect(stand.gateway.context.ledger.byOrderId('LANE01-TERM-PRESS')).toEqual([]);
  });

  it('the answer is lost after the gateway approved: outcome unknown naming the order id, sent once, and the gateway has it', async () => {
    terminal().loseNextAnswer();
    const sale = client().authCard({
      hsn: ingenico,
      amount: 1000,
      orderId: 'LANE01-TERM-LOST',
      confirmAmount: false,
      includeSignature: false,
    });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    const error = await sale.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TerminalOutcomeUnknown);
    expect((error as Error).message).toContain('LANE01-TERM-LOST');
    expect(stand.gateway.context.ledger.byOrderId('LANE01-TERM-LOST')).toMatchObject([{ respstat: 'A', amount: 1000 }]);
  });

  it('a terminal that drops off the network: the client says it is not connected', async () => {
    const terminals = client();
    expect(await terminals.ping({ hsn: ingenico })).toBe(true);
    terminal().setConnected(false);
    const error = await terminals.display({ hsn: ingenico, text: 'Welcome' }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TerminalNotConnected);
  });

  it('a session past its ten minutes is renewed by the client: the next command works on a new key', async () => {
    const terminals = client();
    await terminals.connect({ hsn: ingenico });
    stand.clock.advance(11 * 60_000);
    // The emulator forgot the first key at ten minutes: only a new session can answer this.
    await terminals.display({ hsn: ingenico, text: 'Next customer' });
    expect(terminal().screen().text).toBe('Next customer');
  });
});
