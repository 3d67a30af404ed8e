import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatedPaeDevice, type PaeTestCard } from '../../../src-main/stand-ins/devices/pae-device';
import type { Transport } from '../../../drivers/transport/types';
import type { DptRequest } from '../../../drivers/unattended/dpt';
import { UnattendedPaymentDevice, type LcdPrompt } from '../../../drivers/unattended/unattended-device';
import { startEmulator, type RunningEmulator } from '../../../src-main/stand-ins/gateway-emulator/server';
import { serialLinks } from '../../support/driver-serial-links';
import { emulatorClient, emulatorSiteLogin } from '../../support/gateway-emulator';
import { ManualClock } from '../../support/manual-clock';
import { until } from '../../support/until';

const merchid = '496160873888';
const visa: PaeTestCard = { account: '4788250000121443', expiry: '1228' };
const doNotHonor: PaeTestCard = { account: '4387751111111038', expiry: '1228' };
const partial: PaeTestCard = { account: '4387750101010101', expiry: '1228' };
const serialOptions = { baudRate: 115_200, backoff: { initialMs: 20, maxMs: 100 } };

let gateway: RunningEmulator;
beforeAll(async () => {
  gateway = await startEmulator({ realism: false, rateLimit: false });
});
afterAll(() => gateway.close());

let orders = 0;
const sale = (change: Partial<DptRequest> = {}): DptRequest => ({
  orderId: `PAE${Date.now() % 1_000_000}${++orders}`,
  amountMinor: 1234,
  paymentType: 'sale',
  user: 'Kiosk',
  ...change,
});

/** The emulated device on `transport`, authorizing with the emulator under its site login. */
const emulatedDevice = (transport: Transport, clock?: ManualClock) =>
  new EmulatedPaeDevice(transport, {
    gateway: { url: gateway.url, username: emulatorSiteLogin.username, password: emulatorSiteLogin.password, merchid },
    ...(clock ? { clock } : {}),
  });

describe('the PAE driver against the emulated device over a real pseudo-terminal', () => {
  const serial = serialLinks();

  const connected = async (options: { clock?: ManualClock; paymentTimeoutMs?: number } = {}) => {
    const { pair, host, device } = await serial.link(serialOptions);
    const peer = emulatedDevice(device, options.clock);
    const terminal = new UnattendedPaymentDevice(host, {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.paymentTimeoutMs ? { paymentTimeoutMs: options.paymentTimeoutMs } : {}),
    });
    await terminal.open();
    return { pair, host, peer, terminal };
  };

  it('pays a sale: the prompts reach the host, the gateway approved it, and the answer carries its retref', async () => {
    const { peer, terminal } = await connected();
    const prompts: LcdPrompt[] = [];
    const request = sale();
    const paying = terminal.pay(request, { onPrompt: (prompt) => prompts.push(prompt) });
    await until(() => peer.stage === 'waiting');
    await until(() => prompts.length === 2, 'the card prompts');
    expect(prompts).toEqual([
      { code: 35, message: 'WELCOME' },
      { code: 86, message: 'INSERT/PRESENT CARD' },
    ]);
    await peer.presentCard(visa);
    const answer = await paying;
    expect(answer).toMatchObject({
      outcome: 'accepted',
      code: '01F40000',
      orderId: request.orderId,
      amountAuthorizedMinor: 1234,
    });
    expect(prompts.map((prompt) => prompt.message)).toEqual([
      'WELCOME',
      'INSERT/PRESENT CARD',
      'PROCESSING...',
      'AUTHORIZING...',
      'APPROVED',
    ]);
    const [record] = await emulatorClient(gateway.url).inquireByOrderid({ merchid, orderid: request.orderId });
    expect(record).toMatchObject({ retref: answer.processorReference, respstat: 'A', setlstat: 'Queued for Capture' });
  });

  it('reads a decline and a partial approval as the gateway answered them', async () => {
    const { peer, terminal } = await connected();
    const declined = terminal.pay(sale());
    await until(() => peer.stage === 'waiting');
    await peer.presentCard(doNotHonor);
    await expect(declined).resolves.toMatchObject({ outcome: 'declined', code: '01F50000', processorCode: '100' });

    const partly = terminal.pay(sale({ amountMinor: 800 }));
    await until(() => peer.stage === 'waiting');
    await peer.presentCard(partial);
    await expect(partly).resolves.toMatchObject({ outcome: 'accepted', amountAuthorizedMinor: 500 });
  });

  it('sends the refund, authorization-only and tokenize payment types as the gateway needs them', async () => {
    const { peer, terminal } = await connected();
    const client = emulatorClient(gateway.url);
    for (const paymentType of ['refund', 'auth-only'] as const) {
      const request = sale({ paymentType });
      const paying = terminal.pay(request);
      await until(() => peer.stage === 'waiting');
      await peer.presentCard(visa);
      await expect(paying).resolves.toMatchObject({ outcome: 'accepted' });
      const [record] = await client.inquireByOrderid({ merchid, orderid: request.orderId });
      expect(record?.amount).toBe(paymentType === 'refund' ? -1234 : 1234);
      if (paymentType === 'auth-only') expect(record?.setlstat).toBe('Authorized');
    }
    const tokenizing = terminal.pay(sale({ paymentType: 'tokenize' }));
    await until(() => peer.stage === 'waiting');
    await peer.presentCard(visa);
    const token = await tokenizing;
    expect(token.outcome).toBe('accepted');
    expect(token.cardToken).toMatch(/^9\d{15}$/);
    expect(token.processorReference).toBeUndefined();
  });

  it('cancels with CPT before the card is read, and the device is ready again', async () => {
    const { peer, terminal } = await connected();
    const abort = new AbortController();
    const paying = terminal.pay(sale(), { signal: abort.signal });
    await until(() => peer.stage === 'waiting');
    abort.abort();
    await expect(paying).rejects.toMatchObject({ kind: 'canceled' });
    expect(peer.stage).toBe('idle');
    expect(peer.received).toEqual(['DPT', 'CPT']);
    await expect(terminal.cancelPayment()).resolves.toEqual({
      canceled: false,
      code: '01A50000',
      reason: 'No active payment',
    });
  });

  it('is refused CPT once the card was read, and the payment runs on to its answer', async () => {
    const { peer, terminal } = await connected();
    const paying = terminal.pay(sale());
    await until(() => peer.stage === 'waiting');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const presenting = peer.presentCard(visa, { authorizeAfter: held });
    expect(peer.stage).toBe('card-read');
    await expect(terminal.status()).resolves.toMatchObject({ InPayment: 1, CardInReader: 1 });
    await expect(terminal.cancelPayment()).resolves.toEqual({
      canceled: false,
      code: '01A40000',
      reason: 'Payment cannot be canceled',
    });
    release();
    await presenting;
    await expect(paying).resolves.toMatchObject({ outcome: 'accepted' });
  });

  it('answers GCS, GTI and RBT', async () => {
    const { peer, terminal } = await connected();
    await expect(terminal.status()).resolves.toEqual({
      Started: 1,
      Registered: 1,
      Connected: 1,
      Encryption: 1,
      CardInReader: 0,
      InPayment: 0,
      OfflineRecovery: 0,
      '~OfflineTxnsAvail': 1100,
      AppLoaderStatus: 'Idle',
    });
    await expect(terminal.terminalInfo()).resolves.toMatchObject({ SerialNum: 'LPPAE00001', PAE_Version: '1.5.3.5' });
    await terminal.reboot();
    expect(peer.reboots).toBe(1);
    expect(peer.received).toEqual(['GCS', 'GTI', 'RBT']);
  });

  it('answers a command with a bad checksum with the PAE error 00CB', async () => {
    const { host: raw, device } = await serial.link(serialOptions);
    const peer = emulatedDevice(device);
    const heard: string[] = [];
    raw.on('data', (chunk) => heard.push(Buffer.from(chunk).toString('latin1')));
    await raw.open();
    await raw.write(Buffer.from('*PAE|GCS|CMD|1||23479|*!PAE!*'));
    await until(() => heard.join('').includes('*!PAE!*'), 'the error answer');
    expect(heard.join('')).toMatch(/^\*PAE\|PAE\|RESP\|00CB0000\|\|\d+\|\*!PAE!\*$/);
    expect(peer.received).toEqual(['bad checksum']);
  });

  it('fails a payment whose device is unplugged mid-payment, as an unknown outcome', async () => {
    const { pair, peer, terminal } = await connected();
    const paying = terminal.pay(sale());
    await until(() => peer.stage === 'waiting');
    const lost = expect(paying).rejects.toMatchObject({ kind: 'disconnected' });
    await pair.stop();
    await lost;
  });

  it('times out on the device clock when the answer is lost, after the gateway approved it', async () => {
    const clock = new ManualClock();
    const { peer, terminal } = await connected({ clock, paymentTimeoutMs: 90_000 });
    const request = sale();
    peer.dropNextAnswer();
    const paying = terminal.pay(request);
    await until(() => peer.stage === 'waiting');
    await peer.presentCard(visa);
    clock.advance(90_000);
    await expect(paying).rejects.toMatchObject({ kind: 'timeout' });
    const [record] = await emulatorClient(gateway.url).inquireByOrderid({ merchid, orderid: request.orderId });
    expect(record?.respstat).toBe('A');
  });
});
