import { authorizationToWire, type AuthorizationRequest } from './auth-request';
import { parseAuthorization, type Authorization } from './auth-response';
import { captureToWire, parseCapture, type Capture, type CaptureRequest } from './capture';
import { resolveGatewayOptions, type GatewayClientOptions } from './client-settings';
import { checkField, merchidRule, orderidRule, requireField, retrefRule } from './field-rules';
import { parseCredentialTest, parseMerchantInquiry, type MerchantInquiry } from './merchant';
import { createRequestSender, type Sleep } from './request-sender';
import {
  parseReversal,
  reversalToWire,
  voidByOrderIdToWire,
  type Reversal,
  type ReversalRequest,
  type VoidByOrderIdRequest,
} from './reversal';
import { parseSettlement, settlementPath, type SettlementBatch, type SettlementQuery } from './settlement';
import { parseTransactionRecord, parseTransactionRecords, type TransactionRecord } from './transaction-record';
import { serviceMethods, type GatewayServices } from './service-methods';

export interface GatewayClient extends GatewayServices {
  /**
   * Authorizes (optionally capturing) a payment. Resolves with the outcome, approved or
   * declined; throws ValidationError before sending, RetryableError for respstat B, and
   * TransportError with requestSent when the answer was lost (resolve by order id then).
   */
  auth(request: AuthorizationRequest): Promise<Authorization>;
  /** Queues an authorization for settlement, with Level 2/3 data; an unknown retref answers found: false. */
  capture(request: CaptureRequest): Promise<Capture>;
  /** Voids an Authorized (full or partial) or Queued for Capture (full only) transaction. */
  void(request: ReversalRequest): Promise<Reversal>;
  /** Refunds a settled transaction, in full or in part. */
  refund(request: ReversalRequest): Promise<Reversal>;
  /** Voids whatever authorization of this merchant used the order id (lost-answer recovery). */
  voidByOrderId(request: VoidByOrderIdRequest): Promise<Reversal>;
  /** The transaction record for a retrieval reference. */
  inquire(request: { merchid: string; retref: string }): Promise<TransactionRecord>;
  /**
   * Every authorization attempt that used the order id: for this merchant only (`scope`
   * "merchant", set=1) or across the site ("site").
   */
  inquireByOrderid(request: {
    merchid: string;
    orderid: string;
    scope?: 'merchant' | 'site';
  }): Promise<TransactionRecord[]>;
  /**
   * Checks the credentials: GET on the root with site-level credentials, PUT with the
   * merchant id with merchant-level ones. Throws AuthenticationError when they are wrong.
   */
  credentialTest(request?: { merchid: string }): Promise<{ message: string }>;
  /** Whether a merchant id is boarded on this site, not on it, or invalid. */
  inquireMerchant(request: { merchid: string }): Promise<MerchantInquiry>;
  /** Settlement batches by date (MMDD) or batch id; with merchid alone, the ones not returned before. */
  settlementStatus(query: SettlementQuery): Promise<SettlementBatch[]>;
}

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const segment = (value: string) => encodeURIComponent(value);

/**
 * The gateway's transaction API as typed methods over one request sender (stripe-node's
 * shape). Checks its settings at construction; each method validates before it sends.
 */
export function createGatewayClient(options: GatewayClientOptions & { sleep?: Sleep }): GatewayClient {
  const resolved = resolveGatewayOptions(options);
  const sender = createRequestSender(resolved, options.sleep ?? realSleep);
  return {
    ...serviceMethods(sender),
    async auth(request) {
      const body = authorizationToWire(request);
      const response = await sender.send({ operation: 'auth', method: 'POST', path: 'auth', body });
      return parseAuthorization(response.json, response.text);
    },
    async capture(request) {
      const body = captureToWire(request);
      const response = await sender.send({ operation: 'capture', method: 'POST', path: 'capture', body });
      return parseCapture(response.json, response.text);
    },
    async void(request) {
      const body = reversalToWire('void', request);
      const response = await sender.send({ operation: 'void', method: 'POST', path: 'void', body });
      return parseReversal('void', response.json, response.text);
    },
    async refund(request) {
      const body = reversalToWire('refund', request);
      const response = await sender.send({ operation: 'refund', method: 'POST', path: 'refund', body });
      return parseReversal('refund', response.json, response.text);
    },
    async voidByOrderId(request) {
      const body = voidByOrderIdToWire(request);
      const response = await sender.send({ operation: 'voidByOrderId', method: 'POST', path: 'voidByOrderId', body });
      return parseReversal('voidByOrderId', response.json, response.text);
    },
    async inquire({ merchid, retref }) {
      requireField('retref', retref);
      requireField('merchid', merchid);
      checkField('retref', retref, retrefRule);
      checkField('merchid', merchid, merchidRule);
      const path = `inquire/${segment(retref)}/${segment(merchid)}`;
      const response = await sender.send({ operation: 'inquire', method: 'GET', path });
      return parseTransactionRecord('inquire', response.json, response.text);
    },
    async inquireByOrderid({ merchid, orderid, scope = 'merchant' }) {
      requireField('orderid', orderid);
      requireField('merchid', merchid);
      checkField('orderid', orderid, orderidRule);
      checkField('merchid', merchid, merchidRule);
      const path = `inquireByOrderid/${segment(orderid)}/${segment(merchid)}${scope === 'merchant' ? '/1' : ''}`;
      const response = await sender.send({ operation: 'inquireByOrderid', method: 'GET', path });
      return parseTransactionRecords('inquireByOrderid', response.json, response.text);
    },
    async credentialTest(request) {
      if (resolved.credentials.level === 'merchant') {
        requireField('merchid', request?.merchid, 'merchant-level credentials are tested with their merchant id');
        checkField('merchid', request!.merchid, merchidRule);
        const body = { merchid: request!.merchid };
        const response = await sender.send({
          operation: 'credentialTest',
          method: 'PUT',
          path: '',
          body,
          expect: 'text',
        });
        return parseCredentialTest(response.json, response.text);
      }
      const response = await sender.send({ operation: 'credentialTest', method: 'GET', path: '', expect: 'text' });
      return parseCredentialTest(response.json, response.text);
    },
    async inquireMerchant({ merchid }) {
      requireField('merchid', merchid);
      checkField('merchid', merchid, merchidRule);
      const response = await sender.send({
        operation: 'inquireMerchant',
        method: 'GET',
        path: `inquireMerchant/${segment(merchid)}`,
      });
      return parseMerchantInquiry(response.json, response.text);
    },
    async settlementStatus(query) {
      const response = await sender.send({
        operation: 'settlestat',
        method: 'GET',
        path: settlementPath(query),
        expect: 'text',
      });
      return parseSettlement(response.json, response.text);
    },
  };
}
