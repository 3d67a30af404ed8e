/** The renderer's scheme and origin in the Electron app (never file://). */
export const appScheme = 'app';
export const appHost = 'lanepoint';
export const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;
/** The customer display's page (its own renderer entry), for the counter lane's second window. */
export const customerEntryUrl = `${appOrigin}/customer.html`;

/**
 * True only when `url` parses and its origin is exactly the app's. Prefix tests are not enough:
 * `app://lanepoint.evil.example` and `app://lanepoint@evil` both start with "app://lanepoint".
 */
export function isAppUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${appScheme}:` &&
      parsed.hostname === appHost &&
      parsed.port === '' &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * The origin of a refused URL, for the log. Only the origin: a path or query string could
 * carry anything. Custom and opaque schemes (app:, javascript:) have the origin "null" in a
 * URL parser, so those are shown as scheme and host.
 */
export function describeOrigin(url: string | null | undefined): string {
  if (!url) return '(none)';
  try {
    const { origin, protocol, host } = new URL(url);
    if (origin !== 'null') return origin;
    return host ? `${protocol}//${host}` : protocol;
  } catch {
    return '(unparseable)';
  }
}
