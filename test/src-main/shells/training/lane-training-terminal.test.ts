import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrainingGateway, TrainingTerminal } from '../../../../src-main/lane/core/training-kit';
import type { TrainingTerminalView } from '../../../../src-main/lane/ipc/contract';
import { LaneError } from '../../../../src-main/lane/errors';
import { createTrainingGateway } from '../../../../src-main/shells/training/lane-training-gateway';
import {
  createTrainingTerminal,
  trainingTerminalGateway,
} from '../../../../src-main/shells/training/lane-training-terminal';
import { trainingTerminalSignature } from '../../../../src-main/shells/training/lane-training-signature';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';

/**
 * Training's integrated terminal: the real Terminal API emulator in front of a real built-in
 * gateway, reached over loopback HTTP with the connection it hands the lane; the trainee acts
 * through `act` as the training panel does.
 */
const merchantId = '496160873888';
let clock: ManualClock;
let gateway: TrainingGateway;
let terminal: TrainingTerminal;
let views: TrainingTerminalView[];

beforeEach(() => {
  clock = new ManualClock(Date.UTC(2026, 10, 28, 15, 0, 0));
  gateway = createTrainingGateway(undefined);
  terminal = createTrainingTerminal({
    clock,
    defaultMerchantId: '496160873888',
    gateway: () => trainingTerminalGateway(gateway),
    signature: (screen) => trainingTerminalSignature(undefined, screen),
  });
  views = [];
  terminal.onScreen((view) => views.push(view));
});
afterEach(async () => {
  await terminal.close();
  await gateway.close();
});

interface Reply {
  readonly status: number;
  readonly json: Record<string, unknown>;
  readonly sessionKey: string | null;
}

/** Calls the Terminal API as the lane's client does: the key, the session, JSON. */
async function api(path: string, body: Record<string, unknown>, session?: string): Promise<Reply> {
  const { baseUrl, apiKey } = await terminal.connection(merchantId);
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: apiKey,
      ...(session ? { 'X-CardConnect-SessionKey': session } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    sessionKey: response.headers.get('X-CardConnect-SessionKey'),
  };
}

async function session(): Promise<string> {
  const { hsn } = await terminal.connection(merchantId);
  const reply = await api('v2/connect', { merchantId, hsn });
  expect(reply.status).toBe(200);
  return reply.sessionKey!.split(';')[0]!;
}

const asking = (kind: string) => until(() => terminal.screen()?.prompt.kind === kind, `the terminal asks for ${kind}`);

async function refusal(action: Parameters<TrainingTerminal['act']>[0]): Promise<LaneError> {
  const error = await terminal.act(action).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LaneError);
  expect((error as LaneError).kind).toBe('refused');
  return error as LaneError;
}

describe('training terminal', () => {
  it('has no screen before the lane reaches it, and refuses actions until then', async () => {
    expect(terminal.screen()).toBeNull();
    expect((await refusal({ action: 'cancel' })).message).toMatch(/has not started/);
  });

  it('boards a lane whose settings name no merchant id to training\u2019s own, the built-in gateway\u2019s', async () => {
    expect(await terminal.connection('')).toMatchObject({ merchantId: '496160873888', hsn: 'TRAIN0001' });
  });

  it('starts once, with a key made for the run, and draws an idle terminal with a masked deck', async () => {
    const [first, second] = await Promise.all([terminal.connection(merchantId), terminal.connection(merchantId)]);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ merchantId, hsn: 'TRAIN0001' });
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.apiKey.length).toBeGreaterThan(20);
    const view = terminal.screen()!;
    expect(view).toMatchObject({
      hsn: 'TRAIN0001',
      deviceType: 'iSC250 Touch',
      connected: true,
      text: '',
      prompt: { kind: 'none' },
      command: null,
    });
    expect(view.cards.find((card) => card.id === 'visa')).toEqual({
      id: 'visa',
      label: 'Visa, approves',
      maskedPan: '************1443',
      methods: ['insert', 'tap', 'swipe'],
    });
    expect(view.cards.find((card) => card.id === 'stripe-only')?.methods).toEqual(['swipe']);
    // Public test numbers, but the screen never carries a whole one.
    expect(JSON.stringify(view)).not.toMatch(/\d{13,19}/);
    // A wrong key is refused: the key is this run's own.
    const response = await fetch(`${first.baseUrl}/api/v2/connect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'training-terminal-api-key' },
      body: JSON.stringify({ merchantId, hsn: 'TRAIN0001' }),
    });
    expect(response.status).toBe(401);
  });

  it('a tip, then a sale with the PIN card: the trainee confirms, inserts, types the PIN and signs; the built-in gateway approves', async () => {
    const key = await session();
    const tip = api('v3/tip', { merchantId, hsn: 'TRAIN0001', amount: '2000', prompt: 'Add a tip?' }, key);
    await asking('tip');
    expect(terminal.screen()!.prompt).toEqual({ kind: 'tip', amountMinor: 2000, presets: [15, 18, 20], custom: true });
    expect((await refusal({ action: 'pin', pin: '4321' })).message).toBe(
      'The terminal is not asking for a PIN: it waits for a tip.',
    );
    // 18% of 20.00, as the tip button shows it.
    await terminal.act({ action: 'tip', tipMinor: 360 });
    expect((await tip).json).toMatchObject({ amount: 2000, tip: 360, total: 2360 });

    const sale = api(
      'v3/authCard',
      {
        merchantId,
        hsn: 'TRAIN0001',
        amount: '2360',
        orderId: 'TRAIN-TERM-1',
        capture: 'true',
        includeSignature: 'true',
      },
      key,
    );
    await asking('confirm');
    await terminal.act({ action: 'confirm', yes: true });
    await asking('card');
    expect(terminal.screen()!.prompt).toEqual({ kind: 'card', amountMinor: 2360, methods: ['insert', 'tap', 'swipe'] });
    await terminal.act({ action: 'present', cardId: 'mastercard-pin', method: 'insert' });
    await asking('pin');
    const pinError = await refusal({ action: 'sign' });
    expect(pinError.message).toBe('The terminal is not asking for a signature: it waits for a PIN.');
    await terminal.act({ action: 'pin', pin: '4321' });
    await asking('signature');
    await terminal.act({ action: 'sign' });
    const answer = await sale;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ respstat: 'A', amount: '23.60', orderId: 'TRAIN-TERM-1', merchid: merchantId });

    // In the built-in gateway's ledger, as the lane's recovery would find it.
    const { client } = await gateway.access(merchantId);
    const found = await client.inquireByOrderid({ merchid: merchantId, orderid: 'TRAIN-TERM-1' });
    expect(found).toEqual([expect.objectContaining({ retref: answer.json.retref, respstat: 'A' })]);

    // Every step reached the listeners; the PIN never did.
    expect(views.map((view) => view.prompt.kind)).toEqual(expect.arrayContaining(['tip', 'confirm', 'card', 'pin']));
    expect(JSON.stringify(views)).not.toContain('4321');
    expect(terminal.screen()).toMatchObject({ text: 'Approval', prompt: { kind: 'none' }, command: null });
  });

  it('a signature card signs with training’s recorded signature', async () => {
    const key = await session();
    const sale = api(
      'v3/authCard',
      {
        merchantId,
        hsn: 'TRAIN0001',
        amount: '1500',
        orderId: 'TRAIN-TERM-2',
        includeSignature: 'true',
        confirmAmount: 'false',
      },
      key,
    );
    await asking('card');
    await terminal.act({ action: 'present', cardId: 'visa', method: 'insert' });
    await asking('signature');
    await terminal.act({ action: 'sign' });
    const answer = await sale;
    expect(answer.json).toMatchObject({ respstat: 'A', orderId: 'TRAIN-TERM-2' });
    expect(typeof answer.json.signature).toBe('string');
  });

  it('refuses a chip on a stripe-only card and an unknown card, in words', async () => {
    const key = await session();
    const sale = api(
      'v3/authCard',
      { merchantId, hsn: 'TRAIN0001', amount: '500', orderId: 'TRAIN-TERM-3', confirmAmount: 'false' },
      key,
    );
    await asking('card');
    expect((await refusal({ action: 'present', cardId: 'stripe-only', method: 'insert' })).message).toMatch(
      /has no chip to insert/,
    );
    await expect(terminal.act({ action: 'present', cardId: 'no-such-card', method: 'tap' })).rejects.toMatchObject({
      kind: 'invalid',
      field: 'cardId',
    });
    // The red key ends the command as the reference says.
    await terminal.act({ action: 'cancel' });
    const answer = await sale;
    expect(answer.json).toMatchObject({ errorMessage: 'Operation Cancelled' });
  });

  it('a card keyed on the terminal: number and expiry typed as one line, tokenized at the built-in gateway', async () => {
    const key = await session();
    const read = api('v2/readManual', { merchantId, hsn: 'TRAIN0001', includeSignature: 'false' }, key);
    await asking('keyed-card');
    expect(terminal.screen()!.prompt).toEqual({ kind: 'keyed-card', expiry: true, cvv: false });
    expect((await refusal({ action: 'input', text: '4788250000121443' })).message).toBe(
      'The terminal does not take that: the terminal asks for the expiry date too.',
    );
    await terminal.act({ action: 'input', text: '4788250000121443 1230' });
    const answer = await read;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ expiry: '1230' });
    expect(answer.json.token).toMatch(/^9\d{15}$/);
  });

  it('the trainer takes the terminal off the network and reboots it; it comes back on the clock', async () => {
    await terminal.connection(merchantId);
    const offline = await terminal.act({ action: 'network', connected: false });
    expect(offline.connected).toBe(false);
    expect(views.at(-1)?.connected).toBe(false);
    expect((await refusal({ action: 'cancel' })).message).toMatch(/off the network/);
    expect((await terminal.act({ action: 'network', connected: true })).connected).toBe(true);

    const rebooting = await terminal.act({ action: 'reboot' });
    expect(rebooting.connected).toBe(false);
    clock.advance(9_999);
    expect(terminal.screen()!.connected).toBe(false);
    clock.advance(1);
    expect(terminal.screen()!.connected).toBe(true);
    expect(views.at(-1)?.connected).toBe(true);
  });

  it('the lost answer: the sale is made at the gateway, the terminal service drops its answer', async () => {
    const key = await session();
    await terminal.act({ action: 'loseNextAnswer' });
    const sale = api(
      'v3/authCard',
      {
        merchantId,
        hsn: 'TRAIN0001',
        amount: '700',
        orderId: 'TRAIN-TERM-4',
        confirmAmount: 'false',
        includeSignature: 'false',
      },
      key,
    ).then(
      () => 'answered',
      () => 'lost',
    );
    await asking('card');
    await terminal.act({ action: 'present', cardId: 'visa', method: 'tap' });
    expect(await sale).toBe('lost');
    const { client } = await gateway.access(merchantId);
    expect(await client.inquireByOrderid({ merchid: merchantId, orderid: 'TRAIN-TERM-4' })).toEqual([
      expect.objectContaining({ respstat: 'A' }),
    ]);
  });

  it('closes the terminal service', async () => {
    const { baseUrl } = await terminal.connection(merchantId);
    await terminal.close();
    expect(terminal.screen()).toBeNull();
    await expect(fetch(`${baseUrl}/api/v2/connect`, { method: 'POST' })).rejects.toThrow();
  });
});
