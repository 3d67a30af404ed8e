import { systemClock } from '../../src-main/platform/clock';
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import type { PayLinkLimits } from '../../src-main/lane/wallet/pay-link/limits';
import type { PayLinkServer } from '../../src-main/lane/wallet/pay-link/server';
import { createPayLinkSessions } from '../../src-main/lane/wallet/pay-link/sessions';
import { closedAfter, dial, payLinkCall, silentSocket, startLoopbackPayLink, tlsHandshake } from '../support/pay-link';

/**
 * Issue 30, item 5: what a hostile tester did to the pay-link service. It took AES256-SHA (no
 * forward secrecy), sent no HSTS, let one client hold 14,375 sockets that never started TLS, and
 * answered wrong link ids as fast as they came.
 */

const servers: PayLinkServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function service(limits: Partial<PayLinkLimits> = {}) {
  const clock = { ...systemClock, offset: 0, now: () => Date.now() + clock.offset };
  const sessions = createPayLinkSessions(clock);
  const { server, ca } = await startLoopbackPayLink(sessions, 'hostile pay link', 'Test Store', { clock, limits });
  servers.push(server);
  return { sessions, server, ca, clock };
}

describe('the pay-link service against a hostile tester', () => {
  it('refuses a client offering only suites without forward secrecy', async () => {
    const { server, ca } = await service();
    for (const weak of ['AES256-SHA', 'AES128-SHA', 'AES128-GCM-SHA256'])
      await expect(tlsHandshake(server.origin, ca, { ciphers: weak, maxVersion: 'TLSv1.2' })).rejects.toThrow();
    expect(
      await tlsHandshake(server.origin, ca, { ciphers: 'ECDHE-RSA-AES128-GCM-SHA256', maxVersion: 'TLSv1.2' }),
    ).toEqual({ protocol: 'TLSv1.2', cipher: 'ECDHE-RSA-AES128-GCM-SHA256' });
    expect((await tlsHandshake(server.origin, ca)).protocol).toBe('TLSv1.3');
  });

  it('sends Strict-Transport-Security on every answer', async () => {
    const { sessions, server, ca } = await service();
    const link = sessions.open(100);
    for (const path of [`/pay/${link.id}`, '/pay-assets/pay.css', '/pay/AAAAAAAAAAAAAAAAAAAAAA', '/'])
      expect((await payLinkCall(`${server.origin}${path}`, ca)).headers['strict-transport-security']).toMatch(
        /^max-age=\d{7,}/,
      );
  });

  it('refuses the connection over the cap from one client at once, and serves another client', async () => {
    const { sessions, server, ca } = await service({ maxConnectionsPerClient: 4 });
    for (let n = 0; n < 4; n += 1) sockets.push(await silentSocket(server.origin));
    const extra = dial(server.origin);
    sockets.push(extra);
    expect(await closedAfter(extra)).toBeLessThan(1000);
    for (const held of sockets.slice(0, 4)) expect(held.destroyed).toBe(false);
    const link = sessions.open(100);
    const other = await payLinkCall(`${server.origin}/pay/${link.id}`, ca, { localAddress: '127.0.0.2' });
    expect(other.status).toBe(200);
  });

  it('closes a socket that never starts TLS after the handshake timeout', async () => {
    const { server } = await service({ handshakeTimeoutMs: 200 });
    const silent = await silentSocket(server.origin);
    sockets.push(silent);
    const closed = await closedAfter(silent);
    expect(closed).toBeGreaterThan(100);
    expect(closed).toBeLessThan(2000);
  });

  it('answers wrong link ids with 429 and Retry-After after a few; a right one from another address still works', async () => {
    const { sessions, server, ca } = await service();
    const statuses: number[] = [];
    let last = await payLinkCall(`${server.origin}/pay/AAAAAAAAAAAAAAAAAAAAAA`, ca);
    for (let n = 0; n < 20; n += 1) {
      last = await payLinkCall(`${server.origin}/pay/${String(n).padStart(22, 'A')}`, ca);
      statuses.push(last.status);
    }
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.text).toMatch(/Too many payment links/);
    const link = sessions.open(100);
    const right = await payLinkCall(`${server.origin}/pay/${link.id}`, ca, { localAddress: '127.0.0.2' });
    expect(right.status).toBe(200);
  });
});
