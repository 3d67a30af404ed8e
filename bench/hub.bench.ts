import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { runLanepoint, type RunningProcess } from '../test/e2e/support/process';
import { startPostgresCluster } from '../test/support/postgres-cluster';
import type { BenchResult } from './harness';

/**
 * Issue 34's scale targets: a chain's day replayed into the hub on a real PostgreSQL server.
 * The hub runs as its own process (`lanepoint hub`), as in a store; the lanes are simulated
 * clients in this process, each posting its own stream in order as a lane's outbox does. Sizes
 * come from LANEPOINT_BENCH_HUB_LANES and _PAYMENTS (200 x 2,000 by default: 400,000 payments,
 * two events each, the sale started and its answer, plus each lane's shift).
 */
const lanes = Number(process.env['LANEPOINT_BENCH_HUB_LANES'] ?? 200);
const paymentsPerLane = Number(process.env['LANEPOINT_BENCH_HUB_PAYMENTS'] ?? 2000);
/** Lanes catching up at once, each in order; a lane's batch is what its outbox sends at a time. */
const streams = 8;
const batch = 100;
/**
 * The end of each lane's day is sent live, as a lane sends while it sells: one sale (two events)
 * per post, all lanes at once, first a sale a lane every second, then every 200 ms. A busy
 * chain's peak is a sale a lane every 30 s or so (200 lanes: about 13 events/s), so the two
 * paces offer thirty and a hundred and fifty times that.
 */
const liveSalesPerPace = 20;
const livePaces = [1000, 200];
const liveSales = liveSalesPerPace * livePaces.length;
const day = Date.UTC(2026, 10, 27, 14, 0, 0);

interface WireEvent {
  readonly seq: number;
  readonly kind: string;
  readonly at: number;
  readonly body: Record<string, unknown>;
}

/** Lane `lane`'s day as its outbox holds it: a shift, then each sale's two journal writes. */
function laneDay(lane: number): WireEvent[] {
  const events: WireEvent[] = [];
  let seq = 0;
  let at = day + lane * 7;
  const push = (kind: string, body: Record<string, unknown>) => events.push({ seq: ++seq, kind, at, body });
  const shift = { shiftId: 1, openedBy: 'Ana', openedAt: at, floatMinor: 10_000 };
  push('shift', { ...shift, closedBy: null, closedAt: null, countedMinor: null, expectedMinor: null });
  for (let n = 1; n <= paymentsPerLane; n++) {
    at += 20_000;
    const amountMinor = 100 + ((n * 7919 + lane * 104_729) % 20_000);
    const row = {
      entryId: n,
      operation: 'auth',
      orderId: `L${lane}-${n}`,
      amountMinor,
      maskedPan: '478825******1443',
      entryMode: 'chip',
      originalRetref: null,
      cashier: n % 3 === 0 ? 'Ben' : 'Ana',
      shiftId: 1,
      createdAt: at,
      detail: { tender: 'card' },
    };
    push('payment', { ...row, state: 'pending', updatedAt: at, outcome: null });
    const outcome = { respstat: 'A', respcode: '00', resptext: 'Approval', retref: `${lane}${n}`, amountMinor };
    push('payment', { ...row, state: 'completed', updatedAt: at + 900, outcome });
  }
  push('shift', { ...shift, closedBy: 'Ana', closedAt: at + 60_000, countedMinor: 10_000, expectedMinor: 10_000 });
  return events;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function call(url: string, key: string, init: { method: string; body?: unknown }): Promise<unknown> {
  const answer = await fetch(url, {
    method: init.method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${init.method} ${url}: ${answer.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

export async function hubBenchmarks(): Promise<BenchResult[]> {
  const cluster = await startPostgresCluster({ durable: true });
  const home = mkdtempSync(join(tmpdir(), 'bench-hub-'));
  const env = { LANEPOINT_HUB_HOME: home, LANEPOINT_LOG_LEVEL: 'warn' };
  let hub: RunningProcess | undefined;
  try {
    hub = runLanepoint(['hub', '--port', '0', '--database', cluster.url], env);
    const line = await hub.waitForLine(/hub: listening on (http:\/\/\S+)/);
    const base = /(http:\/\/\S+)/.exec(line)![1]!;
    const keyRun = runLanepoint(['hub', '--admin-key'], env);
    await keyRun.ended();
    const admin = keyRun.stdout.join('').trim();

    await call(`${base}/api/admin/stores`, admin, { method: 'POST', body: { id: 'chain-1', name: 'Chain store' } });
    const laneKeys: { id: string; key: string }[] = [];
    for (let n = 0; n < lanes; n++) {
      const made = (await call(`${base}/api/admin/lanes`, admin, {
        method: 'POST',
        body: { storeId: 'chain-1', name: `Lane ${n + 1}`, kind: 'counter', merchantId: '496160873888' },
      })) as { lane: { id: string }; key: string };
      laneKeys.push({ id: made.lane.id, key: made.key });
    }

    const days = laneKeys.map((_, lane) => laneDay(lane));
    const liveEvents = liveSales * 2 + 1;
    const latencies: number[] = [];
    let events = 0;
    const started = performance.now();
    let next = 0;
    const stream = async () => {
      for (let lane = next++; lane < lanes; lane = next++) {
        const { id, key } = laneKeys[lane]!;
        const all = days[lane]!.slice(0, -liveEvents);
        for (let from = 0; from < all.length; from += batch) {
          const slice = all.slice(from, from + batch);
          const sent = performance.now();
          await call(`${base}/api/lanes/${id}/events`, key, {
            method: 'POST',
            body: { journalId: `bench-journal-${lane}`, events: slice },
          });
          latencies.push(performance.now() - sent);
          events += slice.length;
        }
      }
    };
    await Promise.all(Array.from({ length: streams }, stream));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    // The catch-up put a chain's day (hours of a real store) into the tables in under a minute;
    // the autovacuum, statistics and checkpoint that follow such a load would otherwise run
    // inside the live measurement below and time the load, not a lane's post. A real hub does
    // that work spread over the day, so it is done here, once, before the live paces.
    const settle = new pg.Client({ connectionString: cluster.url });
    await settle.connect();
    try {
      await settle.query('VACUUM ANALYZE');
      await settle.query('CHECKPOINT');
    } finally {
      await settle.end();
    }

    const liveRows: BenchResult[] = [];
    for (const [index, paceMs] of livePaces.entries()) {
      const live: number[] = [];
      await Promise.all(
        laneKeys.map(async ({ id, key }, lane) => {
          const rest = days[lane]!.slice(-liveEvents);
          const from = index * liveSalesPerPace * 2;
          // The shift's close rides with the last pace's last sale.
          const to = index === livePaces.length - 1 ? rest.length : from + liveSalesPerPace * 2;
          // Lanes start their pace spread over one period, as real lanes never sell in step.
          await new Promise((resolve) => setTimeout(resolve, (lane * paceMs) / lanes));
          for (let at = from; at < to; at += 2) {
            const due = performance.now() + paceMs;
            const sent = performance.now();
            await call(`${base}/api/lanes/${id}/events`, key, {
              method: 'POST',
              body: { journalId: `bench-journal-${lane}`, events: rest.slice(at, at + (to - at === 3 ? 3 : 2)) },
            });
            live.push(performance.now() - sent);
            if (to - at === 3) break;
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          }
        }),
      );
      live.sort((a, b) => a - b);
      const offered = (lanes * 2 * 1000) / paceMs;
      liveRows.push({
        name: `hub: live ingest, ${lanes} lanes each posting a sale every ${paceMs} ms (PostgreSQL)`,
        samples: live.length,
        opsPerSecond: offered,
        meanMs: live.reduce((sum, ms) => sum + ms, 0) / live.length,
        p50Ms: percentile(live, 50),
        p99Ms: percentile(live, 99),
        note: `${offered} events/s offered: a sale's events acknowledged p50 ${percentile(live, 50).toFixed(1)} ms, p99 ${percentile(live, 99).toFixed(1)} ms (target p99 < 50 ms)`,
      });
    }

    const dayLabel = new Date(day).toISOString().slice(0, 10);
    const endOfDay: number[] = [];
    for (let n = 0; n < 5; n++) {
      const asked = performance.now();
      await call(`${base}/api/admin/day?store=chain-1&day=${dayLabel}`, admin, { method: 'GET' });
      endOfDay.push(performance.now() - asked);
    }
    endOfDay.sort((a, b) => a - b);
    const payments = lanes * paymentsPerLane;
    const rate = events / elapsed;
    return [
      {
        name: `hub: catch-up ingest, ${lanes} lanes x ${paymentsPerLane - liveSales} payments (${events} events, PostgreSQL)`,
        samples: latencies.length,
        opsPerSecond: rate,
        meanMs: latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        note: `${Math.round(rate)} events/s; a batch of ${batch} events acknowledged p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${streams} lanes catching up at once (target >= 5,000 events/s)`,
      },
      ...liveRows,
      {
        name: `hub: end of day across ${lanes} lanes (${payments} payments)`,
        samples: endOfDay.length,
        opsPerSecond: 1000 / percentile(endOfDay, 50),
        meanMs: endOfDay.reduce((sum, ms) => sum + ms, 0) / endOfDay.length,
        p50Ms: percentile(endOfDay, 50),
        p99Ms: endOfDay.at(-1)!,
        note: `GET /api/admin/day over HTTP: p50 ${percentile(endOfDay, 50).toFixed(0)} ms, worst ${endOfDay.at(-1)!.toFixed(0)} ms (target < 1 s)`,
      },
    ];
  } finally {
    await hub?.stop();
    await cluster.stop();
  }
}
