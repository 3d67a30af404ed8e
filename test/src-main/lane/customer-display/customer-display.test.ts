import { describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import {
  commandNames,
  type CommandReply,
  type CustomerAnswered,
  type CustomerView,
  type LookupResult,
  type SaleSummary,
  type SignatureSession,
  type TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import type { CommandCaller } from '../../../../src-main/lane/ipc/dispatcher';
import { customerDisplayCommandNames } from '../../../../src-main/lane/ipc/customer-role';
import {
  customerOrderOf,
  maxLogoBytes,
  tipChoicesOf,
} from '../../../../src-main/lane/customer-display/customer-display';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ok, testCore, until } from '../../../support/test-core';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { drawnSignature } from '../../../support/strokes';
import { builtInTrainingLane, devicesConnected, lanesClosedAfterEachTest } from '../terminal/support';

const cores = lanesClosedAfterEachTest();
const customer: CommandCaller = { source: 'bridge:77', role: 'customer-display' };
const cashier: CommandCaller = { source: 'bridge:1' };
const lines = [
  { description: 'Espresso beans 1 lb', quantity: 2, unitMinor: 1499, taxMinor: 247 },
  { description: 'Paper filters', quantity: 1, unitMinor: 399, taxMinor: 33 },
];

/** A training counter lane with a customer display connected (as its page would be), signing on screen. */
async function laneWithDisplay(settings: object = {}) {
  const built = builtInTrainingLane(cores, {
    customerDisplay: { enabled: true },
    payments: { tips: true },
    signature: { capture: 'screen', policy: 'always' },
    ...settings,
  });
  await devicesConnected(built.core);
  const views: CustomerView[] = [];
  const answered: CustomerAnswered[] = [];
  built.core.events.subscribe((name, payload) => {
    if (name === 'customerDisplay.view') views.push(payload as CustomerView);
    if (name === 'customerDisplay.answered') answered.push(payload as CustomerAnswered);
  });
  const gone = built.core.customerDisplay.connect(customer.source);
  const asCustomer = <R>(name: string, args: object) =>
    built.core.dispatch(name, args, customer) as Promise<CommandReply<R>>;
  const asCashier = <R>(name: string, args: object) =>
    built.core.dispatch(name, args, cashier) as Promise<CommandReply<R>>;
  return { ...built, views, answered, gone, asCustomer, asCashier };
}

const stepOf = (core: Core) => core.customerDisplay.view().step;

/** Presents `cardId` when the sale waits for the card. */
function presentWhenAsked(core: Core, cardId: string) {
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stop();
      void core.cardReaders.presentTestCard({ cardId, method: 'insert' });
    }
  });
}

describe('the customer display role', () => {
  it('is refused every command but its own, before the handler runs, in words', async () => {
    const { core, asCustomer } = await laneWithDisplay();
    const refused = commandNames.filter((name) => !customerDisplayCommandNames.has(name));
    // Every cashier command there is: starting, voiding, refunding, reading sales, settings, the journal.
    expect(refused).toEqual(
      expect.arrayContaining([
        'terminal.sale',
        'terminal.void',
        'terminal.refund',
        'settings.update',
        'terminal.history',
      ]),
    );
    for (const name of refused) {
      const reply = await asCustomer(name, {});
      expect(reply, name).toEqual({
        ok: false,
        error: {
          code: 'forbidden',
          message: 'The customer display may only show the sale and send the customer\u2019s answers.',
        },
      });
    }
    // Nothing started: the lane is where it was.
    expect(core.terminal.current()).toMatchObject({ phase: 'idle', sale: null });
    expect(ok(await asCustomer<CustomerView>('customerDisplay.view', {}))).toMatchObject({ step: { kind: 'idle' } });
  });

  it('counts each connected display (training’s panel when none is), and a live lane asks at the counter when none is left', async () => {
    const { core, gone } = await laneWithDisplay();
    expect(core.customerDisplay.view()).toMatchObject({ displays: 1, besideTheCounter: false });
    const second = core.customerDisplay.connect('window:4');
    expect(core.customerDisplay.view().displays).toBe(2);
    second();
    gone();
    // Training with no display of its own: its panel draws the customer's display beside the counter.
    expect(core.customerDisplay.view()).toMatchObject({ displays: 1, besideTheCounter: true });
    const live = testCore(settingsSchema.parse({ training: false, customerDisplay: { enabled: true } })).core;
    cores.push(live);
    expect(live.customerDisplay.view().displays).toBe(0);
    expect(() => live.customerDisplay.askTip(1000)).toThrow(
      'No customer display is connected: ask the customer for the tip at the counter.',
    );
    const page = live.customerDisplay.connect('bridge:9');
    expect(live.customerDisplay.view().displays).toBe(1);
    page();
    expect(live.customerDisplay.view().displays).toBe(0);
  });
});

describe('what the customer display shows', () => {
  it('each cart line as the cashier adds it, with the tax and the total, in a view that only rises', async () => {
    const { core, views, asCashier } = await laneWithDisplay({
      customerDisplay: { enabled: true, storeName: 'Corner Roastery' },
    });
    ok(await asCashier('customerDisplay.showOrder', { lines: lines.slice(0, 1), amountMinor: null }));
    ok(await asCashier('customerDisplay.showOrder', { lines, amountMinor: null }));
    const view = core.customerDisplay.view();
    expect(view).toMatchObject({
      store: { name: 'Corner Roastery', message: '' },
      step: { kind: 'order' },
      order: { lines, subtotalMinor: 2 * 1499 + 399, taxMinor: 247 + 33, totalMinor: 2 * 1499 + 399 + 247 + 33 },
    });
    expect(views.map((shown) => shown.order?.lines.length ?? 0)).toEqual([0, 1, 2]);
    expect(views.map((shown) => shown.seq)).toEqual([...views.map((shown) => shown.seq)].sort((a, b) => a - b));
    // The cashier clears the order: the idle screen.
    ok(await asCashier('customerDisplay.showOrder', { lines: [], amountMinor: null }));
    expect(core.customerDisplay.view()).toMatchObject({ step: { kind: 'idle' }, order: null });
  });

  it('works out the tip shares and the order once, in cents both screens show alike', () => {
    expect(tipChoicesOf(3710, [15, 18, 20])).toEqual([
      { percent: 15, amountMinor: 557 },
      { percent: 18, amountMinor: 668 },
      { percent: 20, amountMinor: 742 },
    ]);
    expect(customerOrderOf([], 1250)).toEqual({
      lines: [],
      subtotalMinor: 1250,
      taxMinor: 0,
      tipMinor: 0,
      totalMinor: 1250,
    });
    expect(customerOrderOf([], 1250, 225)).toMatchObject({ tipMinor: 225, totalMinor: 1475 });
    expect(customerOrderOf([], null)).toBeNull();
  });
});

describe('the idle screen’s logo', () => {
  it('is read once as a data URL; a file too large or of another kind shows none and says why in the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'logo-'));
    const png = join(dir, 'logo.png');
    // A 1 x 1 PNG, as a store's logo file would start.
    writeFileSync(
      png,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    const { core } = await laneWithDisplay({ customerDisplay: { enabled: true, logoFile: png } });
    const { logo } = ok(await core.dispatch('customerDisplay.brand', {}, customer)) as { logo: string };
    expect(logo).toBe(`data:image/png;base64,${readFileSync(png).toString('base64')}`);

    const huge = join(dir, 'huge.png');
    writeFileSync(huge, Buffer.alloc(maxLogoBytes + 1));
    const tooLarge = await laneWithDisplay({ customerDisplay: { enabled: true, logoFile: huge } });
    expect(ok(await tooLarge.core.dispatch('customerDisplay.brand', {}, customer))).toEqual({ logo: null });
    expect(tooLarge.lines.some((line) => line.includes(`${huge} is larger than 256 KiB`))).toBe(true);

    const gif = join(dir, 'logo.gif');
    writeFileSync(gif, 'GIF89a');
    const otherKind = await laneWithDisplay({ customerDisplay: { enabled: true, logoFile: gif } });
    expect(ok(await otherKind.core.dispatch('customerDisplay.brand', {}, customer))).toEqual({ logo: null });
    expect(otherKind.lines.some((line) => line.includes(`${gif} is not a PNG, JPEG or SVG file`))).toBe(true);
  });
});

describe('a counter sale the customer takes part in', () => {
  it('the customer chooses 18 %, the gateway authorizes the amount with it, the customer signs and chooses the printed receipt', async () => {
    const { core, answered, asCustomer, asCashier } = await laneWithDisplay();
    const totalMinor = 2 * 1499 + 399 + 247 + 33;
    ok(await asCashier('customerDisplay.showOrder', { lines, amountMinor: null }));
    ok(await asCashier('customerDisplay.askTip', { baseMinor: totalMinor }));
    const tipStep = stepOf(core);
    expect(tipStep).toMatchObject({ kind: 'tip', baseMinor: totalMinor, maxCustomMinor: totalMinor });
    if (tipStep.kind !== 'tip') throw new Error(`the display shows ${tipStep.kind}, not the tip`);
    const eighteen = tipStep.choices.find((choice) => choice.percent === 18)!;
    expect(eighteen.amountMinor).toBe(Math.round(totalMinor * 0.18));
    ok(await asCustomer('customerDisplay.answer', { kind: 'tip', tipMinor: eighteen.amountMinor }));
    expect(answered).toEqual([
      { answer: { kind: 'tip', tipMinor: eighteen.amountMinor }, by: 'customer', reason: null },
    ]);
    expect(stepOf(core)).toEqual({ kind: 'order' });

    // The counter charges what the customer chose; the customer signs on their display.
    presentWhenAsked(core, 'visa-approve');
    const signed = new Promise<void>((resolve) => {
      const stop = core.events.subscribe((name, payload) => {
        if (name === 'signature.session' && (payload as SignatureSession).state === 'capturing') {
          stop();
          expect(stepOf(core)).toMatchObject({ kind: 'signature', where: 'here' });
          void asCustomer('signature.submit', {
            signature: drawnSignature(600, 200, '20,150 80,40 140,160 200,50 | 260,120 420,110'),
          }).then(() => resolve());
        }
      });
    });
    const saleReply = asCashier<SaleSummary>('terminal.sale', {
      amountMinor: totalMinor + eighteen.amountMinor,
      tipMinor: eighteen.amountMinor,
      cart: lines,
    });
    await signed;
    const sale = ok(await saleReply);
    expect(sale).toMatchObject({ outcome: 'approved', approvedMinor: totalMinor + eighteen.amountMinor });

    // The gateway's ledger holds the amount with the tip in it.
    const lookup = ok(await asCashier<LookupResult>('terminal.lookup', { orderId: sale.orderId }));
    expect(lookup.gateway.map((record) => record.amountMinor)).toEqual([totalMinor + eighteen.amountMinor]);
    // The journal holds the approval for the same amount.
    expect(lookup.entries.at(-1)).toMatchObject({
      state: 'completed',
      respstat: 'A',
      money: { approvedMinor: totalMinor + eighteen.amountMinor },
    });

    // The receipts: the tip on its own line, and the customer's signature on the merchant copy.
    const customerCopy = ok(await asCashier<{ lines: string[] }>('printers.lastPage', {})).lines.join('\n');
    expect(customerCopy).toMatch(
      new RegExp(`Tip\\s+\\$${(eighteen.amountMinor / 100).toFixed(2).replace('.', '\\.')}`),
    );
    const merchantCopy = ok(await asCashier<{ lines: string[] }>('printers.lastPage', { back: 1 })).lines.join('\n');
    expect(merchantCopy).toContain('Signed electronically');

    // Paid: the receipt is the customer's choice; this lane has no mail server, so print or none.
    await until(() => stepOf(core).kind === 'receipt');
    expect(stepOf(core)).toEqual({ kind: 'receipt', channels: ['print', 'none'] });
    expect(
      await asCustomer('customerDisplay.answer', { kind: 'receipt', choice: 'email', address: 'a@b.example' }),
    ).toMatchObject({
      ok: false,
      error: { message: 'This lane does not send receipts that way.' },
    });
    ok(await asCustomer('customerDisplay.answer', { kind: 'receipt', choice: 'print' }));
    expect(stepOf(core)).toEqual({ kind: 'done', receipt: 'print' });
    // The next customer: the display forgets the receipt and shows the idle screen.
    ok(await asCashier('terminal.newSale', {}));
    ok(await asCashier('customerDisplay.showOrder', { lines: [], amountMinor: null }));
    expect(stepOf(core)).toEqual({ kind: 'idle' });
  });

  it('a decline is said as a decline, with nothing approved and no receipt asked', async () => {
    const { core, asCashier } = await laneWithDisplay({ signature: { capture: 'screen', policy: 'never' } });
    presentWhenAsked(core, 'visa-decline');
    const sale = ok(await asCashier<SaleSummary>('terminal.sale', { amountMinor: 2500 }));
    expect(sale.outcome).toBe('declined');
    expect(stepOf(core)).toEqual({
      kind: 'outcome',
      outcome: 'declined',
      amountMinor: 2500,
      approvedMinor: 0,
      dueMinor: null,
    });
  });

  it('refuses a tip above the amount, and the cashier takes the question back with a reason the log keeps', async () => {
    const { core, answered, lines: logged, asCustomer, asCashier } = await laneWithDisplay();
    ok(await asCashier('customerDisplay.askTip', { baseMinor: 1000 }));
    expect(await asCustomer('customerDisplay.answer', { kind: 'tip', tipMinor: 1001 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'tipMinor', message: 'A tip can be at most the amount of the sale.' },
    });
    expect(stepOf(core).kind).toBe('tip');
    ok(await asCashier('customerDisplay.takeBack', { reason: 'customer tipped in cash' }));
    expect(answered).toEqual([
      { answer: { kind: 'tip', tipMinor: 0 }, by: 'cashier', reason: 'customer tipped in cash' },
    ]);
    expect(core.customerDisplay.view()).toMatchObject({
      step: { kind: 'idle' },
      takenBack: { question: 'tip', reason: 'customer tipped in cash' },
    });
    expect(logged.some((line) => line.includes('customer tipped in cash') && line.includes('"cashierId":"1001"'))).toBe(
      true,
    );
    // Nothing is asked now: a late answer from the display is refused.
    expect(await asCustomer('customerDisplay.answer', { kind: 'tip', tipMinor: 150 })).toMatchObject({
      ok: false,
      error: { message: 'No tip is being asked on the customer display now.' },
    });
  });

  it('a surcharge answer when none is asked is refused, and the language is the store’s choice of two', async () => {
    const { core, asCustomer } = await laneWithDisplay();
    expect(await asCustomer('customerDisplay.answer', { kind: 'fee', accept: true })).toMatchObject({
      ok: false,
      error: { message: 'No surcharge is being asked now.' },
    });
    ok(await asCustomer('customerDisplay.answer', { kind: 'language', language: 'es' }));
    expect(core.customerDisplay.view().language).toBe('es');
    const { asCustomer: englishOnly } = await laneWithDisplay({
      customerDisplay: { enabled: true, languages: ['en'] },
    });
    expect(await englishOnly('customerDisplay.answer', { kind: 'language', language: 'es' })).toMatchObject({
      ok: false,
      error: { message: 'This store does not offer that language.' },
    });
  });
});
