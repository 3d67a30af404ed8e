/** The renderer's scheme and origin in the Electron app (never file://). */
export const appScheme = 'app';
export const appHost = 'lanepoint';
export const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;

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
