import { systemClock } from '../../../../src-main/platform/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { payloadLimitBytes, type PayLinkServer } from '../../../../src-main/lane/wallet/pay-link/server';
import { createPayLinkSessions, PayLinkEnded } from '../../../../src-main/lane/wallet/pay-link/sessions';
import { payLinkCall, startLoopbackPayLink } from '../../../support/pay-link';

/** The pay-link service alone over real HTTPS: what a phone's browser gets, and what it may not do. */

const servers: PayLinkServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function service(lifetimeMs?: number, more: Parameters<typeof startLoopbackPayLink>[3] = {}) {
  const clock = { ...systemClock, offset: 0, now: () => Date.now() + clock.offset };
  const sessions = createPayLinkSessions(clock, lifetimeMs);
  const { server, ca } = await startLoopbackPayLink(sessions, 'pay link test', 'Test Store', { clock, ...more });
  servers.push(server);
  return { sessions, server, ca, clock };
}

describe('the pay-link service', () => {
  it('serves the page under a strict CSP with its own script and style, never framed or referred', async () => {
    const { sessions, server, ca } = await service();
    const session = sessions.open(4200);
    const page = await payLinkCall(`${server.origin}/pay/${session.id}`, ca);
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/); // nothing inline
    expect(page.text).toContain('<script type="module" src="/pay-assets/pay.js"></script>');
    expect(page.text).not.toContain('training wallet'); // live: no emulated wallet
    expect((await payLinkCall(`${server.origin}/pay-assets/pay.js`, ca)).status).toBe(200);
    // Live has no training endpoint.
    expect(
      (await payLinkCall(`${server.origin}/pay/${session.id}/training-payload`, ca, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('answers an unknown link 404, and takes only a JSON payload within the size limit', async () => {
    const { sessions, server, ca } = await service();
    const unknown = await payLinkCall(`${server.origin}/pay/AAAAAAAAAAAAAAAAAAAAAA`, ca);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('This payment link is not known');
    const session = sessions.open(100);
    const url = `${server.origin}/pay/${session.id}`;
    const form = await payLinkCall(url, ca, {
      method: 'POST',
      body: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const huge = await payLinkCall(url, ca, {
      method: 'POST',
      body: JSON.stringify({ token: 'x'.repeat(payloadLimitBytes) }),
      contentType: 'application/json',
    });
    expect(huge.status).toBe(413);
    const broken = await payLinkCall(url, ca, { method: 'POST', body: '{"token":', contentType: 'application/json' });
    expect(broken.status).toBe(400);
    // None of those used the link up.
    const waiting = session.payload(new AbortController().signal);
    const good = await payLinkCall(url, ca, { method: 'POST', body: '{"token":{}}', contentType: 'application/json' });
    expect(good.status).toBe(202);
    expect((await waiting).body).toEqual({ token: {} });
  });

  it('answers a chunked payload over the limit 413 in words, and one that is not UTF-8 400, the link still waiting', async () => {
    const { sessions, server, ca } = await service();
    const session = sessions.open(100);
    const url = `${server.origin}/pay/${session.id}`;
    const huge = await payLinkCall(url, ca, {
      method: 'POST',
      body: JSON.stringify({ token: 'x'.repeat(payloadLimitBytes) }),
      contentType: 'application/json',
      chunked: true,
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toEqual({
      state: 'waiting',
      message: `A payment is at most ${payloadLimitBytes} bytes.`,
    });
    const latin1 = await payLinkCall(url, ca, {
      method: 'POST',
      body: Buffer.from('{"token":"caf\xe9"}', 'latin1'),
      contentType: 'application/json',
    });
    expect(latin1.status).toBe(400);
    expect(sessions.find(session.id)?.status().state).toBe('waiting');
  });

  it('expires a link after its lifetime: the lane hears it, the page says so with 410', async () => {
    const { sessions, server, ca } = await service(200);
    const session = sessions.open(100);
    await expect(session.payload(new AbortController().signal)).rejects.toEqual(new PayLinkEnded('expired'));
    const page = await payLinkCall(`${server.origin}/pay/${session.id}`, ca);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This payment link has expired.');
    const late = await payLinkCall(`${server.origin}/pay/${session.id}`, ca, {
      method: 'POST',
      body: '{"token":{}}',
      contentType: 'application/json',
    });
    expect(late.status).toBe(410);
  });

  it('expires by the injected clock, not only by the timer', async () => {
    const { sessions, server, ca, clock } = await service();
    const session = sessions.open(100);
    clock.offset += 2 * 60 * 1000;
    const status = await payLinkCall(`${server.origin}/pay/${session.id}/status`, ca);
    expect(JSON.parse(status.text)).toMatchObject({ state: 'expired' });
  });

  it('makes an address that asked for wrong links wait, by the clock, but keeps serving the link its phone opened', async () => {
    const { sessions, server, ca, clock } = await service(undefined, {
      limits: { guessAllowance: 2, guessBackoffMs: 5_000 },
    });
    const router = { localAddress: '127.0.0.4' };
    const paying = sessions.open(100);
    expect((await payLinkCall(`${server.origin}/pay/${paying.id}`, ca, router)).status).toBe(200);
    const wrong = (n: number) => `${server.origin}/pay/${String(n).padStart(22, 'B')}`;
    expect((await payLinkCall(wrong(1), ca, router)).status).toBe(404);
    expect((await payLinkCall(wrong(2), ca, router)).status).toBe(404);
    const refused = await payLinkCall(wrong(3), ca, router);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.text).toContain('Try again in 5 seconds, or ask the cashier.');
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    // The phone that was paying keeps polling and posting.
    expect((await payLinkCall(`${server.origin}/pay/${paying.id}/status`, ca, router)).status).toBe(200);
    // A link this address never opened waits like a wrong one: the answer tells nothing about which ids exist.
    const next = sessions.open(200);
    const waiting = await payLinkCall(`${server.origin}/pay/${next.id}/status`, ca, router);
    expect(waiting.status).toBe(429);
    expect(JSON.parse(waiting.text)).toMatchObject({ state: 'unknown', message: expect.stringContaining('Try again') });
    clock.offset += 5_000;
    expect((await payLinkCall(`${server.origin}/pay/${next.id}`, ca, router)).status).toBe(200);
    // The next miss waits twice as long.
    expect((await payLinkCall(wrong(4), ca, router)).headers['retry-after']).toBe('10');
  });

  it('makes unguessable ids: 128 random bits each', async () => {
    const { sessions } = await service();
    const ids = new Set(Array.from({ length: 200 }, () => sessions.open(1).id));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(Buffer.from(id, 'base64url')).toHaveLength(16);
  });

  it('admits exactly the wallet\u2019s script origin in live mode, none in training', async () => {
    const directives = (csp: string) =>
      new Map(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
          .map(([name, ...values]) => [name, values]),
      );
    const liveWallets = {
      googleMerchantId: 'BCR2DN4TEST',
      gatewayMerchantId: '496160873888',
      merchantName: 'Test Store',
    };
    const live = await service(undefined, { liveWallets });
    const liveLink = live.sessions.open(1234);
    const livePage = await payLinkCall(`${live.server.origin}/pay/${liveLink.id}`, live.ca);
    const liveCsp = directives(String(livePage.headers['content-security-policy']));
    expect(liveCsp.get('script-src')).toEqual(["'self'", 'https://pay.google.com']);
    expect(liveCsp.get('frame-src')).toEqual(['https://pay.google.com']);
    expect(liveCsp.get('connect-src')).toEqual(["'self'"]);
    expect(liveCsp.get('default-src')).toEqual(["'none'"]);
    expect(livePage.text).toContain('<script type="module" src="/pay-assets/wallets.js"></script>');
    const data = /data-google="([^"]+)"/.exec(livePage.text)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(data!)).toEqual({
      merchantId: 'BCR2DN4TEST',
      merchantName: 'Test Store',
      gatewayMerchantId: '496160873888',
      gateway: 'cardconnect',
      totalPrice: '12.34',
      currencyCode: 'USD',
    });
    expect((await payLinkCall(`${live.server.origin}/pay-assets/wallets.js`, live.ca)).status).toBe(200);

    const training = await service(undefined, { liveWallets, trainingPayload: () => '{}' });
    const link = training.sessions.open(500);
    const page = await payLinkCall(`${training.server.origin}/pay/${link.id}`, training.ca);
    const csp = String(page.headers['content-security-policy']);
    expect(directives(csp).get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/https:|frame-src/);
    expect(page.text).not.toMatch(/data-google|wallets\.js/);
    expect((await payLinkCall(`${training.server.origin}/pay-assets/wallets.js`, training.ca)).status).toBe(404);
  });

  it('offers no wallet button without the wallet merchant id: the page says no wallet instead', async () => {
    const { sessions, server, ca } = await service(undefined, {
      liveWallets: { googleMerchantId: '', gatewayMerchantId: '496160873888', merchantName: '' },
    });
    const page = await payLinkCall(`${server.origin}/pay/${sessions.open(100).id}`, ca);
    expect(page.text).not.toContain('data-google');
    expect(page.text).toContain('id="wallet-note"');
  });
});
