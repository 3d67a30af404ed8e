import { authorizationToWire, type AuthorizationRequest } from './auth-request';
import { parseAuthorization, type Authorization } from './auth-response';
import { resolveGatewayOptions, type GatewayClientOptions } from './client-settings';
import { createRequestSender, type Sleep } from './request-sender';

export interface GatewayClient {
  /**
   * Authorizes (optionally capturing) a payment. Resolves with the outcome, approved or
   * declined; throws ValidationError before sending, RetryableError for respstat B, and
   * TransportError with requestSent when the answer was lost (resolve by order id then).
   */
  auth(request: AuthorizationRequest): Promise<Authorization>;
}

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The gateway's transaction API as typed methods over one request sender (stripe-node's
 * shape). Checks its settings at construction; each method validates before it sends.
 */
export function createGatewayClient(options: GatewayClientOptions & { sleep?: Sleep }): GatewayClient {
  const resolved = resolveGatewayOptions(options);
  const sender = createRequestSender(resolved, options.sleep ?? realSleep);
  return {
    async auth(request) {
      const body = authorizationToWire(request);
      const response = await sender.send({ operation: 'auth', method: 'PUT', path: 'auth', body });
      return parseAuthorization(response.json, response.text);
    },
  };
}
