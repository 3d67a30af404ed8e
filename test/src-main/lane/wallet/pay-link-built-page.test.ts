import { systemClock } from '../../../../src-main/platform/clock';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtPayPageDir } from '../../../../src-main/lane/wallet/pay-link/built-page';
import type { PayLinkServer } from '../../../../src-main/lane/wallet/pay-link/server';
import { createPayLinkSessions } from '../../../../src-main/lane/wallet/pay-link/sessions';
import { payLinkCall, startLoopbackPayLink } from '../../../support/pay-link';

/**
 * The pay page's script and style are the files `npm run build` made from src-renderer/pay-page/
 * (ADR 051), served under the same CSP as before; without them the service does not start.
 */

const servers: PayLinkServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const clock = systemClock;
const strictCsp = (scripts: string) =>
  `default-src 'none'; ${scripts}; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

describe('the pay page as built', () => {
  it('finds out/pay-page/ from the source and from the bundle in out/main/', () => {
    const root = mkdtempSync(join(tmpdir(), 'pay-page-root-'));
    writeFileSync(join(root, 'package.json'), '{}');
    mkdirSync(join(root, 'out', 'main'), { recursive: true });
    expect(builtPayPageDir(join(root, 'out', 'main', 'main.js'))).toBe(join(root, 'out', 'pay-page'));
    expect(builtPayPageDir(join(root, 'src-main', 'wallet', 'pay-link', 'built-page.ts'))).toBe(
      join(root, 'out', 'pay-page'),
    );
  });

  it('refuses to start where the page is not built, naming the file and the command', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'pay-page-missing-'));
    const sessions = createPayLinkSessions(clock);
    await expect(startLoopbackPayLink(sessions, 'unbuilt pay page', 'Shop', { pageDir: empty })).rejects.toThrow(
      `The pay page is not built (no ${join(empty, 'pay.js')}); run "npm run build".`,
    );
  });

  it('serves exactly the built files, under the CSP of before, and nothing else from the folder', async () => {
    const built = builtPayPageDir();
    const folder = mkdtempSync(join(tmpdir(), 'pay-page-built-'));
    for (const name of readdirSync(built)) writeFileSync(join(folder, name), readFileSync(join(built, name)));
    writeFileSync(join(folder, 'secret.txt'), 'not for phones');
    const sessions = createPayLinkSessions(clock);
    const liveWallets = { googleMerchantId: 'BCR2DN4TEST', gatewayMerchantId: '496160873888', merchantName: 'Shop' };
    const live = await startLoopbackPayLink(sessions, 'built pay page', 'Shop', { liveWallets, pageDir: folder });
    servers.push(live.server);
    const call = (path: string) => payLinkCall(`${live.server.origin}${path}`, live.ca);
    for (const [name, type] of [
      ['pay.js', 'text/javascript'],
      ['wallets.js', 'text/javascript'],
      ['pay.css', 'text/css'],
    ] as const) {
      const answer = await call(`/pay-assets/${name}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(answer.text).toBe(readFileSync(join(folder, name), 'utf8'));
      expect(answer.headers['content-security-policy']).toBe(
        strictCsp("script-src 'self' https://pay.google.com; frame-src https://pay.google.com"),
      );
    }
    // The script's shared chunk the entries import is served too; no other file, no other folder.
    const chunk = readdirSync(folder).find((name) => /^[\w-]+-[\w-]{8}\.js$/.test(name));
    if (chunk) expect((await call(`/pay-assets/${chunk}`)).status).toBe(200);
    expect((await call('/pay-assets/secret.txt')).status).toBe(404);
    expect((await call('/pay-assets/../package.json')).status).toBe(404);

    const page = await call(`/pay/${sessions.open(100).id}`);
    expect(page.headers['content-security-policy']).toBe(
      strictCsp("script-src 'self' https://pay.google.com; frame-src https://pay.google.com"),
    );
    const scripts = page.text.match(/<script[^>]*>[^<]*<\/script>/g);
    expect(scripts).toEqual([
      '<script type="module" src="/pay-assets/pay.js"></script>',
      '<script type="module" src="/pay-assets/wallets.js"></script>',
    ]);

    const training = await startLoopbackPayLink(sessions, 'built pay page', 'Shop', {
      trainingPayload: () => '{}',
      pageDir: folder,
    });
    servers.push(training.server);
    const trainingPage = await payLinkCall(`${training.server.origin}/pay/${sessions.open(100).id}`, training.ca);
    expect(trainingPage.headers['content-security-policy']).toBe(strictCsp("script-src 'self'"));
    expect(trainingPage.text.match(/<script[^>]*>[^<]*<\/script>/g)).toEqual([
      '<script type="module" src="/pay-assets/pay.js"></script>',
    ]);
  });
});
