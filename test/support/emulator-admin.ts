/**
 * The gateway emulator's test-only admin endpoints (site-level credentials): faults to inject
 * and the day's batches to settle, as the tests that drive a lane against it use them.
 */
export function emulatorAdmin(restUrl: string, credentials = { username: 'testing', password: 'testing123' }) {
  const root = `${restUrl.replace(/\/rest\/?$/, '')}/__emulator/`;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    'Content-Type': 'application/json',
  };
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${root}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`emulator admin ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    /** One fault for an endpoint: once (the default) or until cleared; `ms` for the delays. */
    fault: (endpoint: string, kind: string, times: 'once' | 'always' = 'once', ms?: number) =>
      send('PUT', 'faults', { endpoint, kind, times, ...(ms === undefined ? {} : { ms }) }),
    clearFaults: () => send('DELETE', 'faults'),
    /** The network goes down for `seconds`: connections refused and open ones cut, then it listens again. */
    networkDown: (seconds: number) => send('PUT', 'network', { down: true, seconds }),
    /** Closes the open batches: captured sales become settled (refundable, no longer voidable). */
    settle: () => send('POST', 'settle', {}),
  };
}
