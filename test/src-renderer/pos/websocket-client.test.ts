import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { connectBridge, type ContractTransport } from '../../../src-renderer/pos/websocket-client';
import type { ConnectionStatus } from '../../../src-renderer/store/connection-slice';

let server: WebSocketServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A bridge server that refuses every upgrade (as the host refuses a page without its token) until `admit`. */
async function refusingServer() {
  let admitting = false;
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', verifyClient: () => admitting });
  await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/bridge`,
    admit: () => (admitting = true),
  };
}

describe('the bridge connection', () => {
  it('keeps saying "closed" while it retries, and says "open" once a retry gets through', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { url, admit } = await refusingServer();
    const statuses: ConnectionStatus[] = [];
    let told: (() => void) | undefined;
    const next = () => new Promise<void>((resolve) => (told = resolve));
    let waiting = next();
    const bridge = connectBridge<ContractTransport>(url, 'the terminal');
    bridge.onConnectionChange((status) => {
      statuses.push(status);
      told?.();
    });
    try {
      await waiting; // the first attempt, refused
      expect(statuses).toEqual(['closed']);
      waiting = next();
      await vi.advanceTimersByTimeAsync(250); // the first retry, refused as well
      await waiting;
      expect(statuses).toEqual(['closed', 'closed']);
      admit();
      waiting = next();
      await vi.advanceTimersByTimeAsync(500); // the second retry gets through
      await waiting;
      expect(statuses).toEqual(['closed', 'closed', 'open']);
    } finally {
      bridge.close();
    }
  });
});
