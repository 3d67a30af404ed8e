import { systemClock } from '../../../../src-main/platform/clock';
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { LaneError } from '../../../../src-main/lane/errors';
import {
  clientAddress,
  defaultPayLinkLimits,
  payLinkCiphers,
  payLinkLimits,
} from '../../../../src-main/lane/wallet/pay-link/limits';
import type { PayLinkServer } from '../../../../src-main/lane/wallet/pay-link/server';
import { createPayLinkSessions } from '../../../../src-main/lane/wallet/pay-link/sessions';
import {
  closedAfter,
  dial,
  payLinkCall,
  silentSocket,
  startLoopbackPayLink,
  tlsHandshake,
} from '../../../support/pay-link';

/** The pay-link service's TLS and socket limits over real sockets. */

const servers: PayLinkServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function service(limits: Parameters<typeof payLinkLimits>[0] = {}) {
  const sessions = createPayLinkSessions(systemClock);
  const { server, ca } = await startLoopbackPayLink(sessions, 'pay link limits', 'Test Store', { limits });
  servers.push(server);
  return { sessions, server, ca };
}

describe('the pay-link limits', () => {
  it('names only forward-secret AEAD suites', () => {
    for (const suite of payLinkCiphers.split(':')) {
      expect(suite).toMatch(/^(TLS_|ECDHE-)/);
      expect(suite).toMatch(/GCM|CHACHA20-POLY1305|CHACHA20_POLY1305/);
    }
  });

  it('refuses a limit that is not a positive whole number, naming it', () => {
    expect(payLinkLimits()).toEqual(defaultPayLinkLimits);
    for (const wrong of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const refusal = (() => {
        try {
          payLinkLimits({ handshakeTimeoutMs: wrong });
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(LaneError);
      expect((refusal as LaneError).field).toBe('handshakeTimeoutMs');
      expect((refusal as LaneError).message).toContain('handshakeTimeoutMs must be a positive whole number');
    }
  });

  it('counts an IPv4 client on a dual-stack socket as itself', () => {
    expect(clientAddress({ remoteAddress: '::ffff:192.168.1.20' })).toBe('192.168.1.20');
    expect(clientAddress({ remoteAddress: 'fe80::1' })).toBe('fe80::1');
  });

  it('refuses TLS 1.1 and 1.0', async () => {
    const { server, ca } = await service();
    for (const maxVersion of ['TLSv1', 'TLSv1.1'] as const)
      await expect(
        tlsHandshake(server.origin, ca, { maxVersion, minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }),
      ).rejects.toThrow();
  });

  it('gives a client its place back when one of its sockets closes', async () => {
    const { sessions, server, ca } = await service({ maxConnectionsPerClient: 2 });
    const first = await silentSocket(server.origin, '127.0.0.3');
    sockets.push(first, await silentSocket(server.origin, '127.0.0.3'));
    expect(await closedAfter(dial(server.origin, '127.0.0.3'))).toBeLessThan(1000);
    first.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    const page = await payLinkCall(`${server.origin}/pay/${sessions.open(100).id}`, ca, { localAddress: '127.0.0.3' });
    expect(page.status).toBe(200);
  });

  it('closes a socket that finished its handshake and then said nothing, after the idle timeout', async () => {
    const { server, ca } = await service({ idleTimeoutMs: 200 });
    const { port } = new URL(server.origin);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const tls = connectTls({ host: '127.0.0.1', port: Number(port), ca }, () => resolve(tls));
      tls.on('error', reject);
    });
    sockets.push(socket);
    const closed = await closedAfter(socket);
    expect(closed).toBeGreaterThan(100);
    expect(closed).toBeLessThan(5000);
  });
});
