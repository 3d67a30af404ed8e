import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect as connectTcp, type Socket } from 'node:net';
import { join } from 'node:path';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { generateLoopbackCertificate } from '../../src-main/platform/tls';
import { trainingCertificateFile } from '../../src-main/lane/wallet/pay-link/certificate';
import {
  startPayLinkServer,
  type PayLinkServer,
  type PayLinkServerOptions,
} from '../../src-main/lane/wallet/pay-link/server';
import type { PayLinkSessions } from '../../src-main/lane/wallet/pay-link/sessions';

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
  init: {
    method?: string;
    body?: string | Buffer;
    contentType?: string;
    localAddress?: string;
    chunked?: boolean;
  } = {},
): Promise<PayLinkAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (init.contentType) headers['Content-Type'] = init.contentType;
    // Chunked: the length is not declared, so the service learns it only as the body arrives.
    if (init.body !== undefined && !init.chunked) headers['Content-Length'] = Buffer.byteLength(init.body);
    // A phone at `localAddress` (another loopback address: another client) when given.
    const from = init.localAddress ? { localAddress: init.localAddress, agent: false as const } : {};
    const call = request(url, { method: init.method ?? 'GET', ca, headers, ...from }, (response) => {
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
    if (init.chunked && init.body !== undefined) call.write(init.body);
    call.end(init.chunked ? undefined : init.body);
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
  more: Pick<PayLinkServerOptions, 'liveWallets' | 'trainingPayload' | 'limits' | 'pageDir'> & { clock?: Clock } = {},
): Promise<{ server: PayLinkServer; ca: string }> {
  const certificate = await generateLoopbackCertificate(Date.now(), purpose, 1);
  const server = await startPayLinkServer({
    sessions,
    certificate,
    listenHost: '127.0.0.1',
    port: 0,
    storeName,
    clock: systemClock,
    ...more,
  });
  return { server, ca: certificate.cert };
}

/** The service's address as a TCP client dials it. */
function endpoint(origin: string): { host: string; port: number } {
  const url = new URL(origin);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
}

/** What a finished TLS handshake agreed on. */
export interface Handshake {
  readonly protocol: string | null;
  readonly cipher: string;
}

/**
 * One TLS handshake with the service as a client offering `offer` (ciphers, versions) and trusting
 * `ca`; resolves with what was agreed, rejects when the service refuses it. Sends no request.
 */
export function tlsHandshake(origin: string, ca: string, offer: ConnectionOptions = {}): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const socket = connectTls({ ...endpoint(origin), ca, ...offer }, () => {
      const agreed = { protocol: socket.getProtocol(), cipher: socket.getCipher().name };
      socket.end();
      resolve(agreed);
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('closed before the handshake ended')));
  });
}

/** A TCP connection to the service (from `localAddress` when given) that says nothing, as it is dialed. */
export function dial(origin: string, localAddress?: string): Socket {
  return connectTcp({ ...endpoint(origin), ...(localAddress ? { localAddress } : {}) });
}

/** A TCP connection to the service that never says a word; resolves once connected. */
export function silentSocket(origin: string, localAddress?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = dial(origin, localAddress);
    socket.once('connect', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves when `socket` closes, with how long after the call that was (ms, real time). */
export function closedAfter(socket: Socket): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(0);
    socket.on('error', () => undefined); // a reset is a close too
    socket.on('close', () => resolve(performance.now() - started));
  });
}
