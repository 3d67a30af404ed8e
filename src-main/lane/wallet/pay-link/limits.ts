import type { Server } from 'node:net';
import type { SecureContextOptions, TlsOptions } from 'node:tls';
import { LaneError } from '../../errors';

/**
 * What the pay-link service allows a client (ADR 047): the TLS it speaks, how many sockets one
 * address may hold, how long a socket may stay silent, and how many wrong links an address may
 * ask for before it waits. The defaults are safe for a store; tests make the times small.
 */

/**
 * TLS 1.3's suites and TLS 1.2's ECDHE AEAD suites only: every session has forward secrecy and
 * authenticated encryption. No static-RSA key exchange (AES256-SHA and its kin), no CBC, no DHE
 * (slow, and its strength rests on parameters a client cannot check). Every phone browser since
 * Android 5 and iOS 9 offers one of these.
 */
export const payLinkCiphers = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** The TLS part of the service's options: TLS 1.2 at least, the suites above, the server's order. */
export const payLinkTls: Pick<TlsOptions & SecureContextOptions, 'minVersion' | 'ciphers' | 'honorCipherOrder'> = {
  minVersion: 'TLSv1.2',
  ciphers: payLinkCiphers,
  honorCipherOrder: true,
};

/** One year: phones that once opened the page never try it over plain HTTP again. */
export const hstsMaxAgeSeconds = 31_536_000;
export const strictTransportSecurity = `max-age=${hstsMaxAgeSeconds}`;

export interface PayLinkLimits {
  /** Sockets one client address may hold at once; one more is reset as it arrives. A phone's browser opens up to six. */
  readonly maxConnectionsPerClient: number;
  /** Sockets all clients together may hold: the lane's own file handles (its journal) come first. */
  readonly maxConnections: number;
  /** A socket that has not finished its TLS handshake this long after connecting is closed. */
  readonly handshakeTimeoutMs: number;
  /** A socket with no traffic this long (after its handshake) is closed. */
  readonly idleTimeoutMs: number;
  /** Wrong link ids an address may ask for before it must wait. */
  readonly guessAllowance: number;
  /** The first wait after the allowance; each further wrong id doubles it. */
  readonly guessBackoffMs: number;
  /** The longest wait. */
  readonly guessMaxBackoffMs: number;
  /** An address that asked for no wrong id this long starts again with its whole allowance. */
  readonly guessMemoryMs: number;
}

export const defaultPayLinkLimits: PayLinkLimits = {
  maxConnectionsPerClient: 32,
  maxConnections: 256,
  handshakeTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  guessAllowance: 10,
  guessBackoffMs: 1_000,
  guessMaxBackoffMs: 60_000,
  guessMemoryMs: 10 * 60_000,
};

/** The defaults with `given` over them; a value that is not a positive whole number is refused, naming it. */
export function payLinkLimits(given: Partial<PayLinkLimits> = {}): PayLinkLimits {
  const limits = { ...defaultPayLinkLimits, ...given };
  for (const [name, value] of Object.entries(limits) as Array<[keyof PayLinkLimits, unknown]>)
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
      throw new LaneError(
        'invalid',
        `The pay-link limit ${name} must be a positive whole number; it was ${String(value)}.`,
        name,
      );
  return limits;
}

/** The address a socket came from, one spelling per client (an IPv4 client seen on a dual-stack socket as itself). */
export function clientAddress(socket: { readonly remoteAddress?: string | undefined }): string {
  const address = socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * Resets a connection as it arrives (before its handshake) when its address already holds `max`,
 * and counts each held one until it closes.
 */
export function capConnectionsPerClient(server: Server, max: number): void {
  const held = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = clientAddress(socket);
    const count = held.get(address) ?? 0;
    if (!address || count >= max) {
      socket.resetAndDestroy();
      return;
    }
    held.set(address, count + 1);
    socket.once('close', () => {
      const left = (held.get(address) ?? 1) - 1;
      if (left > 0) held.set(address, left);
      else held.delete(address);
    });
  });
}
