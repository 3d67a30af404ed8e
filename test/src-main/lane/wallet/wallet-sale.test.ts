import { systemClock } from '../../../../src-main/platform/clock';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { CommandReply, SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { payLinkCall, payLinkCertificate } from '../../../support/pay-link';
import { collectingLogger, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

/**
 * Wallet payments at the core: the real pay-link service over HTTPS with training's self-signed
 * certificate, the built-in gateway emulator's tokenizer (trusting the lane's training root) and
 * auth, and the SQLite journal in a file.
 */

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** A training lane with wallet payments on; its clock is real time plus `clock.offset`. */
function walletLane(options: { settings?: SettingsInput; linkLifetimeMs?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-sale-'));
  const clock = { ...systemClock, offset: 0, now: () => Date.now() + clock.offset };
  const { logger, lines } = collectingLogger();
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse({
      ...options.settings,
      wallet: { enabled: true, payLinkPort: 0, storeName: 'Corner <Shop>' },
    }),
    shell: 'browser',
    logger,
    clock,
    journalPath: join(dir, 'training-journal.sqlite'),
    walletFolder: dir,
    ...(options.linkLifetimeMs ? { payLinkLifetimeMs: options.linkLifetimeMs } : {}),
  });
  cores.push(core);
  core.session.signIn({ cashierId: '9001', pin: '9999' });
  const states: TerminalState[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'terminal.state') states.push(payload as TerminalState);
  });
  return { core, dir, clock, lines, states };
}

type Lane = ReturnType<typeof walletLane>;

/** Starts a wallet sale and waits for its pay link; `reply` is the command's answer to come. */
async function startWalletSale(lane: Lane, amountMinor: number) {
  const reply = lane.core.dispatch('terminal.walletSale', { amountMinor }) as Promise<CommandReply<SaleSummary>>;
  // The first link starts the service and makes training's keys and certificate: generous on a busy machine.
  await until(() => Boolean(lane.core.terminal.current().sale?.payLink), 'the pay link', 30_000);
  const state = lane.core.terminal.current();
  const url = state.sale!.payLink!.url;
  return { reply, url, ca: payLinkCertificate(lane.dir), state };
}

/** The emulated phone's payload for the link, from the page's training endpoint (either wallet's). */
async function trainingPayload(url: string, ca: string, wallet: 'ec-v1' | 'ec-v2' = 'ec-v1'): Promise<string> {
  const answer = await payLinkCall(`${url}/training-payload?wallet=${wallet}`, ca, { method: 'POST' });
  expect(answer.status).toBe(200);
  return answer.text;
}

const postPayload = (url: string, ca: string, body: string) =>
  payLinkCall(url, ca, { method: 'POST', body, contentType: 'application/json' });

const pageStatus = async (url: string, ca: string) =>
  JSON.parse((await payLinkCall(`${url}/status`, ca)).text) as { state: string; message: string };

/** Every file the lane wrote in its folder (journal, its WAL), as text to search. */
const filesText = (dir: string) =>
  readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');

describe('a wallet sale at the core', () => {
  it('pays through the pay link: page, payload, tokenize, auth, receipt with WALLET and the last four', async () => {
    const lane = walletLane();
    const { reply, url, ca, state } = await startWalletSale(lane, 1234);
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pay\/[A-Za-z0-9_-]{22}$/);
    expect(state).toMatchObject({ phase: 'awaiting-card', detail: 'Waiting for the phone' });
    expect(state.sale).toMatchObject({ tender: 'wallet', amountMinor: 1234, running: true });
    // Two minutes from when the link opened, just before the phase began.
    expect(state.sale!.payLink!.expiresAt - state.since).toBeGreaterThan(2 * 60 * 1000 - 1000);
    expect(state.sale!.payLink!.expiresAt - state.since).toBeLessThanOrEqual(2 * 60 * 1000);

    const page = await payLinkCall(url, ca);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Corner &lt;Shop&gt;');
    expect(page.text).toContain('$12.34');
    expect(page.text).toContain('Pay with the training wallet');

    const payload = await trainingPayload(url, ca);
    const posted = await postPayload(url, ca, payload);
    expect(posted.status).toBe(202);
    const summary = await reply;
    if (!summary.ok) throw new Error(summary.error.message);
    expect(summary.result).toMatchObject({
      outcome: 'approved',
      tender: 'wallet',
      approvedMinor: 1234,
      maskedPan: '****1443',
      entryMode: 'DigitalWallet',
    });
    expect(await pageStatus(url, ca)).toEqual({ state: 'approved', message: 'Paid. Thank you!' });
    expect(lane.core.terminal.current().sale?.payLink).toBeNull();

    const receipt = (await lane.core.dispatch('printers.lastPage', {})) as CommandReply<{ lines: string[] }>;
    if (!receipt.ok) throw new Error(receipt.error.message);
    const text = receipt.result.lines.join('\n');
    expect(text).toContain('WALLET');
    expect(text).toContain('1443');
    expect(text).toContain('Digital Wallet');

    // The payload and the token never reach the log or the journal.
    const token = JSON.parse(payload) as { token: { data: string; signature: string } };
    await lane.core.close();
    const written = filesText(lane.dir).replace(/pay-link-training\.pem|wallet-training-keys\.json/g, '');
    const log = lane.lines.join('\n');
    for (const haystack of [written, log]) {
      expect(haystack).not.toMatch(/9\d{15}/); // a wallet token
      expect(haystack).not.toContain('4788250000121443');
      expect(haystack).not.toContain(token.token.data.slice(0, 40));
      expect(haystack).not.toContain(token.token.signature.slice(0, 40));
    }
  });

  it('takes one payload per link, and refuses a payload replayed into a new link', async () => {
    const lane = walletLane();
    const first = await startWalletSale(lane, 500);
    const payload = await trainingPayload(first.url, first.ca);
    expect((await postPayload(first.url, first.ca, payload)).status).toBe(202);
    const second = await postPayload(first.url, first.ca, payload);
    expect(second.status).toBe(409);
    expect(JSON.parse(second.text)).toMatchObject({
      message: 'This payment link was already used. Ask the cashier for a new one.',
    });
    expect((await first.reply).ok).toBe(true);

    const next = await startWalletSale(lane, 500);
    expect((await postPayload(next.url, next.ca, payload)).status).toBe(202);
    const refused = await next.reply;
    expect(refused).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('ask the customer for a new payment on the phone') },
    });
    expect(refused.ok || refused.error.message).toContain('already used');
    expect((await pageStatus(next.url, next.ca)).state).toBe('refused');
    expect(lane.core.terminal.current()).toMatchObject({ phase: 'idle', sale: { running: false, payLink: null } });
  });

  it('refuses a payload older than two minutes (the clock moved) with the new-payment words', async () => {
    const lane = walletLane({ linkLifetimeMs: 10 * 60 * 1000 });
    const { reply, url, ca } = await startWalletSale(lane, 700);
    const payload = await trainingPayload(url, ca);
    lane.clock.offset += 3 * 60 * 1000;
    expect((await postPayload(url, ca, payload)).status).toBe(202);
    expect(await reply).toMatchObject({
      ok: false,
      error: {
        message:
          'Not charged: the phone\u2019s payment is more than two minutes old: ask the customer for a new payment on the phone.',
      },
    });
    expect(await pageStatus(url, ca)).toMatchObject({
      state: 'refused',
      message: expect.stringContaining('new payment'),
    });
  });

  it('ends with the decline the gateway gives for the amount', async () => {
    const lane = walletLane();
    // The training merchant is on RPCT: $1,116.00 answers code 116, Not sufficient funds (the amount-driven rule).
    const { reply, url, ca } = await startWalletSale(lane, 111600);
    await postPayload(url, ca, await trainingPayload(url, ca));
    const summary = await reply;
    expect(summary).toMatchObject({
      ok: true,
      result: { outcome: 'declined', tender: 'wallet', reason: expect.stringMatching(/funds/i) },
    });
    expect((await pageStatus(url, ca)).state).toBe('declined');
  });

  it('a cancel at the lane ends the link: the page says so and takes no payment', async () => {
    const lane = walletLane();
    const { reply, url, ca } = await startWalletSale(lane, 900);
    const payload = await trainingPayload(url, ca);
    await lane.core.dispatch('terminal.cancel', {});
    expect(await reply).toMatchObject({ ok: false, error: { message: 'The sale was canceled.' } });
    const page = await payLinkCall(url, ca);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This payment was canceled at the counter.');
    const late = await postPayload(url, ca, payload);
    expect(late.status).toBe(410);
    expect(lane.core.terminal.current()).toMatchObject({ phase: 'idle', detail: 'Sale canceled' });
  });

  it('training\u2019s emulated phone pays the link the lane shows, and its replay is refused', async () => {
    const lane = walletLane();
    const first = await startWalletSale(lane, 2500);
    expect(await lane.core.dispatch('training.payOnPhone', {})).toMatchObject({ ok: true, result: { status: 202 } });
    expect(await first.reply).toMatchObject({ ok: true, result: { outcome: 'approved', maskedPan: '****1443' } });
    const next = await startWalletSale(lane, 2500);
    await lane.core.dispatch('training.payOnPhone', { payload: 'replayed' });
    expect(await next.reply).toMatchObject({ ok: false, error: { message: expect.stringContaining('already used') } });
    const old = await startWalletSale(lane, 2500);
    await lane.core.dispatch('training.payOnPhone', { payload: 'expired' });
    expect(await old.reply).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('two minutes old') },
    });
  });

  it('pays with the other wallet\u2019s ECv2 token: the whole token to the tokenizer, decrypted there, approved once', async () => {
    const lane = walletLane();
    const { reply, url, ca } = await startWalletSale(lane, 1875);
    expect((await payLinkCall(url, ca)).text).toContain('Pay with the training ECv2 wallet');
    const payload = await trainingPayload(url, ca, 'ec-v2');
    const body = JSON.parse(payload) as { kind: string; token: string };
    expect(body.kind).toBe('ec-v2');
    expect(JSON.parse(body.token)).toMatchObject({ protocolVersion: 'ECv2', intermediateSigningKey: {} });
    expect((await postPayload(url, ca, payload)).status).toBe(202);
    expect(await reply).toMatchObject({
      ok: true,
      result: { outcome: 'approved', tender: 'wallet', approvedMinor: 1875, maskedPan: '****1443' },
    });
    const next = await startWalletSale(lane, 1875);
    await postPayload(next.url, next.ca, payload);
    expect(await next.reply).toMatchObject({ ok: false, error: { message: expect.stringContaining('already used') } });
    await lane.core.close();
    const written = filesText(lane.dir).replace(/pay-link-training\.pem|wallet-training-keys\.json/g, '');
    const signedMessage = (JSON.parse(body.token) as { signedMessage: string }).signedMessage;
    for (const haystack of [written, lane.lines.join('\n')]) {
      expect(haystack).not.toMatch(/9\d{15}/);
      expect(haystack).not.toContain('4788250000121443');
      expect(haystack).not.toContain(signedMessage.slice(20, 60));
    }
  });

  it('the built-in tokenizer keeps the lane\u2019s clock: a lane running ten minutes behind still pays with ECv2', async () => {
    // The emulated phone seals its message by the lane's clock; a tokenizer on the system clock would find it expired.
    const lane = walletLane();
    lane.clock.offset = -10 * 60 * 1000;
    const first = await startWalletSale(lane, 600);
    expect(await lane.core.dispatch('training.payOnPhone', { payload: 'fresh-ec-v2' })).toMatchObject({
      ok: true,
      result: { status: 202 },
    });
    expect(await first.reply).toMatchObject({ ok: true, result: { outcome: 'approved' } });
  });
});
