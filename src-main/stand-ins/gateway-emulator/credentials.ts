import { timingSafeEqual } from 'node:crypto';
import type { EmulatorConfig } from './config';

export type Credential = EmulatorConfig['credentials'][number];

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The configured credential the Basic header names, or undefined. */
function checkCredentials(config: EmulatorConfig, header: string | undefined): Credential | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const [username, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  return config.credentials.find((c) => same(c.username, username) && same(c.password, password));
}

const knownHeaders = new WeakMap<EmulatorConfig, Map<string, Credential | undefined>>();

/** checkCredentials, remembered per header value (a client sends the same one every time). */
export function authenticate(config: EmulatorConfig, header: string | undefined): Credential | undefined {
  if (header === undefined) return undefined;
  let cache = knownHeaders.get(config);
  if (!cache) knownHeaders.set(config, (cache = new Map()));
  if (cache.has(header)) return cache.get(header);
  const credential = checkCredentials(config, header);
  if (cache.size > 256) cache.clear();
  cache.set(header, credential);
  return credential;
}
