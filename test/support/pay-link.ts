import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { generateLoopbackCertificate } from '../../src-main/emulator/tls';
import { trainingCertificateFile } from '../../src-main/wallet/pay-link/certificate';
import {
  startPayLinkServer,
  type PayLinkServer,
  type PayLinkServerOptions,
} from '../../src-main/wallet/pay-link/server';
import type { PayLinkSessions } from '../../src-main/wallet/pay-link/sessions';

/** An answer of the pay-link service as a phone's browser gets it. */
export interface PayLinkAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** Training's pay-link certificate as the lane made it in `folder`: what the test's phone trusts. */
export function payLinkCertificate(folder: string): string {
  return (JSON.parse(readFileSync(join(folder, trainingCertificateFile), 'utf8')) as { cert: string }).cert;
}

/** One HTTPS request to the pay-link service, trusting only its certificate `ca`. */
export function payLinkCall(
  url: string,
  ca: string,
  init: { method?: string; body?: string | Buffer; contentType?: string } = {},
): Promise<PayLinkAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (init.contentType) headers['Content-Type'] = init.contentType;
    if (init.body !== undefined) headers['Content-Length'] = Buffer.byteLength(init.body);
    const call = request(url, { method: init.method ?? 'GET', ca, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(init.body);
  });
}

/**
 * The pay-link service alone on a free loopback port, under a fresh certificate named for
 * `purpose`: what a test or a bench drives with payLinkCall, trusting `ca`. The caller closes it.
 * `more`: the live wallet button's settings, or training's emulated wallets.
 */
export async function startLoopbackPayLink(
  sessions: PayLinkSessions,
  purpose: string,
  storeName: string,
  more: Pick<PayLinkServerOptions, 'liveWallets' | 'trainingPayload'> = {},
): Promise<{ server: PayLinkServer; ca: string }> {
  const certificate = await generateLoopbackCertificate(Date.now(), purpose, 1);
  const server = await startPayLinkServer({
    sessions,
    certificate,
    listenHost: '127.0.0.1',
    port: 0,
    storeName,
    ...more,
  });
  return { server, ca: certificate.cert };
}
