import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSecretStore } from '../../../../src-main/lane/config/secrets';
import type { SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { offlineQueue } from '../../../../src-main/lane/offline/offline-desk';
import { ok, until } from '../../../support/test-core';
import { settableLink } from '../offline/offline-lane';
import { call, devicesConnected, emulatorForEachTest, laneAgainst, presentWhenReading } from './support';

const { emulator, cores } = emulatorForEachTest();

/** A lane taking card payments offline, its link down, cashier 1001 signed in. */
function offlineLane() {
  const link = settableLink('offline');
  const secrets = createFileSecretStore(mkdtempSync(join(tmpdir(), 'offline-secrets-')));
  const lane = laneAgainst(
    emulator(),
    cores,
    { offline: { enabled: true } },
    { cashierId: '1001', offline: { gatewayLink: link, secrets: () => secrets } },
  );
  return { ...lane, link };
}

/** Signs on the training pad as soon as a capture begins. */
function signWhenAsked(lane: ReturnType<typeof offlineLane>) {
  const stop = lane.core.events.subscribe((name, payload) => {
    if (name === 'signature.session' && (payload as { state: string }).state === 'capturing') {
      stop();
      void lane.core.signature.replay('initials-short').then(() => lane.core.signature.accept());
    }
  });
}

describe('the signature of a card payment stored offline (ADR 078)', () => {
  it('asks a signature-CVM chip card above the threshold before storing, and the forward carries it to the gateway', async () => {
    const lane = offlineLane();
    await devicesConnected(lane.core);
    presentWhenReading(lane.core, 'visa-signature', 'insert');
    signWhenAsked(lane);
    const summary = ok(await call<SaleSummary>(lane.core, 'terminal.sale', { amountMinor: 3000 }));
    expect(summary).toMatchObject({ outcome: 'stored', signatureRequired: true });
    expect(lane.phases.map((state) => state.phase)).toContain('signature');
    expect(emulator().context.ledger.byOrderId(summary.orderId)).toEqual([]);

    ok(await call(lane.core, 'terminal.newSale', {}));
    lane.link.set('online');
    const journal = lane.core.offlineLane!.journal();
    await until(() => offlineQueue(journal)[0]?.state === 'approved');
    const [sent] = emulator().context.ledger.byOrderId(summary.orderId);
    expect(sent).toMatchObject({ signature: expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/) });
  });

  it('asks no signature of a contactless card with no CVM under the threshold', async () => {
    const lane = offlineLane();
    await devicesConnected(lane.core);
    presentWhenReading(lane.core, 'visa-contactless', 'tap');
    const summary = ok(await call<SaleSummary>(lane.core, 'terminal.sale', { amountMinor: 1500 }));
    expect(summary).toMatchObject({ outcome: 'stored', signatureRequired: false });
    expect(lane.phases.map((state) => state.phase)).not.toContain('signature');
  });
});
