import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { WebSocket } from 'ws';
import { settingsSchema } from '../src-main/lane/config/settings';
import { createCore, type Core } from '../src-main/lane/core/core';
import { builtRendererDir } from '../src-main/shells/cli/paths';
import { startHost, type RunningHost } from '../src-main/shells/host/server';
import { createLogger } from '../src-main/platform/log/logger';
import type { BenchCase, MeasuredSlice } from './harness';
import { laneTraining } from '../src-main/shells/training/lane-training';

/** How many calls the flooding page sends at once: the hostile tester's figure (issue 22). */
const pipelined = 2000;

interface Page {
  readonly socket: WebSocket;
  nextId: number;
  /** Resolves when `count` more replies have arrived. */
  replies(count: number): Promise<void>;
}

interface FloodContext {
  readonly core: Core;
  readonly host: RunningHost;
  readonly flooding: Page;
  readonly measured: Page;
}

async function openPage(host: RunningHost): Promise<Page> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
    origin: `http://127.0.0.1:${host.port}`,
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let waiting: { left: number; done: () => void } | undefined;
  socket.on('message', (data: Buffer) => {
    if (!waiting || (JSON.parse(data.toString()) as { type: string }).type !== 'reply') return;
    waiting.left -= 1;
    if (waiting.left === 0) waiting.done();
  });
  return {
    socket,
    nextId: 1,
    replies: (count) => new Promise<void>((resolve) => (waiting = { left: count, done: resolve })),
  };
}

const command = (page: Page, name = 'app.info') =>
  JSON.stringify({ type: 'command', id: page.nextId++, name, args: {} });

/** One page's answer time, measured alone. */
async function roundTrip(page: Page): Promise<MeasuredSlice> {
  const started = performance.now();
  const reply = page.replies(1);
  page.socket.send(command(page));
  await reply;
  return { measuredMs: performance.now() - started };
}

/**
 * How long one page waits for an answer while another page pipelines the costliest call a page
 * could make before (`printers.lastPage` drew a PNG each time; now drawn once per page, behind a
 * sign-in and ten calls in ten seconds), with the lane signed in so the calls get that far.
 */
export const bridgeBenchmarks: BenchCase[] = [
  {
    name: `bridge round trip app.info while another page pipelines ${pipelined} printers.lastPage`,
    iterations: 20,
    async setup(): Promise<FloodContext> {
      const logger = createLogger({
        level: 'error',
        destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
      });
      const core = createCore({ training: laneTraining, settings: settingsSchema.parse({}), shell: 'browser', logger });
      const host = await startHost({ core, port: 0, rendererDir: builtRendererDir });
      await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' });
      await core.dispatch('printers.testPrint', {});
      return { core, host, flooding: await openPage(host), measured: await openPage(host) };
    },
    async run(context) {
      const { flooding, measured } = context as FloodContext;
      // Every flooding call is answered (most refused at once beyond the page's limit); only
      // the other page's wait is timed.
      const flood = flooding.replies(pipelined);
      for (let i = 0; i < pipelined; i++) flooding.socket.send(command(flooding, 'printers.lastPage'));
      const slice = await roundTrip(measured);
      await flood;
      return slice;
    },
    baseline: {
      name: 'the same round trip, no other page',
      run: (context) => roundTrip((context as FloodContext).measured),
    },
    async teardown(context) {
      const { core, host, flooding, measured } = context as FloodContext;
      flooding.socket.close();
      measured.socket.close();
      await host.close();
      await core.close();
    },
  },
];
