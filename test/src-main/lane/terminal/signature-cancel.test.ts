import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type {
  LookupResult,
  SaleSummary,
  SignatureSession,
  TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import { collectingLogger, ok, trainingJournalEntries } from '../../../support/test-core';
import { builtInTrainingLane, devicesConnected, lanesClosedAfterEachTest } from './support';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores = lanesClosedAfterEachTest();

/** A training counter lane on its own journal and built-in gateway, its devices connected. */
async function lane(settings: object = {}) {
  const built = builtInTrainingLane(cores, settings);
  await devicesConnected(built.core);
  return built;
}

/** Presents the Visa that asks for a signature as soon as the terminal waits for a card, then does `atSignature` when the capture starts. */
function signatureCard(core: Core, atSignature: (session: SignatureSession) => void) {
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card')
      void core.cardReaders.presentTestCard({ cardId: 'visa-signature', method: 'insert' });
    if (name === 'signature.session' && (payload as SignatureSession).state === 'capturing') {
      stop();
      atSignature(payload as SignatureSession);
    }
  });
}

/** What the built-in gateway holds for an order id, asked over HTTP (inquireByOrderid). */
async function gatewayRecords(core: Core, orderId: string) {
  return (ok(await core.dispatch('terminal.lookup', { orderId })) as LookupResult).gateway;
}

describe('a sale at the signature', () => {
  for (const [how, cancel] of [
    ['Cancel on the signature screen', (core: Core) => void core.dispatch('signature.cancel', {})],
    ['Cancel on the sale (terminal.cancel)', (core: Core) => void core.dispatch('terminal.cancel', {})],
  ] as const) {
    it(`${how} ends the sale with nothing sent, says so, and journals it as not sent`, async () => {
      const { core, dir, phases } = await lane();
      signatureCard(core, () => cancel(core));
      const reply = await core.dispatch('terminal.sale', { amountMinor: 5000 });
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 'failed_precondition', message: 'Sale canceled at the signature: nothing was charged.' },
      });
      expect(phases.map((state) => state.phase)).toEqual(['awaiting-card', 'card-read', 'signature', 'idle']);
      expect(phases.at(-1)?.detail).toBe('Sale canceled at the signature: nothing was charged');
      // Nothing reached the gateway: no record under the order id, and nothing to settle.
      expect(ok(await core.dispatch('training.settleBatches', {}))).toEqual({ batches: 0 });
      await core.close();
      const entries = trainingJournalEntries(dir);
      expect(entries).toEqual([
        expect.objectContaining({
          operation: 'auth',
          amountMinor: 5000,
          state: 'not-sent',
          note: 'canceled at the signature: nothing was sent',
          maskedPan: expect.stringMatching(/^\d{0,6}\*+\d{4}$/),
          detail: { tender: 'sale', signatureRequired: true, canceledAt: 'signature' },
          outcome: null,
        }),
      ]);
      const reopened = createCore({
        training: laneTraining,
        settings: settingsSchema.parse({}),
        shell: 'browser',
        logger: collectingLogger().logger,
        journalPath: join(dir, 'training-journal.sqlite'),
        trainingGatewayPath: join(dir, 'training-gateway.sqlite'),
      });
      cores.push(reopened);
      expect(await gatewayRecords(reopened, entries[0]!.orderId)).toEqual([]);
      // A not-sent row is settled: there is nothing for recovery to chase.
      expect(reopened.sales.recoveryQueue()).toEqual([]);
    });
  }

  it('skipping is refused where the store does not allow it, and from nobody signed in', async () => {
    const { core } = await lane();
    signatureCard(core, (session) => {
      expect(session.skippable).toBeUndefined();
      void core
        .dispatch('terminal.skipSignature', {})
        .then((reply) => {
          expect(reply).toMatchObject({
            ok: false,
            error: { message: expect.stringMatching(/does not allow a sale without the signature/) },
          });
          core.session.signOut();
          return core.dispatch('terminal.skipSignature', {});
        })
        .then((reply) => {
          expect(reply).toMatchObject({
            ok: false,
            error: {
              code: 'forbidden',
              message: expect.stringMatching(/Only a signed-in cashier can skip the signature/),
            },
          });
          void core.dispatch('signature.cancel', {});
        });
    });
    expect(await core.dispatch('terminal.sale', { amountMinor: 5000 })).toMatchObject({
      ok: false,
      error: { message: 'Sale canceled at the signature: nothing was charged.' },
    });
  });

  it('a cashier may skip where the store allows it: authorized without a signature, journaled as skipped by them', async () => {
    const { core, dir } = await lane({ signature: { allowSkip: true } });
    signatureCard(core, (session) => {
      expect(session.skippable).toBe(true);
      void core.dispatch('terminal.skipSignature', {});
    });
    const summary = ok(await core.dispatch('terminal.sale', { amountMinor: 5000 })) as SaleSummary;
    expect(summary).toMatchObject({ outcome: 'approved', signatureRequired: true, signatureSkippedBy: '1001' });
    expect(await gatewayRecords(core, summary.orderId)).toEqual([
      expect.objectContaining({ respstat: 'A', amountMinor: 5000 }),
    ]);
    expect(core.signature.session().state).toBe('idle');
    await core.close();
    expect(trainingJournalEntries(dir)).toEqual([
      expect.objectContaining({
        orderId: summary.orderId,
        state: 'completed',
        detail: { tender: 'sale', signatureRequired: true, signatureSkippedBy: '1001' },
      }),
    ]);
  });
});
