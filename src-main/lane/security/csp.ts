import { securityHeaders } from '../../platform/http/inbound';

/**
 * The renderer's Content Security Policy, one definition for both shells. The renderer is a
 * built bundle: no inline script, no eval, no remote code, nothing framed, no forms posted.
 * `connectSrc` adds the browser-mode bridge address; Electron needs none (it uses IPC).
 */
export function contentSecurityPolicy(options: { connectSrc?: readonly string[] } = {}): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.connectSrc ?? [])],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers every response carrying renderer content gets, in either shell (the inbound toolkit's builder). */
export function rendererSecurityHeaders(csp: string): Record<string, string> {
  return securityHeaders({ csp, isolated: true });
}
