import { authorizationToWire, type AuthorizationRequest } from './auth-request';
import { parseAuthorization, type Authorization } from './auth-response';
import { captureToWire, parseCapture, type Capture, type CaptureRequest } from './capture';
import { resolveGatewayOptions, type GatewayClientOptions } from './client-settings';
import { checkField, merchidRule, orderidRule, requireField, retrefRule } from './field-rules';
import { parseCredentialTest, parseMerchantInquiry, type MerchantInquiry } from './merchant';
import { createRequestSender } from './request-sender';
import {
  parseReversal,
  reversalToWire,
  voidByOrderIdToWire,
  type Reversal,
  type ReversalRequest,
  type VoidByOrderIdRequest,
} from './reversal';
import {
  batchSourceQueryToWire,
  parseSettlement,
  parseSettlementByBatchSource,
  settlementPath,
  type SettlementBatch,
  type SettlementQuery,
} from './settlement';
import { parseSurcharge, surchargePath, type SurchargeAnswer, type SurchargeRequest } from './surcharge';
import { parseTransactionRecord, parseTransactionRecords, type TransactionRecord } from './transaction-record';
import { serviceMethods, type GatewayServices } from './service-methods';

export interface GatewayClient extends GatewayServices {
  /**
   * Authorizes (optionally capturing) a payment. Resolves with the outcome, approved or
   * declined; throws ValidationError before sending, RetryableError for respstat B, and
   * GatewayTransportError with requestSent when the answer was lost (resolve by order id then).
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
  /** The settled batches opened (openbatch) or captured under a batch source, with their transactions. */
  settlementByBatchSource(query: { merchid: string; batchsource: string }): Promise<SettlementBatch[]>;
  /**
   * Whether the gateway would surcharge this card (by token) or cardholder (by postal code), and
   * with an amount the fee. Informational: the authorization applies the fee by itself. Throws
   * ValidationError before sending, GatewayError (status 400) for a request the gateway refuses.
   */
  surcharge(request: SurchargeRequest): Promise<SurchargeAnswer>;
}

const segment = (value: string) => encodeURIComponent(value);

/**
 * The gateway's transaction API as typed methods over one request sender (stripe-node's
 * shape). Checks its settings at construction; each method validates before it sends.
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const resolved = resolveGatewayOptions(options);
  const sender = createRequestSender(resolved);
  const reverse = (operation: 'void' | 'refund' | 'voidByOrderId', body: unknown) =>
    sender.call({ operation, method: 'POST', path: operation, body }, (json, raw) =>
      parseReversal(operation, json, raw),
    );
  return {
    ...serviceMethods(sender),
    async auth(request) {
      const body = authorizationToWire(request);
      return sender.call({ operation: 'auth', method: 'POST', path: 'auth', body }, parseAuthorization);
    },
    async capture(request) {
      const body = captureToWire(request);
      return sender.call({ operation: 'capture', method: 'POST', path: 'capture', body }, parseCapture);
    },
    void: async (request) => reverse('void', reversalToWire('void', request)),
    refund: async (request) => reverse('refund', reversalToWire('refund', request)),
    voidByOrderId: async (request) => reverse('voidByOrderId', voidByOrderIdToWire(request)),
    async inquire({ merchid, retref }) {
      requireField('retref', retref);
      requireField('merchid', merchid);
      checkField('retref', retref, retrefRule);
      checkField('merchid', merchid, merchidRule);
      const path = `inquire/${segment(retref)}/${segment(merchid)}`;
      return sender.call({ operation: 'inquire', method: 'GET', path }, (json, raw) =>
        parseTransactionRecord('inquire', json, raw),
      );
    },
    async inquireByOrderid({ merchid, orderid, scope = 'merchant' }) {
      requireField('orderid', orderid);
      requireField('merchid', merchid);
      checkField('orderid', orderid, orderidRule);
      checkField('merchid', merchid, merchidRule);
      const path = `inquireByOrderid/${segment(orderid)}/${segment(merchid)}${scope === 'merchant' ? '/1' : ''}`;
      return sender.call({ operation: 'inquireByOrderid', method: 'GET', path }, (json, raw) =>
        parseTransactionRecords('inquireByOrderid', json, raw),
      );
    },
    async credentialTest(request) {
      if (resolved.credentials.level === 'merchant') {
        requireField('merchid', request?.merchid, 'merchant-level credentials are tested with their merchant id');
        checkField('merchid', request!.merchid, merchidRule);
        const body = { merchid: request!.merchid };
        return sender.call(
          { operation: 'credentialTest', method: 'PUT', path: '', body, expect: 'text' },
          parseCredentialTest,
        );
      }
      return sender.call({ operation: 'credentialTest', method: 'GET', path: '', expect: 'text' }, parseCredentialTest);
    },
    async inquireMerchant({ merchid }) {
      requireField('merchid', merchid);
      checkField('merchid', merchid, merchidRule);
      const path = `inquireMerchant/${segment(merchid)}`;
      return sender.call({ operation: 'inquireMerchant', method: 'GET', path }, parseMerchantInquiry);
    },
    settlementStatus: async (query) =>
      sender.call(
        { operation: 'settlestat', method: 'GET', path: settlementPath(query), expect: 'text' },
        (json, raw) => parseSettlement(json, raw),
      ),
    settlementByBatchSource: async (query) =>
      sender.call(
        {
          operation: 'settlestatByBatchSource',
          method: 'POST',
          path: 'settlestatByBatchSource',
          body: batchSourceQueryToWire(query),
          expect: 'text',
        },
        parseSettlementByBatchSource,
      ),
    surcharge: async (request) =>
      sender.call({ operation: 'surcharge', method: 'GET', path: surchargePath(request) }, parseSurcharge),
  };
}
