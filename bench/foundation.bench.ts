import { Writable } from 'node:stream';
import { WebSocket } from 'ws';
import { createCore } from '../src-main/lane/core/core';
import { settingsSchema } from '../src-main/lane/config/settings';
import { startHost, type RunningHost } from '../src-main/shells/host/server';
import { createLogger } from '../src-main/platform/log/logger';
import { builtRendererDir } from '../src-main/shells/cli/paths';
import type { BenchCase } from './harness';
import { laneTraining } from '../src-main/shells/training/lane-training';

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

function benchCore() {
  const logger = createLogger({ level: 'info', destination: discard() });
  return createCore({ training: laneTraining, settings: settingsSchema.parse({}), shell: 'browser', logger });
}

interface BridgeContext {
  host: RunningHost;
  socket: WebSocket;
  nextId: number;
}

/** The foundation's rows: the contract's validation path, the bridge, and log redaction. */
export const foundationBenchmarks: BenchCase[] = [
  {
    name: 'ipc dispatch devices.list (zod-validated)',
    iterations: 20000,
    setup: () => benchCore(),
    run: (core) => (core as ReturnType<typeof benchCore>).dispatch('devices.list', { kind: 'printer' }),
  },
  {
    name: 'bridge round trip app.info (WebSocket, loopback)',
    iterations: 2000,
    async setup(): Promise<BridgeContext> {
      const core = benchCore();
      const host = await startHost({ core, port: 0, rendererDir: builtRendererDir });
      const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
        origin: `http://127.0.0.1:${host.port}`,
      });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { host, socket, nextId: 1 };
    },
    run: (context) =>
      new Promise<void>((resolve) => {
        const bridge = context as BridgeContext;
        const id = bridge.nextId++;
        const onMessage = (data: Buffer) => {
          if ((JSON.parse(data.toString()) as { id?: number }).id !== id) return;
          bridge.socket.off('message', onMessage);
          resolve();
        };
        bridge.socket.on('message', onMessage);
        bridge.socket.send(JSON.stringify({ type: 'command', id, name: 'app.info', args: {} }));
      }),
    async teardown(context) {
      const bridge = context as BridgeContext;
      bridge.socket.close();
      await bridge.host.close();
    },
  },
  {
    name: 'log record with PAN and nested object (redacted)',
    iterations: 20000,
    setup: () => createLogger({ level: 'info', destination: discard() }),
    run: (logger) =>
      (logger as ReturnType<typeof createLogger>).info(
        { order: { orderId: 'A1', account: '4788250000121443', amount: 1234 } },
        'paid with 4788250000121443',
      ),
  },
];
