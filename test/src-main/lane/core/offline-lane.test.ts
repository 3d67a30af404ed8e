import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootCore } from '../../../../src-main/lane/core/boot';
import type { Core } from '../../../../src-main/lane/core/core';
import type {
  OfflineStatusView,
  RecoveryFinding,
  SaleSummary,
  TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import { offlineQueue, offlineStatus } from '../../../../src-main/lane/offline/offline-desk';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';
import { collectingLogger, ok, until } from '../../../support/test-core';
import { settableLink } from '../offline/offline-lane';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

function start(home: string, link?: ReturnType<typeof settableLink>) {
  const { logger, lines } = collectingLogger();
  const { core } = bootCore({
    training: laneTraining,
    shell: 'browser',
    env: { LANEPOINT_HOME: home },
    logger,
    ...(link ? { gatewayLink: link } : {}),
  });
  cores.push(core);
  return { core, lines };
}

async function sell(core: Core, amountMinor: number, cardId = 'visa-approve', totalMinor?: number) {
  await until(() => core.devices.list().every((device) => device.status === 'connected'));
  const stopListening = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stopListening();
      void core.cardReaders.presentTestCard({ cardId, method: 'insert' });
    }
  });
  return core.dispatch('terminal.sale', { amountMinor, ...(totalMinor ? { totalMinor } : {}) });
}

/** Every file under `dir`, as bytes. */
function everyFile(dir: string): Buffer[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? everyFile(path) : [readFileSync(path)];
  });
}

describe('a lane with settings.offline.enabled', () => {
  it('has no offline part when offline is off: it sells as it always did, and the screens are told so', async () => {
    const { core } = start(mkdtempSync(join(tmpdir(), 'offline-core-')));
    expect(core.offlineLane).toBeUndefined();
    expect(ok(await core.dispatch('offline.status', {}))).toEqual({
      link: 'online',
      configured: false,
      enabled: false,
      storedCount: 0,
      storedMinor: 0,
      oldestStoredAt: null,
      refusing: null,
      forwarding: false,
      declines: 0,
    });
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    const refused = await core.dispatch('offline.switch', { enabled: true, managerPin: '9999' });
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringContaining('offline.enabled') } });
  });

  it('stores a chip sale while the link is offline, forwards it when the link is back, and leaves no card data in the home', async () => {
    const home = mkdtempSync(join(tmpdir(), 'offline-core-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ offline: { enabled: true } }));
    const link = settableLink('offline');
    const { core, lines } = start(home, link);
    core.session.signIn({ cashierId: '1001', pin: '1234' });

    const summary = ok(await sell(core, 1500)) as SaleSummary;

    expect(summary).toMatchObject({
      outcome: 'stored',
      reason: 'Stored offline: $15.00 will be sent to the gateway when it is back.',
    });
    const offline = core.offlineLane!;
    const journal = offline.journal();
    // The screens ask the same through the contract.
    expect(ok(await core.dispatch('offline.status', {}))).toMatchObject({ link: 'offline', storedCount: 1 });
    expect(ok(await core.dispatch('offline.queue', {}))).toMatchObject([{ orderId: summary.orderId, state: 'stored' }]);
    expect(offlineStatus(offline, journal, Date.now())).toMatchObject({
      link: 'offline',
      enabled: true,
      storedCount: 1,
      storedMinor: 1500,
      refusing: null,
      declines: 0,
    });
    expect(offlineQueue(journal)).toMatchObject([{ orderId: summary.orderId, state: 'stored', brand: 'VISA CREDIT' }]);
    const bytes = Buffer.concat(everyFile(home)).toString('latin1');
    expect(bytes.includes('4788250000121443')).toBe(false);
    expect(lines.join('\n').includes('4788250000121443')).toBe(false);

    ok(await core.dispatch('terminal.newSale', {}));
    link.set('online');
    await until(() => offlineQueue(journal)[0]?.state === 'approved');
    expect(offlineStatus(offline, journal, Date.now())).toMatchObject({
      link: 'online',
      storedCount: 0,
      forwarding: false,
    });
    expect(journal.list({ orderId: summary.orderId })).toMatchObject([
      { state: 'completed', outcome: { respstat: 'A' } },
    ]);
  });

  it('a card part of a split sale stored offline pays its part; cancelling the sale takes it out of the store unsent', async () => {
    const home = mkdtempSync(join(tmpdir(), 'offline-core-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ offline: { enabled: true } }));
    const link = settableLink('offline');
    const { core } = start(home, link);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    ok(await core.dispatch('day.openShift', { floatMinor: 10_000 }));

    const part = ok(await sell(core, 1000, 'visa-approve', 3000)) as SaleSummary;
    expect(part.outcome).toBe('stored');
    expect(core.terminal.current().sale).toMatchObject({ totalMinor: 3000, dueMinor: 2000 });
    ok(await core.dispatch('terminal.cash', { tenderedMinor: 500 }));
    expect(core.terminal.current().sale).toMatchObject({ dueMinor: 1500 });

    const returned = ok(
      await core.dispatch('terminal.returnParts', { reason: 'Customer changed their mind', managerPin: '9999' }),
    ) as { parts: Array<{ kind: string; ended: string }> };
    expect(returned.parts).toEqual([
      expect.objectContaining({ kind: 'card', orderId: part.orderId, amountMinor: 1000, ended: 'withdrawn' }),
      expect.objectContaining({ kind: 'cash', ended: 'cash-returned' }),
    ]);
    const journal = core.offlineLane!.journal();
    expect(journal.list({ orderId: part.orderId })).toMatchObject([{ state: 'not-sent' }]);
    // The link comes back: nothing is left to send, and the gateway never hears of the card.
    link.set('online');
    expect(ok(await core.dispatch('offline.status', {}))).toMatchObject({ storedCount: 0, storedMinor: 0 });
    const access = await core.trainingGateway.access('');
    expect(await access.client.inquireByOrderid({ merchid: access.merchid, orderid: part.orderId })).toEqual([
      expect.objectContaining({ respstat: 'C', resptext: 'Txn not found' }),
    ]);
  });

  it('tells the screens of an offline decline found when forwarding: the terminal.findings event carries it, for the manager to act on', async () => {
    const home = mkdtempSync(join(tmpdir(), 'offline-core-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ offline: { enabled: true } }));
    const link = settableLink('offline');
    const { core } = start(home, link);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    const summary = ok(await sell(core, 1800, 'visa-offline-decline')) as SaleSummary;
    expect(summary.outcome).toBe('stored');
    ok(await core.dispatch('terminal.newSale', {}));
    const told: RecoveryFinding[][] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'terminal.findings') told.push(payload as RecoveryFinding[]);
    });

    link.set('online');

    await until(() => told.some((findings) => findings.some((finding) => finding.orderId === summary.orderId)));
    expect(told.at(-1)).toMatchObject([{ orderId: summary.orderId, outcome: 'offline-declined', amountMinor: 1800 }]);
    await until(() => offlineStatus(core.offlineLane, core.offlineLane!.journal(), Date.now()).declines === 1);

    // Acknowledged: the End of day panel's count of declines follows at once.
    const statuses: OfflineStatusView[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'offline.status') statuses.push(payload as OfflineStatusView);
    });
    // A manager's to act on: the cashier alone cannot make it go away.
    const entryId = told.at(-1)![0]!.entryId;
    expect(await core.dispatch('terminal.acknowledgeFinding', { entryId })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(offlineStatus(core.offlineLane, core.offlineLane!.journal(), Date.now()).declines).toBe(1);
    ok(await core.dispatch('terminal.acknowledgeFinding', { entryId, managerPin: '9999' }));
    expect(statuses.at(-1)).toMatchObject({ declines: 0 });
  });

  it('a lane started again with payments stored forwards them once the gateway answers, with no sale or manager needed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'offline-core-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ offline: { enabled: true } }));
    const first = start(home, settableLink('offline'));
    first.core.session.signIn({ cashierId: '1001', pin: '1234' });
    const summary = ok(await sell(first.core, 1500)) as SaleSummary;
    expect(summary.outcome).toBe('stored');
    await first.core.close();
    cores.splice(cores.indexOf(first.core), 1);

    const { core } = start(home, settableLink('online'));

    await until(() => offlineQueue(core.offlineLane!.journal())[0]?.state === 'approved');
    expect(core.offlineLane!.journal().list({ orderId: summary.orderId })).toMatchObject([
      { state: 'completed', outcome: { respstat: 'A' } },
    ]);
  });
});
