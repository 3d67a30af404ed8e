import { isIP } from 'node:net';

/**
 * True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http and training may use.
 * Takes a hostname as `URL#hostname` gives it (IPv6 in brackets, IPv4 already normalized, so
 * `http://2130706433/` arrives here as 127.0.0.1).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}
