import { systemClock } from '../../../../src-main/platform/clock';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { CommandReply, SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { payLinkCall, payLinkCertificate } from '../../../support/pay-link';
import { collectingLogger, trainingJournalEntries, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

// A phone's wallet payment at a surcharging merchant (the built-in emulator's 820000000003, 3% on
// credit cards): the gateway adds the fee by the merchant's setup, so the lane must ask and show
// it before the phone's card is charged, as it does for a card at the counter (ADR 069).

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

function surchargingWalletLane() {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-surcharge-'));
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse({
      merchantId: '820000000003',
      surcharge: { enabled: true, storePostal: '62701' },
      wallet: { enabled: true, payLinkPort: 0, storeName: 'Corner Shop' },
    }),
    shell: 'browser',
    logger: collectingLogger().logger,
    clock: systemClock,
    journalPath: join(dir, 'training-journal.sqlite'),
    walletFolder: dir,
  });
  cores.push(core);
  core.session.signIn({ cashierId: '9001', pin: '9999' });
  const states: TerminalState[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'terminal.state') states.push(payload as TerminalState);
  });
  return { core, dir, states };
}

/** Starts the wallet sale and has training's emulated phone pay its link. */
async function phonePays(core: Core, dir: string, amountMinor: number) {
  const reply = core.dispatch('terminal.walletSale', { amountMinor }) as Promise<CommandReply<SaleSummary>>;
  await until(() => Boolean(core.terminal.current().sale?.payLink), 'the pay link', 30_000);
  const url = core.terminal.current().sale!.payLink!.url;
  const ca = payLinkCertificate(dir);
  const payload = await payLinkCall(`${url}/training-payload?wallet=ec-v1`, ca, { method: 'POST' });
  const posted = await payLinkCall(url, ca, { method: 'POST', body: payload.text, contentType: 'application/json' });
  expect(posted.status).toBe(202);
  await until(() => core.terminal.current().phase === 'confirm-fee', 'the fee question', 30_000);
  // In an object: an async function's returned promise would be awaited with it.
  return { reply };
}

// The first pay link makes training's keys and certificate: slow on a busy two-core machine.
const linkMs = 120_000;

describe('a wallet payment at a surcharging merchant', () => {
  it(
    'shows the fee at the counter before the phone\u2019s card is charged, and charges it only once confirmed',
    async () => {
      const { core, dir, states } = surchargingWalletLane();
      const { reply } = await phonePays(core, dir, 2499);
      expect(core.terminal.current().surcharge).toMatchObject({ amountMinor: 2499, feeMinor: 75, totalMinor: 2574 });
      // Nothing was sent before the cashier answered.
      expect(trainingJournalEntries(dir)).toEqual([]);
      expect(await core.dispatch('terminal.confirmFee', {})).toMatchObject({ ok: true });
      const summary = await reply;
      expect(summary).toMatchObject({
        ok: true,
        result: { outcome: 'approved', tender: 'wallet', approvedMinor: 2499 },
      });
      expect(states.map((state) => state.phase)).toContain('confirm-fee');
      await core.close();
      expect(trainingJournalEntries(dir)).toEqual([
        expect.objectContaining({
          operation: 'auth',
          amountMinor: 2499,
          detail: expect.objectContaining({ tender: 'wallet', surchargeAcceptedMinor: 75 }),
          outcome: expect.objectContaining({ amountMinor: 2574, feeMinor: 75 }),
        }),
      ]);
    },
    linkMs,
  );

  it(
    'a customer who declines the fee is not charged: nothing is sent, and the journal says so',
    async () => {
      const { core, dir } = surchargingWalletLane();
      const { reply } = await phonePays(core, dir, 2499);
      expect(await core.dispatch('terminal.cancel', {})).toMatchObject({ ok: true });
      expect(await reply).toMatchObject({
        ok: false,
        error: { message: 'The customer declined the $0.75 surcharge: nothing was charged.' },
      });
      await core.close();
      expect(trainingJournalEntries(dir)).toEqual([
        expect.objectContaining({
          operation: 'auth',
          state: 'not-sent',
          detail: { tender: 'wallet', canceledAt: 'surcharge' },
        }),
      ]);
    },
    linkMs,
  );
});
