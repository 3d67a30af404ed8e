import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { answerWindowMs } from '../../src-main/lane/gateway/recovery';
import type { OfflineStatusView, SaleSummary, TerminalState } from '../../src-main/lane/ipc/contract';
import { Journal, type JournalEntry } from '../../src-main/lane/journal/journal';
import { emulatorAdmin } from '../support/emulator-admin';
import { journalAgainstLedger } from '../support/ledger-agreement';
import { openBridgePage } from './bridge-page';
import { prepareLaneHome, startLaneProcess, type LaneProcess } from './lane-process';
import {
  drawAmount,
  drawOfflineCard,
  drawOfflineKillMoment,
  drawOutage,
  KillsRandom,
  screenSignature,
  type OfflineKillMoment,
  type Outage,
} from './plan';

/** How many extra cycles a run may take to store a payment when its drawn ones did not. */
const coveringCycles = 4;
import { journalRows, must, signIn, sleep, terminalId } from './run-kills';
import { accountForSales, type StartedSale } from './truth';

export interface OfflineKillsOptions {
  readonly count: number;
  readonly seed: number;
  readonly log?: (line: string) => void;
}

export interface OfflineKillsReport {
  readonly seed: number;
  readonly kills: number;
  readonly outages: number;
  /** Sales the driver asked for, and how the page was told they ended. */
  readonly sales: number;
  readonly told: Readonly<Record<string, number>>;
  /** What each kill caught: the killed sale's row, and the forwarded payments' rows. */
  readonly landed: Readonly<Record<string, number>>;
  /** How the sales ended once everything was forwarded. */
  readonly endings: Readonly<Record<string, number>>;
  readonly lost: readonly string[];
  readonly doubled: readonly string[];
  /** Everything else that disagrees: the journal against the ledger, sales not accounted for once. */
  readonly mismatches: readonly string[];
  readonly seconds: number;
}

const count = (into: Record<string, number>, key: string) => void (into[key] = (into[key] ?? 0) + 1);
/** Settings of the offline lane: on, limits far above what a run stores, so no sale is refused for a limit. */
const offlineSettings = {
  offline: { enabled: true, perPaymentMaxMinor: 10_000, totalMaxMinor: 50_000_000, maxCount: 10_000 },
};

/** What a kill caught, read from the journal file while the lane is down. */
function landedAt(
  path: string,
  rows: readonly JournalEntry[],
  killedRow: JournalEntry | undefined,
  ledger: RunningEmulator['context']['ledger'],
): Array<[orderId: string, tag: string]> {
  const journal = Journal.open(path, { clock: { now: () => Date.now() }, terminalId });
  try {
    const tags: Array<[string, string]> = [];
    if (killedRow)
      tags.push([
        killedRow.orderId,
        `sale row ${killedRow.state}${journal.offline.isOffline(killedRow.id) ? ' (offline)' : ''}`,
      ]);
    for (const row of rows) {
      if (row === killedRow || !journal.offline.isOffline(row.id)) continue;
      const sent = ledger.byOrderId(row.orderId).length > 0;
      if (row.state === 'pending' || row.state === 'unknown')
        tags.push([
          row.orderId,
          sent ? 'forward answered, row not completed' : `forward ${row.state}, not at the gateway`,
        ]);
      else if (row.state !== 'stored' && journal.offline.sealedOf(row.id))
        tags.push([row.orderId, 'forward completed, sealed not emptied']);
    }
    return tags;
  } finally {
    journal.close();
  }
}

/**
 * The offline random-kills run (issue 33): a lane with `offline.enabled` sells against the
 * emulator in this process while its network goes down and comes back at random, SIGKILLed
 * while storing, forwarding, or between a forward's answer and its row's completion, and
 * restarted on the same folder. After each kill no order is charged twice; at the end the
 * network stays up until everything stored is forwarded, then every sale is accounted for once
 * (truth.ts `accountForSales`) and the journal agrees with the ledger.
 */
export async function runOfflineKills(options: OfflineKillsOptions): Promise<OfflineKillsReport> {
  const started = performance.now();
  const random = new KillsRandom(options.seed);
  const emulator: RunningEmulator = await startEmulator({ rateLimit: false });
  const admin = emulatorAdmin(emulator.url);
  const home = mkdtempSync(join(tmpdir(), 'offline-kills-'));
  prepareLaneHome(home, offlineSettings);
  const journalPath = join(home, 'training-journal.sqlite');
  const told: Record<string, number> = {};
  const landed: Record<string, number> = {};
  const mismatches: string[] = [];
  const doubled: string[] = [];
  const sales: StartedSale[] = [];
  let outages = 0;
  let lane: LaneProcess | undefined;
  const fail = (kill: number, what: string) => mismatches.push(`kill ${kill} (seed ${options.seed}): ${what}`);
  const known = new Set<string>();
  const tagged = new Map<string, string>();

  try {
    lane = await startLaneProcess(home, emulator.url, terminalId);
    let page = await openBridgePage(lane.url);
    await signIn(page);
    let kill = 0;
    // After the drawn kills, a draw whose outages never met a sale has proved nothing offline: up
    // to `coveringCycles` more, each with the network down from the start for 4 s and the kill
    // after the first forward, until a payment was stored.
    while (kill < options.count || ((told.stored ?? 0) === 0 && kill < options.count + coveringCycles)) {
      kill += 1;
      const covering = kill > options.count;
      // An outage only starts from a network that is up (the admin endpoint is behind it too).
      const outage: Outage | undefined = emulator.network.state().down
        ? undefined
        : covering
          ? { startMs: 0, downMs: 4000, holdFirstMs: 0 }
          : drawOutage(random);
      const moment: OfflineKillMoment =
        covering && outage ? { from: 'network-back', afterMs: 50 } : drawOfflineKillMoment(random, outage);
      let killed = false;
      let quiet = false;
      let inFlight: StartedSale | undefined;
      const timers: Array<ReturnType<typeof setTimeout>> = [];
      const later = (ms: number, run: () => void) => void timers.push(setTimeout(run, ms));
      const fire = new Promise<void>((resolve) => {
        let armed = false;
        const arm = () => {
          if (!armed) later(moment.afterMs, resolve);
          armed = true;
        };
        page.onEvent(({ name, payload }) => {
          if (name !== 'terminal.state' || !inFlight) return;
          const phase = (payload as TerminalState).phase;
          inFlight.told = phase;
          if (phase === 'authorizing' && moment.from === 'authorizing') arm();
        });
        if (moment.from === 'sale') arm();
        if (outage) {
          outages += 1;
          later(outage.startMs, () => {
            const down = () => {
              emulator.network.down(outage.downMs);
              if (moment.from !== 'network-back') return;
              // The counter goes quiet once the network is back, so the forwarder has the lane.
              // The kill counts from the first forward the gateway records after that.
              let recorded: number | undefined;
              const watch = setInterval(() => {
                if (emulator.network.state().down) return;
                quiet = true;
                const now = emulator.context.ledger.all().length;
                recorded ??= now;
                if (now === recorded) return;
                clearInterval(watch);
                arm();
              }, 5);
              timers.push(watch as unknown as ReturnType<typeof setTimeout>);
            };
            if (outage.holdFirstMs === 0) return down();
            void admin.fault('auth', 'delay-after', 'once', outage.holdFirstMs).then(down, down);
          });
        }
        later((outage ? outage.startMs + outage.downMs : 0) + 15_000, resolve);
      });
      const stopCards = page.onEvent(({ name, payload }) => {
        if (killed || !inFlight) return;
        if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card')
          void page
            .call('devices.presentTestCard', { cardId: inFlight.card.cardId, method: inFlight.card.method })
            .catch(() => undefined);
        if (name === 'signature.session' && (payload as { state: string }).state === 'capturing')
          void page.call('signature.submit', { signature: screenSignature }).catch(() => undefined);
      });
      const counter = (async () => {
        while (!killed) {
          if (quiet) {
            await sleep(50);
            continue;
          }
          const sale: StartedSale = {
            amountMinor: drawAmount(random),
            card: drawOfflineCard(random),
            orderId: undefined,
            told: 'asked',
          };
          sales.push(sale);
          inFlight = sale;
          const reply = await page.call<SaleSummary>('terminal.sale', { amountMinor: sale.amountMinor });
          inFlight = undefined;
          if (!reply.ok) {
            sale.told = `refused: ${reply.error.message}`;
            fail(kill, `terminal.sale ${sale.amountMinor} with ${sale.card.cardId}: ${reply.error.message}`);
          } else {
            sale.orderId = reply.result.orderId;
            sale.told = reply.result.outcome;
            known.add(sale.orderId);
          }
          count(told, sale.told);
          const leave = reply.ok && reply.result.outcome === 'unknown' ? { leaveUnknown: true } : {};
          must(await page.call('terminal.newSale', leave), 'terminal.newSale');
          // A customer steps up now and then: the forwarder runs between them.
          await sleep(random.below(400));
        }
      })().catch((error: unknown) => {
        if (!killed) fail(kill, `the page's counter stopped: ${(error as Error).message}`);
      });
      await fire;
      killed = true;
      for (const timer of timers) clearTimeout(timer);
      stopCards();
      const killedSale = inFlight as StartedSale | undefined;
      await lane.kill();
      await page.closed;
      await counter;

      const rows = journalRows(journalPath);
      // One sale runs at a time: the killed one's row is the authorization no answer named.
      const killedRow = rows.find((row) => row.operation === 'auth' && !known.has(row.orderId));
      if (killedSale && killedRow) {
        killedSale.orderId = killedRow.orderId;
        known.add(killedRow.orderId);
      }
      if (killedSale) count(told, `killed at ${killedSale.told}`);
      // A row still waiting from an earlier kill (an unknown waits out its answer window) is not counted again.
      const tags = landedAt(journalPath, rows, killedRow, emulator.context.ledger)
        .filter(([orderId, tag]) => {
          const fresh = tagged.get(orderId) !== tag;
          tagged.set(orderId, tag);
          return fresh;
        })
        .map(([, tag]) => tag);
      for (const tag of tags.length > 0 ? tags : ['between sales, nothing in flight']) count(landed, tag);
      // No order is charged twice, whatever is still open.
      const now = journalAgainstLedger(rows, emulator.context.ledger.all());
      for (const what of now.doubleCharges) doubled.push(`kill ${kill} (seed ${options.seed}): ${what}`);

      lane = await startLaneProcess(home, emulator.url, terminalId);
      page = await openBridgePage(lane.url);
      await signIn(page);
      options.log?.(
        `kill ${kill}/${options.count}${covering ? ' (covering: nothing stored yet)' : ''}: ${outage ? `network down ${outage.downMs} ms after ${outage.startMs} ms${outage.holdFirstMs ? `, first answer held ${outage.holdFirstMs} ms` : ''}` : 'network up'}; kill ${moment.afterMs} ms after ${moment.from}; ${killedSale ? `${killedSale.card.cardId} ${killedSale.amountMinor} at ${killedSale.told}` : 'between sales'}; caught: ${tags.join(', ') || 'nothing in flight'}`,
      );
    }

    // The network back for good: everything stored is forwarded, every unknown settled.
    await emulator.network.restore();
    await admin.clearFaults();
    const drainBy = Date.now() + answerWindowMs + 60_000;
    for (let round = 0; ; round++) {
      // The manager's "send now" every 5 s, as the forwarder's own retry does.
      if (round % 10 === 0) must(await page.call('offline.retry', { managerPin: '9999' }), 'offline.retry');
      const status = must(await page.call<OfflineStatusView>('offline.status', {}), 'offline.status');
      const queue = must(await page.call<unknown[]>('terminal.recoveryQueue'), 'terminal.recoveryQueue');
      if (status.storedCount === 0 && queue.length === 0) break;
      if (Date.now() > drainBy) {
        mismatches.push(
          `at the end (seed ${options.seed}): ${status.storedCount} still stored and ${queue.length} unresolved after ${Math.round((answerWindowMs + 60_000) / 1000)} s with the network up`,
        );
        break;
      }
      await sleep(500);
    }
    await lane.stop();
    lane = undefined;

    const rows = journalRows(journalPath);
    const agreement = journalAgainstLedger(rows, emulator.context.ledger.all());
    for (const what of agreement.disagreements) mismatches.push(`at the end (seed ${options.seed}): ${what}`);
    doubled.push(...agreement.doubleCharges.map((what) => `at the end: ${what}`));
    const journal = Journal.open(journalPath, { clock: { now: () => Date.now() }, terminalId });
    let account;
    try {
      account = accountForSales({
        sales,
        rows,
        openFindings: new Set(journal.findings().map((finding) => finding.id)),
        offline: (entryId) => journal.offline.isOffline(entryId),
        ledger: (orderId) => emulator.context.ledger.byOrderId(orderId),
      });
    } finally {
      journal.close();
    }
    mismatches.push(...account.unaccounted.map((what) => `at the end (seed ${options.seed}): ${what}`));
    return {
      seed: options.seed,
      kills: kill,
      outages,
      sales: sales.length,
      told,
      landed,
      endings: account.endings,
      lost: account.lost,
      doubled: [...doubled, ...account.doubled],
      mismatches,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await lane?.kill();
    await emulator.close();
  }
}
