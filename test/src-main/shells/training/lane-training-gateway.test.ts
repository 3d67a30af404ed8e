import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { collectingLogger, ok } from '../../../support/test-core';
import { cardSale } from '../../lane/terminal/support';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

/**
 * Training on an emulator outside the lane (the `gateway.url` setting, loopback only): the lane
 * authorizes there with the public test credentials, and training's controls act on that
 * emulator, not on a built-in one nobody looks at. What the random-kills test stands on.
 */
let emulator: RunningEmulator;
const cores: Core[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false, realism: false });
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});
afterAll(async () => {
  await emulator?.close();
});

// Each lane its own terminal id: new journals number orders from the time of day, and the lanes share one emulator.
let lanes = 0;

function trainingLane(url: string): Core {
  lanes += 1;
  const dir = mkdtempSync(join(tmpdir(), 'training-gateway-'));
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse({ terminalId: `EXT-${lanes}`, gateway: { url } }),
    shell: 'browser',
    logger: collectingLogger().logger,
    journalPath: join(dir, 'training-journal.sqlite'),
    trainingGatewayPath: join(dir, 'training-gateway.sqlite'),
  });
  cores.push(core);
  return core;
}

/** A sale with the approving Visa, inserted as soon as the lane asks for a card. */
const sale = (core: Core, amountMinor: number) => cardSale(core, 'visa-approve', amountMinor);

describe('training with a loopback gateway URL', () => {
  it('authorizes at that emulator', async () => {
    const core = trainingLane(emulator.url);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    const summary = await sale(core, 1234);
    expect(summary.outcome).toBe('approved');
    expect(emulator.context.ledger.all().filter((transaction) => transaction.orderid === summary.orderId)).toEqual([
      expect.objectContaining({ respstat: 'A', amount: 1234 }),
    ]);
  });

  it('loses the next answer at that emulator, and the lane recovers the sale from it', async () => {
    const core = trainingLane(`${emulator.url}/`);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    ok(await core.dispatch('training.loseNextAnswer', {}));
    const summary = await sale(core, 1500);
    // The answer was dropped after the emulator processed it; the inquiry found the approval.
    expect(summary.outcome).toBe('approved');
    expect(ok(await core.dispatch('terminal.history', { orderId: summary.orderId }))).toEqual([
      expect.objectContaining({ state: 'resolved', respstat: 'A' }),
    ]);
    expect(emulator.context.ledger.byOrderId(summary.orderId)).toEqual([
      expect.objectContaining({ respstat: 'A', amount: 1500 }),
    ]);
  });

  it('refuses to reset a store it does not own, naming the setting', async () => {
    const core = trainingLane(emulator.url);
    core.session.signIn({ cashierId: '9001', pin: '9999' });
    const reply = await core.dispatch('training.reset', {});
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', message: expect.stringContaining('setting gateway.url') },
    });
  });

  it('still refuses a gateway that is not on loopback', () => {
    expect(() => settingsSchema.parse({ gateway: { url: 'https://gateway.example.com/rest' } })).toThrow(
      /training mode refuses a non-loopback gateway/,
    );
  });
});
