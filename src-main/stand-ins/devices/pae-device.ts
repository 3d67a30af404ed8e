import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { systemClock, type Clock } from '../../platform/clock';
import { basicAuthorization, createOutboundSender } from '../../platform/http/outbound';
import { readAnswer } from '../../platform/http/outbound-answer';
import type { Transport } from '../../../drivers/transport/types';
import { formatDecimal } from '../../platform/money';

/**
 * The device side of the CardPointe unattended protocol ("PAE"), for training and the serial
 * tests, written from the unattended developer guide on its own: its framing and checksum do not
 * come from the driver, so a misreading of the guide in one shows up against the other.
 *
 * It prompts on its LCD (passed to the host as 0201 responses), waits for a card, and then, as
 * the real device does, authorizes with the gateway itself over HTTP (here the gateway
 * emulator's `auth`, with the test card the test presents), and answers DPT with the gateway's
 * answer. CPT cancels only before a card is read. Tests can make it lose its next answer or go
 * silent.
 */

/** CRC-16/CCITT-FALSE by table, as the guide's sample checksum calculator computes it. */
const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index << 8;
  for (let bit = 0; bit < 8; bit++) value = value & 0x8000 ? ((value << 1) ^ 0x1021) & 0xffff : (value << 1) & 0xffff;
  return value;
});

function calcCrc(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8'))
    crc = (crcTable[((crc >> 8) ^ byte) & 0xff] ?? 0) ^ ((crc << 8) & 0xffff);
  return crc;
}

/** The training gateway answers within its own 32 s deadline; a device would give up after this. */
const gatewayTimeoutMs = 40_000;
const tokenizeAnswer = z.object({ token: z.string().optional(), message: z.string().optional() });

const start = '*PAE|';
const end = '|*!PAE!*';

/** Where the device sends its authorizations, with the credentials provisioned for it. */
export interface PaeGatewayAccess {
  /** The gateway's REST root, e.g. the emulator's `…/rest`. */
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly merchid: string;
}

/** The card a customer presents: a gateway test card (FACTS.md) and its expiry, MMYY. */
export interface PaeTestCard {
  readonly account: string;
  readonly expiry: string;
}

export interface EmulatedPaeOptions {
  readonly gateway: PaeGatewayAccess;
  readonly clock?: Clock;
  /** How long the device waits for a card before answering 01F9 (default 60 s). */
  readonly cardTimeoutMs?: number;
  readonly serialNumber?: string;
}

type Payment =
  | { readonly stage: 'waiting'; readonly order: Order; readonly stopTimer: () => void }
  | { readonly stage: 'card-read'; readonly order: Order };

interface Order {
  readonly orderId: string;
  readonly amountCents: number;
  readonly paymentType: 1 | 3 | 5 | 6;
}

/** The emulated unattended device on the device end of a serial link. */
export class EmulatedPaeDevice {
  readonly #transport: Transport;
  readonly #options: EmulatedPaeOptions;
  readonly #clock: Clock;
  #buffer = '';
  #payment: Payment | undefined;
  #dropNext = false;
  #silent = false;
  /** A test's change to the next final answer's fields (a device that misreports). */
  #misreportNext: ((fields: Record<string, string>) => Record<string, string>) | undefined;
  /** What the host sent, for tests: "DPT", "CPT", "bad checksum", ... */
  readonly received: string[] = [];
  /** LCD messages shown, in order. */
  readonly shown: string[] = [];
  reboots = 0;

  constructor(transport: Transport, options: EmulatedPaeOptions) {
    this.#transport = transport;
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    transport.on('data', (chunk) => this.#onData(Buffer.from(chunk).toString('latin1')));
  }

  /** Whether a DPT is under way, and whether its card was read. */
  get stage(): 'idle' | Payment['stage'] {
    return this.#payment?.stage ?? 'idle';
  }

  /** The next DPT's final answer is not sent (the authorization still happens): a lost answer. */
  dropNextAnswer(): void {
    this.#dropNext = true;
  }

  /**
   * The next DPT's answer misreports what the gateway answered (the authorization itself is as
   * the gateway made it): `amountAuthorized` in cents, or no `externalTransactionID`.
   */
  misreportNextAnswer(change: { amountAuthorizedCents?: number; withoutOrderId?: boolean }): void {
    this.#misreportNext = (fields) => {
      const { externalTransactionID: _orderId, ...rest } = fields;
      return {
        ...(change.withoutOrderId ? rest : fields),
        ...(change.amountAuthorizedCents === undefined
          ? {}
          : { amountAuthorized: String(change.amountAuthorizedCents) }),
      };
    };
  }

  /** Stops answering anything (a device that lost power or hung) until `speak()`. */
  goSilent(): void {
    this.#silent = true;
  }

  speak(): void {
    this.#silent = false;
  }

  /**
   * The customer inserts `card` while a DPT waits for one: the device reads it, authorizes with
   * the gateway and answers. Resolves once the answer was sent (or dropped). `authorizeAfter`
   * holds the card read, before the authorization, until it settles (a test sends CPT then).
   */
  async presentCard(card: PaeTestCard, options: { authorizeAfter?: Promise<unknown> } = {}): Promise<void> {
    const payment = this.#payment;
    if (payment?.stage !== 'waiting') throw new Error('the emulated PAE device is not waiting for a card');
    payment.stopTimer();
    const { order } = payment;
    this.#payment = { stage: 'card-read', order };
    await this.#lcd(26, 'PROCESSING...');
    await options.authorizeAfter;
    await this.#lcd(21, 'AUTHORIZING...');
    let final: Array<[string, string]>;
    try {
      final = order.paymentType === 5 ? await this.#tokenize(card, order) : await this.#authorize(card, order);
    } catch {
      await this.#lcd(22, 'TRANSACTION ERROR');
      final = [[code(0x00fe), 'Failed to send HTTP request']];
    }
    if (this.#payment?.order === order) this.#payment = undefined;
    const drop = this.#dropNext;
    this.#dropNext = false;
    if (drop) return;
    for (const [responseCode, data] of final) await this.#send('DPT', responseCode, data);
  }

  async #authorize(card: PaeTestCard, order: Order): Promise<Array<[string, string]>> {
    const { gateway } = this.#options;
    const cents = order.paymentType === 3 ? -order.amountCents : order.amountCents;
    const response = await this.#post('auth', new URL(`${gateway.url}/auth`), {
      headers: { authorization: basicAuthorization(gateway.username, gateway.password) },
      body: {
        merchid: gateway.merchid,
        account: card.account,
        expiry: card.expiry,
        amount: decimal(cents),
        currency: 'USD',
        orderid: order.orderId,
        capture: order.paymentType === 6 ? 'N' : 'Y',
        receipt: 'Y',
      },
    });
    if (response.status !== 200) throw new Error(`the gateway answered HTTP ${response.status}`);
    const answer = readAnswer('auth', response, z.record(z.string(), z.unknown()));
    const text = (name: string) => (typeof answer[name] === 'string' ? answer[name] : '');
    const approved = answer.respstat === 'A';
    await this.#lcd(approved ? 3 : 7, approved ? 'APPROVED' : 'DECLINED');
    const reported = this.#misreportNext ?? ((fields: Record<string, string>) => fields);
    this.#misreportNext = undefined;
    const details = JSON.stringify(
      reported({
        transactionID: randomUUID(),
        externalTransactionID: order.orderId,
        paymentID: randomUUID(),
        cardToken: text('token'),
        authorization: text('authcode'),
        amountAuthorized: String(Math.abs(centsOf(text('amount')))),
        processorMsg: text('resptext'),
        processorCode: text('respcode'),
        processorReference: text('retref'),
        receiptData: answer.receipt ? JSON.stringify(answer.receipt) : '',
        expiry: text('expiry'),
        emvTags: text('emvTagData'),
        merchantID: text('merchid'),
        processorAVS: text('avsresp'),
        processorCVV: text('cvvresp'),
      }),
    );
    return approved
      ? [
          [code(0x01f4), details],
          [code(0x01f4, 0x02fe), 'DPT finished'],
        ]
      : [[code(0x01f5), details]];
  }

  async #tokenize(card: PaeTestCard, order: Order): Promise<Array<[string, string]>> {
    const root = this.#options.gateway.url.replace(/\/rest\/?$/, '');
    const response = await this.#post('tokenize', new URL(`${root}/cardsecure/api/v1/ccn/tokenize`), {
      body: { account: card.account },
    });
    const answer = readAnswer('tokenize', response, tokenizeAnswer);
    if (response.status !== 200 || !answer.token) throw new Error(`the tokenizer answered HTTP ${response.status}`);
    const details = { transactionID: randomUUID(), externalTransactionID: order.orderId, paymentID: randomUUID() };
    return [
      [code(0x01f4), JSON.stringify({ ...details, cardToken: answer.token, processorMsg: answer.message ?? '' })],
    ];
  }

  /** One POST of JSON to the training gateway, timed on the device's clock; any failure throws. */
  async #post(operation: string, url: URL, request: { headers?: Record<string, string>; body: unknown }) {
    const result = await createOutboundSender({ clock: this.#clock }).send({
      operation,
      method: 'POST',
      url,
      headers: { ...request.headers, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      timeoutMs: gatewayTimeoutMs,
    });
    if (result.outcome !== 'answered') throw new Error(`${operation}: ${result.problem}`);
    return result;
  }

  #onData(text: string): void {
    this.#buffer += text;
    for (;;) {
      const from = this.#buffer.indexOf(start);
      const to = this.#buffer.indexOf(end, from + start.length);
      if (from < 0 || to < 0) {
        if (from > 0) this.#buffer = this.#buffer.slice(from);
        return;
      }
      const message = Buffer.from(this.#buffer.slice(from, to + end.length), 'latin1').toString('utf8');
      this.#buffer = this.#buffer.slice(to + end.length);
      if (!this.#silent) void this.#onMessage(message);
    }
  }

  async #onMessage(message: string): Promise<void> {
    const body = message.slice(start.length, message.length - end.length);
    const cut = body.lastIndexOf('|');
    const checked = `${start}${body.slice(0, cut + 1)}`;
    const parts = body.slice(0, cut).split('|');
    if (parts.length < 4) {
      this.received.push('missing fields');
      return this.#send('PAE', code(0x00ca), '');
    }
    if (!/^\d+$/.test(body.slice(cut + 1)) || Number(body.slice(cut + 1)) !== calcCrc(checked)) {
      this.received.push('bad checksum');
      return this.#send('PAE', code(0x00cb), '');
    }
    const [key = '', type = ''] = parts;
    const data = parts.slice(3).join('|');
    this.received.push(key);
    if (type !== 'CMD') return this.#send('PAE', code(0x00c9), '');
    switch (key) {
      case 'DPT':
        return this.#startPayment(data);
      case 'CPT':
        return this.#cancel();
      case 'GCS':
        return this.#send('GCS', code(0), JSON.stringify(this.#status()));
      case 'GTI':
        return this.#send('GTI', code(0), JSON.stringify(this.#info()));
      case 'RBT':
        // Counted before the answer goes out: the host may read the answer (and a test look at
        // the count) before this write's drain has been reported back here.
        this.reboots++;
        if (this.#payment?.stage === 'waiting') this.#payment.stopTimer();
        this.#payment = undefined;
        return this.#send('RBT', code(0), '');
      default:
        return this.#send('PAE', code(0x00cc), '');
    }
  }

  async #startPayment(data: string): Promise<void> {
    let fields: Record<string, unknown>;
    try {
      // The guide: parameters are not case-sensitive.
      const parsed = JSON.parse(data) as Record<string, unknown>;
      fields = Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name.toLowerCase(), value]));
    } catch {
      return this.#send('DPT', code(0x0130), '');
    }
    const { orderid, paymentamount, paymenttype, paymentuser } = fields;
    if (paymentamount === undefined || paymenttype === undefined || typeof paymentuser !== 'string')
      return this.#send('DPT', code(0x01f6), '');
    if (typeof paymentamount !== 'number' || !Number.isInteger(paymentamount))
      return this.#send('DPT', code(0x0209), '');
    if (
      paymentamount <= 0 ||
      ![1, 3, 5, 6].includes(paymenttype as number) ||
      (orderid !== undefined && (typeof orderid !== 'string' || orderid.length > 19))
    )
      return this.#send('DPT', code(0x01f7), '');
    if (this.#payment) return this.#send('DPT', code(0x01f8), '');
    const order: Order = {
      orderId: typeof orderid === 'string' ? orderid : '',
      amountCents: paymentamount,
      paymentType: paymenttype as Order['paymentType'],
    };
    const stopTimer = this.#clock.setTimer(() => void this.#cardTimedOut(order), this.#options.cardTimeoutMs ?? 60_000);
    this.#payment = { stage: 'waiting', order, stopTimer };
    await this.#lcd(35, 'WELCOME');
    await this.#lcd(86, 'INSERT/PRESENT CARD');
  }

  async #cardTimedOut(order: Order): Promise<void> {
    if (this.#payment?.order !== order || this.#payment.stage !== 'waiting') return;
    this.#payment = undefined;
    await this.#lcd(25, 'TIMEOUT');
    await this.#send('DPT', code(0x01f9), 'Timed out waiting for card');
  }

  async #cancel(): Promise<void> {
    const payment = this.#payment;
    if (!payment) return this.#send('CPT', code(0x01a5), 'No active payment');
    // The guide: a payment whose card was read cannot be canceled; the POS voids it instead.
    if (payment.stage === 'card-read') return this.#send('CPT', code(0x01a4), 'Payment cannot be canceled');
    payment.stopTimer();
    this.#payment = undefined;
    await this.#send('CPT', code(0), 'Payment canceled');
    await this.#lcd(33, 'CANCELED');
    await this.#send('DPT', code(0x01fb), 'Payment canceled by POS');
  }

  #status(): Record<string, string | number> {
    return {
      Started: 1,
      Registered: 1,
      Connected: 1,
      Encryption: 1,
      CardInReader: this.#payment?.stage === 'card-read' ? 1 : 0,
      InPayment: this.#payment ? 1 : 0,
      OfflineRecovery: 0,
      '~OfflineTxnsAvail': 1100,
      AppLoaderStatus: 'Idle',
    };
  }

  #info(): Record<string, string> {
    return {
      PAE_Version: '1.5.3.5',
      AppLoader_Version: '0.2.0.3',
      FW_Version: 'Lanepoint emulated PAE',
      HW_Version: 'emulated',
      SDK_Version: 'emulated',
      GatewayName: 'CardPointe',
      SerialNum: this.#options.serialNumber ?? 'LPPAE00001',
      CompanyId: '00000000-0000-4000-8000-000000000001',
      ApplicationID: '00000000-0000-4000-8000-000000000002',
    };
  }

  async #lcd(lcdCode: number, message: string): Promise<void> {
    this.shown.push(message);
    await this.#send('DPT', code(0x0201), JSON.stringify({ LCD_Code: lcdCode, LCD_Msg: message }));
  }

  /** Writes one response; the checksum unpadded, as several of the guide's device samples print it. */
  async #send(key: string, responseCode: string, data: string): Promise<void> {
    if (this.#silent || !this.#transport.isOpen) return;
    const checked = `${start}${key}|RESP|${responseCode}|${data}|`;
    await this.#transport.write(Buffer.from(`${checked}${calcCrc(checked)}${end}`, 'utf8')).catch(() => undefined);
  }
}

const code = (general: number, detail = 0) => (general * 0x10000 + detail).toString(16).toUpperCase().padStart(8, '0');

/** Cents as the gateway's decimal amount ("-1.00"). */
const decimal = formatDecimal;

/** The gateway's decimal amount as cents, read from the text (never through a float). */
function centsOf(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return 0;
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0')));
}
