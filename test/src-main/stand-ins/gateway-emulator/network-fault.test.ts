import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';
import { siteAuth } from './support';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** The error code of a GET of the REST root, or its status when it is answered. */
async function reach(url: string): Promise<string | number> {
  try {
    return (await fetch(`${url}/`)).status;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code);
  }
}

/** A request the emulator is still reading (half its body sent): resolves once connected. */
async function requestUnderWay(port: number): Promise<{ outcome: Promise<string> }> {
  const outgoing = request({
    host: '127.0.0.1',
    port,
    method: 'PUT',
    path: '/rest/auth',
    headers: { Authorization: siteAuth, 'Content-Type': 'application/json', 'Content-Length': '100' },
  });
  const outcome = new Promise<string>((resolve) => {
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    outgoing.on('response', (incoming) => resolve(`answered ${incoming.statusCode}`));
  });
  outgoing.write('{"merchid":');
  await new Promise((resolve) => outgoing.once('socket', (socket) => socket.once('connect', resolve)));
  return { outcome };
}

describe('the network-down fault', () => {
  it('refuses connections and cuts open ones for the time asked, then listens again on the same port', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    emulator = await startEmulator({ realism: false, clock });
    const { port, url } = emulator;
    expect(await reach(url)).toBe(200);
    const underWay = await requestUnderWay(port);
    const answer = await emulatorAdmin(url).networkDown(30);
    expect(await answer.json()).toEqual({ down: true, until: clock.now() + 30_000 });
    expect(await underWay.outcome).toBe('ECONNRESET');
    expect(await reach(url)).toBe('ECONNREFUSED');
    clock.advance(29_999);
    expect(await reach(url)).toBe('ECONNREFUSED');
    clock.advance(1);
    await until(() => !emulator!.network.state().down, 'the emulator listens again');
    expect(emulator.port).toBe(port);
    expect(await reach(url)).toBe(200);
  });

  it('in the same process restore() ends it early, and close() while down neither hangs nor listens again', async () => {
    const clock = new ManualClock();
    emulator = await startEmulator({ realism: false, clock });
    emulator.network.down();
    expect(emulator.network.state()).toEqual({ down: true, until: undefined });
    expect(await reach(emulator.url)).toBe('ECONNREFUSED');
    await emulator.network.restore();
    expect(await reach(emulator.url)).toBe(200);
    emulator.network.down(5_000);
    await emulator.close();
    clock.advance(5_000);
    expect(await reach(emulator.url)).toBe('ECONNREFUSED');
    emulator = undefined;
  });

  it('over TLS too: the admin request gets its answer, then connections are refused', async () => {
    emulator = await startEmulator({ realism: false, tls: true, clock: new ManualClock(Date.UTC(2026, 10, 22, 12)) });
    const ca = emulator.certificate!.cert;
    const ask = (method: string, path: string, body?: string) =>
      new Promise<string | number>((resolve) => {
        const outgoing = httpsRequest(
          { host: '127.0.0.1', port: emulator!.port, method, path, ca, headers: { Authorization: siteAuth } },
          (incoming) => {
            incoming.resume();
            incoming.on('end', () => resolve(incoming.statusCode ?? 0));
          },
        );
        outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        outgoing.end(body);
      });
    expect(await ask('GET', '/rest/')).toBe(200);
    expect(await ask('PUT', '/__emulator/network', JSON.stringify({ down: true, seconds: 5 }))).toBe(200);
    expect(await ask('GET', '/rest/')).toBe('ECONNREFUSED');
    await emulator.network.restore();
    expect(await ask('GET', '/rest/')).toBe(200);
  });

  it.each([
    [{ down: true }, 'seconds'],
    [{ down: true, seconds: 0 }, 'seconds'],
    [{ down: true, seconds: 601 }, 'seconds'],
    [{ down: false, seconds: 5 }, 'down'],
    [{ down: true, seconds: 5, port: 1 }, 'port'],
  ])('refuses %j naming %s', async (body, field) => {
    emulator = await startEmulator({ realism: false });
    const response = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/network`, {
      method: 'PUT',
      headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(field);
    expect(emulator.network.state().down).toBe(false);
  });

  it('only site credentials may take the network down', async () => {
    emulator = await startEmulator({ realism: false });
    const response = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/network`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ down: true, seconds: 5 }),
    });
    expect(response.status).toBe(401);
    expect(emulator.network.state().down).toBe(false);
  });
});
