import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { createGatewayClient } from '../../src-main/lane/gateway/client';
import type { OfflineStatusView, SaleSummary, TerminalState } from '../../src-main/lane/ipc/contract';
import { Journal, type JournalEntry } from '../../src-main/lane/journal/journal';
import type { DayView } from '../../src-main/hub/manager/day-view';
import type { LaneView } from '../../src-main/hub/admin-routes';
import { openBridgePage, type BridgePage } from '../kills/bridge-page';
import { prepareLaneHome, startLaneProcess, type LaneProcess } from '../kills/lane-process';
import { must, sleep } from '../kills/run-kills';
import { screenSignature } from '../kills/plan';
import { laneTotals } from '../src-main/hub/manager/lane-day';
import { emulatorAdmin } from '../support/emulator-admin';
import { startHubProcess, type HubProcess } from '../support/hub-process';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { e2e } from './support/browser-mode';
import { closeSharedChromium, sharedChromium } from './support/chromium';
import { look } from './support/counter';
import { runLanepoint, type RunningProcess } from './support/process';
import { boardThroughBackoffice, cardSale, counterPage, drained, freePort, hubAdmin } from './support/store-hub';

// Issue 34's whole store: a hub on a real PostgreSQL (and on the embedded default), three lanes
// provisioned from the back office's screens, a day of sales on all three with a refund, an
// offline payment forwarded later and a shift, one lane and the hub killed at random moments and
// started again, then the hub's totals against each lane's journal and the gateway's settlement.

const seed = Number(process.env['LANEPOINT_HUB_E2E_SEED'] ?? Date.now() % 100_000);
/** A small seeded generator (mulberry32): the kill moments are drawn from it and the seed printed. */
function random(): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

afterAll(async () => {
  await closeSharedChromium();
});

interface Lane {
  readonly name: string;
  readonly terminalId: string;
  readonly home: string;
  readonly kiosk: boolean;
  process: LaneProcess;
  page: BridgePage & { card?: string };
}

const managerPin = '9999';

/** Starts a back office in training (its boarding and gateway emulators inside) on `folder`. */
async function startBackoffice(folder: string) {
  const child: RunningProcess = runLanepoint(['backoffice', '--training', '--browser', '--port', '0'], {
    HOME: join(folder, 'home'),
    LANEPOINT_BACKOFFICE_HOME: join(folder, 'backoffice'),
    LANEPOINT_HOME: join(folder, 'unused-lane'),
  });
  const address = await child.waitForLine(/back office \(training\) at /);
  const emulators = await child.waitForLine(/boarding emulator .*, gateway emulator /);
  const [, boardingUrl, gatewayUrl] = /boarding emulator (\S+), gateway emulator (\S+)/.exec(emulators)!;
  return {
    process: child,
    url: address.slice(address.indexOf('http')),
    boardingUrl: boardingUrl!,
    gatewayUrl: gatewayUrl!,
  };
}

/** The manager connects the back office to the hub, makes the store and provisions a lane per name; the saved files. */
async function provisionFromBackoffice(
  page: Page,
  hub: HubProcess,
  folder: string,
  lanes: ReadonlyArray<{ name: string; kind: 'Counter' | 'Kiosk' }>,
  engine: string,
): Promise<string[]> {
  await page.getByText('Back office connected').waitFor();
  await page.keyboard.press('Alt+6');
  await page.getByText('No store hub is connected.').waitFor();
  await page.getByRole('button', { name: 'Enter the hub\u2019s address and key' }).click();
  await page.getByLabel('Hub URL').fill(hub.url);
  await page.getByLabel('Admin key').fill(hub.adminKey);
  await page.getByRole('button', { name: 'Save hub' }).click();
  await page.getByText('The hub\u2019s admin key is saved.').waitFor();
  await page.keyboard.press('Alt+6');
  await page.getByLabel('Store id').fill('main-street');
  await page.getByText('New store on the hub').click();
  await page.getByLabel('Store name').fill('Main Street Market');
  await page.getByRole('button', { name: 'Create store with the id above' }).click();
  await page.getByText('Store main-street (Main Street Market) is on the hub.').waitFor();
  const nav = page.getByRole('navigation', { name: 'Store hub' });
  await nav.getByRole('button', { name: 'Provision a lane' }).click();
  const files: string[] = [];
  for (const lane of lanes) {
    await page.getByLabel('Lane name').fill(lane.name);
    await page.getByLabel('Kind').selectOption({ label: lane.kind });
    await page.getByRole('button', { name: 'Create the lane on the hub' }).click();
    await page.getByText(new RegExp(`^Lane ${lane.name} \\(lane-[a-z0-9]+\\) is on the hub`)).waitFor();
    const link = page.getByRole('link', { name: /^Save / });
    if (files.length === 0) await look(page, `hub-${engine}-provisioned`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = join(folder, `provision-${files.length + 1}.json`);
    await download.saveAs(file);
    files.push(file);
  }
  return files;
}

/** Applies a provisioning file to a lane's home with `lanepoint provision`, as the IT person does at the lane. */
async function provision(home: string, file: string, folder: string): Promise<void> {
  const run = runLanepoint(['provision', file], { HOME: join(folder, 'home'), LANEPOINT_HOME: home });
  const code = await run.ended();
  if (code !== 0) throw new Error(`lanepoint provision ${file}: ${run.stderr.join('\n')}`);
}

/** A kiosk's page on the bridge: answers the reader and the signature as the customer would. */
async function kioskPage(url: string): Promise<BridgePage> {
  const page = await openBridgePage(url);
  page.onEvent(({ name, payload }) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card')
      void page.call('devices.presentTestCard', { cardId: 'visa-approve', method: 'tap' }).catch(() => undefined);
    if (name === 'signature.session' && (payload as { state: string }).state === 'capturing')
      void page.call('signature.submit', { signature: screenSignature }).catch(() => undefined);
  });
  return page;
}

/** One customer at the kiosk: a basket of `count` of the catalogue's first item, paid by card, no receipt. */
async function kioskSale(page: BridgePage, count: number): Promise<SaleSummary> {
  const catalogue = must(await page.call<{ items: Array<{ id: string }> }>('kiosk.catalogue'), 'kiosk.catalogue');
  must(await page.call('kiosk.start'), 'kiosk.start');
  must(await page.call('kiosk.add', { itemId: catalogue.items[0]!.id, quantity: count }), 'kiosk.add');
  const paid = must(await page.call<SaleSummary>('kiosk.pay', { tender: 'card' }), 'kiosk.pay');
  must(await page.call('kiosk.receipt', { print: false }), 'kiosk.receipt');
  must(await page.call('kiosk.finish'), 'kiosk.finish');
  return paid;
}

/** Every row of a stopped lane's journal (the training journal, where a training lane writes). */
function journalOf(home: string): { path: string; rows: JournalEntry[]; pending: number } {
  const path = trainingJournalPath(home);
  const journal = Journal.open(path, { clock: { now: () => Date.now() }, terminalId: 'READER' });
  try {
    return { path, rows: journal.list({ limit: Number.MAX_SAFE_INTEGER }), pending: journal.hub.pending() };
  } finally {
    journal.close();
  }
}

/** A training lane writes its own journal file beside the live one (journal/naming.ts). */
const trainingJournalPath = (home: string) => join(home, 'training-journal.sqlite');

describe.each([
  ['PostgreSQL', true],
  ['the embedded default', false],
] as const)('a store on the hub (%s)', (engine, onPostgres) => {
  e2e(
    'three lanes provisioned from the back office sell through kills of a lane and the hub; the hub equals the journals and the gateway, and a push reaches every lane while a bad one is refused',
    async (chromium) => {
      const draw = random();
      const label = onPostgres ? 'postgres' : 'embedded';
      // The seed goes to the log, so a failing draw can be run again (LANEPOINT_HUB_E2E_SEED).
      globalThis.process.stderr.write(`store-hub e2e (${engine}): seed ${seed}\n`);
      const folder = mkdtempSync(join(tmpdir(), `store-hub-${label}-`));
      let cluster: PostgresCluster | undefined;
      let hub: HubProcess | undefined;
      let backoffice: Awaited<ReturnType<typeof startBackoffice>> | undefined;
      const lanes: Lane[] = [];
      try {
        cluster = onPostgres ? await startPostgresCluster() : undefined;
        const hubPort = await freePort();
        const hubHome = join(folder, 'hub');
        // The hub is started once the back office's gateway is known: it reconciles the day with it.
        backoffice = await startBackoffice(folder);
        const reporting = {
          LANEPOINT_HUB_GATEWAY_URL: backoffice.gatewayUrl,
          LANEPOINT_HUB_GATEWAY_USERNAME: 'testing',
          LANEPOINT_HUB_GATEWAY_PASSWORD: 'testing123',
        };
        hub = await startHubProcess(hubHome, cluster?.url, hubPort, reporting);
        const merchid = await boardThroughBackoffice(backoffice.url, backoffice.boardingUrl);

        const browser = await sharedChromium(chromium);
        const office = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await office.goto(backoffice.url);
        const files = await provisionFromBackoffice(
          office,
          hub,
          folder,
          [
            { name: 'Counter 1', kind: 'Counter' },
            { name: 'Counter 2', kind: 'Counter' },
            { name: 'Kiosk', kind: 'Kiosk' },
          ],
          label,
        );
        const layout = [
          { name: 'Counter 1', terminalId: 'LANE-01', kiosk: false, more: {} },
          {
            name: 'Counter 2',
            terminalId: 'LANE-02',
            kiosk: false,
            more: { offline: { enabled: true, perPaymentMaxMinor: 5000, totalMaxMinor: 20_000, maxCount: 4 } },
          },
          { name: 'Kiosk', terminalId: 'KIOSK-01', kiosk: true, more: {} },
        ];
        for (const [index, plan] of layout.entries()) {
          const home = join(folder, `lane-${index + 1}`);
          mkdirSync(home, { recursive: true, mode: 0o700 });
          prepareLaneHome(home, plan.more);
          await provision(home, files[index]!, folder);
          const env: Record<string, string> = plan.kiosk ? { LANEPOINT_MODE: 'kiosk' } : {};
          const process = await startLaneProcess(home, backoffice.gatewayUrl, plan.terminalId, env);
          const page = plan.kiosk ? await kioskPage(process.url) : await counterPage(process.url);
          if (plan.kiosk) await signInKiosk(page);
          lanes.push({ ...plan, home, process, page });
        }
        const [one, two, kiosk] = lanes as [Lane, Lane, Lane];

        // The counter's cashier sees the hub connected.
        const counter = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await counter.goto(one.process.url);
        await counter.getByText('Hub connected').waitFor({ timeout: 20_000 });
        await look(counter, `hub-${label}-counter-connected`);
        await counter.close();

        // Counter 1: a shift with a float, card and cash sales, a drawer opened without a sale.
        must(await one.page.call('day.openShift', { floatMinor: 10_000 }), 'day.openShift');
        const first = await cardSale(one.page, 1200);
        expect(first.outcome).toBe('approved');
        must(await one.page.call('terminal.cash', { tenderedMinor: 2000, totalMinor: 1435 }), 'terminal.cash');
        must(await one.page.call('terminal.newSale', {}), 'terminal.newSale');
        must(await one.page.call('day.noSale', { reason: 'change for the till', managerPin }), 'day.noSale');

        // The hub dies at a random moment while counter 1 and the kiosk sell; the lanes do not wait for it.
        const hubDies = sleep(Math.floor(draw() * 1500)).then(() => hub!.kill());
        const during = await Promise.all([cardSale(one.page, 3000), kioskSale(kiosk.page, 2)]);
        await hubDies;
        expect(during.map((sale) => sale.outcome)).toEqual(['approved', 'approved']);
        // With the hub down, a sale completes all the same and the lane says it is behind or unreachable.
        expect((await cardSale(one.page, 450)).outcome).toBe('approved');
        await expectEventually(async () => {
          const status = must(await one.page.call<{ state: string } | null>('hub.status', {}), 'hub.status');
          return status?.state === 'unreachable' || status?.state === 'behind';
        });

        // Counter 2 is killed at a random moment of a sale, and comes back on its journal.
        expect((await cardSale(two.page, 800)).outcome).toBe('approved');
        const killAfter = Math.floor(draw() * 1200);
        void two.page.call('terminal.sale', { amountMinor: 2100 }).catch(() => undefined);
        await sleep(killAfter);
        await two.process.kill();
        two.process = await startLaneProcess(two.home, backoffice.gatewayUrl, two.terminalId);
        two.page = await counterPage(two.process.url);
        await settleRecovery(two.page);
        must(await two.page.call('terminal.newSale', {}), 'terminal.newSale');

        // The hub comes back on the same address (its database kept what it had committed).
        hub = await startHubProcess(hubHome, cluster?.url, hubPort, reporting);

        // Counter 2 takes a payment offline while its network is down, and forwards it once it is back.
        // The gateway here is the back office's emulator: its network goes down for a few seconds and comes back by itself.
        must(await two.page.call('training.networkDown', { seconds: 6 }), 'training.networkDown');
        const stored = must(await two.page.call<SaleSummary>('terminal.sale', { amountMinor: 1500 }), 'terminal.sale');
        expect(stored.outcome).toBe('stored');
        must(await two.page.call('terminal.newSale', {}), 'terminal.newSale');
        await expectEventually(async () => {
          must(await two.page.call('offline.retry', { managerPin }), 'offline.retry');
          const status = must(await two.page.call<OfflineStatusView>('offline.status', {}), 'offline.status');
          return status.storedCount === 0;
        }, 60_000);

        // The day's batch settles; counter 1 refunds part of its first sale, then closes its shift.
        await emulatorAdmin(backoffice.gatewayUrl).settle();
        must(
          await one.page.call('terminal.refund', {
            orderId: first.orderId,
            amountMinor: 500,
            reason: 'returned',
            managerPin,
          }),
          'terminal.refund',
        );
        must(await one.page.call('day.closeShift', { countedMinor: 11_435, managerPin }), 'day.closeShift');
        await emulatorAdmin(backoffice.gatewayUrl).settle();

        // Every lane's outbox reaches the hub, whatever was in flight when either died.
        for (const lane of lanes) await drained(lane.page, 90_000);
        const admin = hubAdmin(hub.url, hub.adminKey);

        // A settings push reaches all three lanes; a malformed one is refused by each with its reason.
        const good = await admin.post<{ version: number }>('/api/admin/settings', {
          storeId: 'main-street',
          document: { settings: { staff: { refundLimitMinor: 2500 } } },
        });
        await nudgeAll(lanes);
        await expectEventually(async () => {
          const { lanes: views } = await admin.get<{ lanes: LaneView[] }>('/api/admin/lanes?store=main-street');
          return views.length === 3 && views.every((view) => view.settingsVersion === good.version);
        }, 60_000);
        // Each lane saved the push with its version in its own settings file.
        for (const lane of lanes)
          expect(JSON.parse(readFileSync(join(lane.home, 'settings.json'), 'utf8'))).toMatchObject({
            staff: { refundLimitMinor: 2500 },
            hub: { settingsVersion: good.version },
          });
        const bad = await admin.post<{ version: number }>('/api/admin/settings', {
          storeId: 'main-street',
          document: { settings: { staff: { refundLimitMinor: 'lots' } } },
        });
        await nudgeAll(lanes);
        let views: LaneView[] = [];
        await expectEventually(async () => {
          ({ lanes: views } = await admin.get<{ lanes: LaneView[] }>('/api/admin/lanes?store=main-street'));
          return views.every((view) => (view.settingsRefused as { version?: number } | null)?.version === bad.version);
        }, 60_000);
        for (const view of views) {
          expect(view.settingsVersion).toBe(good.version);
          expect((view.settingsRefused as { reason: string }).reason).toContain('staff.refundLimitMinor');
        }
        for (const lane of lanes) await drained(lane.page, 60_000);

        // The lanes stop; each journal is read as support would, and set against the hub and the gateway.
        for (const lane of lanes) await lane.process.stop();
        // The gateway closes the day's last batch, so the hub's reconciliation sees all of it settled.
        await emulatorAdmin(backoffice.gatewayUrl).settle();
        const day = new Date().toISOString().slice(0, 10);
        const view = await admin.get<DayView>(`/api/admin/day?store=main-street&day=${day}`);
        const { lanes: finalLanes } = await admin.get<{ lanes: LaneView[] }>('/api/admin/lanes?store=main-street');
        for (const lane of lanes) {
          const laneView = finalLanes.find((candidate) => candidate.name === lane.name)!;
          const journal = journalOf(lane.home);
          // Nothing left in the outbox: the hub has every event the lane wrote.
          expect(journal.pending, `${lane.name}: events not delivered`).toBe(0);
          // Each journal row once on the hub, in the state the journal holds: 0 lost, 0 doubled.
          const { sales } = await admin.get<{ sales: Array<{ entryId: number; state: string; amountMinor: number }> }>(
            `/api/admin/sales?store=main-street&lane=${laneView.id}&limit=500`,
          );
          expect(
            sales
              .map((sale) => [sale.entryId, sale.state, sale.amountMinor])
              .sort((a, b) => Number(a[0]) - Number(b[0])),
            `${lane.name}: the hub's payments against the journal`,
          ).toEqual(
            journal.rows.map((row) => [row.id, row.state, row.amountMinor]).sort((a, b) => Number(a[0]) - Number(b[0])),
          );
          // The hub's totals for the lane are the lane's own day totals.
          const reader = Journal.open(journal.path, { clock: { now: () => Date.now() }, terminalId: 'READER' });
          try {
            expect(view.lanes.find((row) => row.laneId === laneView.id)?.totals, `${lane.name}: day totals`).toEqual(
              laneTotals(reader),
            );
          } finally {
            reader.close();
          }
        }
        // The gateway settled exactly what the journals say moved, retref by retref, and the hub agrees.
        const gateway = createGatewayClient({
          baseUrl: backoffice.gatewayUrl,
          credentials: { level: 'site', username: 'testing', password: 'testing123' },
        });
        const mmdd = day.slice(5, 7) + day.slice(8, 10);
        const settled = new Map<string, number>();
        for (const batch of await gateway.settlementStatus({ merchid, date: mmdd }))
          for (const txn of batch.txns)
            if (txn.retref && txn.setlstat !== 'V' && txn.setlstat !== 'D')
              settled.set(txn.retref, txn.setlamount ?? 0);
        const expected = new Map<string, number>();
        for (const lane of lanes) {
          for (const row of journalOf(lane.home).rows) {
            const retref = row.outcome?.retref;
            if (row.state !== 'completed' && row.state !== 'resolved') continue;
            if (row.operation === 'auth' && retref && row.outcome?.respstat === 'A')
              expected.set(retref, row.outcome.amountMinor ?? row.amountMinor);
            if (row.operation === 'refund' && retref && row.outcome?.respstat === 'A')
              expected.set(retref, -Math.abs(row.outcome.amountMinor ?? row.amountMinor));
            if (row.operation === 'void' && row.originalRetref && row.outcome?.respstat === 'A')
              expected.delete(row.originalRetref);
          }
        }
        expect(Object.fromEntries(settled), 'the gateway settlement against the journals').toEqual(
          Object.fromEntries(expected),
        );
        const totalSettled = [...settled.values()].reduce((sum, minor) => sum + minor, 0);
        const merchant = view.merchants.find((row) => row.merchantId === merchid)!;
        // The card figure is net of refunds, as on the lane's report (refunds are listed beside it).
        expect(merchant.totals.cardSalesMinor).toBe(totalSettled);
        // The hub's own reconciliation with the gateway finds nothing apart, retref by retref.
        expect(merchant.settlement).toEqual({
          hubCapturedMinor: totalSettled,
          settledMinor: totalSettled,
          differences: [],
        });
        expect(view.totals.offlineForwardedMinor).toBe(1500);
        expect(view.totals.refundsMinor).toBe(500);
        // The manager's screens show the store as the hub holds it, reconciled.
        await office.keyboard.press('Alt+6');
        const nav = office.getByRole('navigation', { name: 'Store hub' });
        await nav.getByRole('button', { name: 'Lanes' }).click();
        await office.getByRole('button', { name: 'Refresh' }).click();
        await office.getByText(`Refused version ${bad.version}:`, { exact: false }).first().waitFor();
        await look(office, `hub-${label}-lanes`);
        await nav.getByRole('button', { name: 'End of day' }).click();
        await office.getByText('Per merchant, with the gateway\u2019s settlement and funding').waitFor();
        await office
          .getByRole('rowheader', { name: /Counter 1/ })
          .first()
          .waitFor();
        await look(office, `hub-${label}-end-of-day`);
        await nav.getByRole('button', { name: 'Sales' }).click();
        await look(office, `hub-${label}-sales`);
      } finally {
        for (const lane of lanes) await lane.process.kill().catch(() => undefined);
        await hub?.stop().catch(() => undefined);
        await backoffice?.process.stop();
        await cluster?.stop();
        rmSync(folder, { recursive: true, force: true });
      }
    },
    300_000,
  );
});

/** The kiosk lane needs no cashier: it waits for its devices before the first customer. */
async function signInKiosk(page: BridgePage): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const devices = must(await page.call<Array<{ status: string }>>('devices.list'), 'devices.list');
    if (devices.length > 0 && devices.every((device) => device.status === 'connected')) return;
    await sleep(50);
  }
}

/** Each lane posts once more (a device test or a sale's events), so the hub's answer names the newest push. */
async function nudgeAll(lanes: readonly Lane[]): Promise<void> {
  for (const lane of lanes)
    if (lane.kiosk) await kioskSale(lane.page, 1);
    else await cardSale(lane.page, 100);
}

/** Recovery settles whatever the kill left pending or unknown (asked now, as a manager would). */
async function settleRecovery(page: BridgePage): Promise<void> {
  await expectEventually(async () => {
    const { open } = must(await page.call<{ settled: number; open: number }>('terminal.recover'), 'terminal.recover');
    return open === 0;
  }, 90_000);
}

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`still not true after ${timeoutMs} ms: ${check.toString()}`);
    await sleep(250);
  }
}
