import { timingSafeEqual } from 'node:crypto';

/** Loopback names a browser on this machine may use to reach the host. */
const loopbackNames = ['127.0.0.1', 'localhost'] as const;

/**
 * True when the `Host` header names this host on a loopback name and our port. A rebound DNS
 * name (evil.example resolving to 127.0.0.1) arrives with its own name here and is refused.
 */
export function isAllowedHostHeader(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return loopbackNames.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/**
 * True when the `Origin` header is the host's own page. Another web page open in the same
 * browser sends its own origin and is refused; a missing origin is refused too, since every
 * browser sends one on a WebSocket handshake.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'http:' &&
    loopbackNames.some((name) => parsed.hostname === name) &&
    parsed.port === String(port) &&
    parsed.origin === origin.toLowerCase()
  );
}

/** Compares a presented session token with ours in constant time. */
export function isValidToken(presented: string | null | undefined, token: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
