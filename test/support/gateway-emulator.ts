import { noWaitClock } from './no-wait-clock';
import type { AuthorizationRequest } from '../../src-main/lane/gateway/auth-request';
import { createGatewayClient, type GatewayClient } from '../../src-main/lane/gateway/client';
import type { GatewayCredentials } from '../../src-main/lane/gateway/client-settings';

/** The emulator's site-level login. */
export const emulatorSiteLogin: GatewayCredentials = { level: 'site', username: 'testing', password: 'testing123' };

/** A gateway client of the emulator at `baseUrl` that retries without waiting. */
export function emulatorClient(baseUrl: string, credentials = emulatorSiteLogin): GatewayClient {
  return createGatewayClient({ baseUrl, credentials, clock: noWaitClock });
}

/** A keyed Visa sale of 12.34 on the emulator's RPCT merchant; `fields` change or add to it. */
export function keyedSale(fields: Partial<AuthorizationRequest> = {}): AuthorizationRequest {
  return { merchid: '496160873888', amount: 1234, account: '4788250000121443', expiry: '1228', ...fields };
}
