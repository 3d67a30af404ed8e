import type { Readable } from 'node:stream';
import { attachmentBody, streamedAttachmentBody } from './attachment-stream';
import { BoardingProtocolError, BoardingRuleError, BoardingValidationError } from './errors';
import {
  checkAttachmentMeta,
  checkCustomFields,
  checkId,
  checkMerchant,
  checkOrder,
  checkOwnerSiteUser,
} from './field-rules';
import { createBillingPlans } from './billing-plans';
import { createBoardingSender, type BoardingRequest } from './request-sender';
import { resolveBoardingOptions, type BoardingClientOptions } from './settings';
import { createTokenKeeper } from './token-keeper';
import { requireWholeObjects } from './whole-objects';
import {
  lookupLists,
  type AttachmentMeta,
  type CodeName,
  type CustomField,
  type CustomFieldValue,
  type Equipment,
  type LookupList,
  type Merchant,
  type MerchantRecord,
  type MerchantStatus,
  type Order,
  type OrderRequest,
  type OwnerSiteUser,
  type Page,
  type SignatureStatus,
} from '../../reference/boarding-wire';

/** Paging as both lists take it: pages count from 1. */
export interface Paging {
  readonly pageNumber?: number;
  readonly pageSize?: number;
}

function checkPaging(paging: Paging): { pageNumber?: number; pageSize?: number } {
  for (const [field, value] of Object.entries(paging)) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1 || value > 1000))
      throw new BoardingValidationError(field, 'must be a whole number from 1 to 1000');
  }
  return paging;
}

const merchantIdOf = (merchantId: string | number) => checkId('merchantId', merchantId, 19);

/**
 * The boarding API client: thin resource methods over one sender. Every request is checked
 * before it is sent (sizes, required fields, whole objects), and calls the service's state
 * forbids are refused with the reason before anything is sent.
 */
export function createBoardingClient(clientOptions: BoardingClientOptions) {
  const options = resolveBoardingOptions(clientOptions);
  const tokens = createTokenKeeper(options);
  const sender = createBoardingSender(options, tokens);
  /** Sends `request` and answers the `key` of its answer, which a well-formed answer always carries. */
  const sendFor = async <T>(request: BoardingRequest, key: string): Promise<T> => {
    const value = (await sender.send<Record<string, T | undefined>>(request))[key];
    if (!value) throw new BoardingProtocolError(`${request.operation}: the answer has no ${key}`);
    return value;
  };

  const merchants = {
    /** Creates an application from a template; answers the new merchantId. It starts INPROG. */
    async create(templateId: number, merchant: Merchant, ownerSiteUser?: OwnerSiteUser): Promise<string> {
      if (!Number.isInteger(templateId) || templateId < 1 || String(templateId).length > 19)
        throw new BoardingValidationError('templateId', 'must be a whole number of at most 19 digits');
      checkMerchant(merchant, 'create');
      if (ownerSiteUser) checkOwnerSiteUser(ownerSiteUser);
      const answer = await sender.send<{ merchantId?: unknown }>({
        operation: 'merchant.create',
        method: 'POST',
        path: 'merchant',
        body: { templateId, merchant, ownerSiteUser: ownerSiteUser ?? null },
      });
      if (answer.merchantId === undefined || answer.merchantId === null)
        throw new BoardingProtocolError('merchant.create: the answer has no merchantId');
      return String(answer.merchantId);
    },
    /** All the merchant's data, with its statuses. */
    async get(merchantId: string | number): Promise<MerchantRecord> {
      return sender.send<MerchantRecord>({
        operation: 'merchant.get',
        method: 'GET',
        path: `merchant/${merchantIdOf(merchantId)}`,
      });
    },
    /**
     * Updates the merchant: only while INPROG (retract the signature first when OFS), and only
     * with whole objects (see `wholeUpdate` to build one from a change). Both are checked against
     * the stored merchant before sending.
     */
    async update(merchantId: string | number, merchant: Merchant, ownerSiteUser?: OwnerSiteUser): Promise<void> {
      const id = merchantIdOf(merchantId);
      checkMerchant(merchant, 'update');
      if (ownerSiteUser) checkOwnerSiteUser(ownerSiteUser);
      const stored = await merchants.get(id);
      const status = stored.merchant.merchantStatus?.boardingProcessStatusCd;
      if (status !== 'INPROG') {
        const how = status === 'OFS' ? ': retract the signature first' : '';
        throw new BoardingRuleError(
          `merchant ${id} is ${status}; its data can change only while INPROG${how}`,
          String(status),
        );
      }
      requireWholeObjects(merchant, stored.merchant);
      await sender.send({
        operation: 'merchant.update',
        method: 'PUT',
        path: `merchant/${id}`,
        body: { merchant, ownerSiteUser: ownerSiteUser ?? null },
      });
    },
    async status(merchantId: string | number): Promise<MerchantStatus> {
      const path = `merchant/${merchantIdOf(merchantId)}/status`;
      return sendFor<MerchantStatus>({ operation: 'merchant.status', method: 'GET', path }, 'merchantStatus');
    },
  };

  const signature = {
    /** Submits for the owner's signature (INPROG -> OFS); answers the signing link. */
    async request(merchantId: string | number): Promise<string> {
      const path = `merchant/${merchantIdOf(merchantId)}/signature`;
      return sendFor<string>({ operation: 'signature.request', method: 'PUT', path }, 'signatureUrl');
    },
    async status(merchantId: string | number): Promise<SignatureStatus> {
      return sender.send<SignatureStatus>({
        operation: 'signature.status',
        method: 'GET',
        path: `merchant/${merchantIdOf(merchantId)}/signature`,
      });
    },
    /** Disables the link (OFS -> INPROG); only while the signature is PENDING. */
    async retract(merchantId: string | number): Promise<void> {
      const id = merchantIdOf(merchantId);
      const current = await signature.status(id);
      if (current.signatureStatusCd !== 'PENDING') {
        throw new BoardingRuleError(
          `merchant ${id}: the signature is ${current.signatureStatusCd}; only a PENDING one can be retracted`,
          current.signatureStatusCd,
        );
      }
      await sender.send({ operation: 'signature.retract', method: 'DELETE', path: `merchant/${id}/signature` });
    },
  };

  /** Sends one attachment body; answers its attachmentId. */
  async function sendAttachment(merchantId: string, stream: () => Readable): Promise<number> {
    const answer = await sender.send<{ attachmentId?: number }>({
      operation: 'attachment.upload',
      method: 'PUT',
      path: `merchant/${merchantId}/attachment`,
      stream,
    });
    if (typeof answer.attachmentId !== 'number')
      throw new BoardingProtocolError('attachment.upload: the answer has no attachmentId');
    return answer.attachmentId;
  }

  const attachments = {
    /** Uploads a document or image of up to 100 MB, streamed from the file; answers its attachmentId. */
    async upload(merchantId: string | number, filePath: string, meta: AttachmentMeta): Promise<number> {
      const id = merchantIdOf(merchantId);
      checkAttachmentMeta(meta);
      return sendAttachment(id, (await attachmentBody(filePath, meta)).stream);
    },
    /**
     * Uploads a document arriving as a stream (the back office's upload route), encoded as it
     * comes; the caller bounds its size. Answers its attachmentId.
     */
    async uploadStream(
      merchantId: string | number,
      source: AsyncIterable<Uint8Array>,
      meta: AttachmentMeta,
    ): Promise<number> {
      const id = merchantIdOf(merchantId);
      checkAttachmentMeta(meta);
      return sendAttachment(id, streamedAttachmentBody(source, meta));
    },
  };

  const equipment = {
    /** One page of the catalog for a sales code, optionally filtered by supplier and type. */
    async catalog(
      query: { salesCode: string; equipmentSupplierCd?: string; equipmentTypeCd?: string } & Paging,
    ): Promise<Page<Equipment>> {
      if (!query.salesCode || query.salesCode.length > 25)
        throw new BoardingValidationError('salesCode', 'is required, at most 25 characters');
      const paging = checkPaging({ pageNumber: query.pageNumber, pageSize: query.pageSize });
      return sender.send({
        operation: 'equipment.catalog',
        method: 'GET',
        path: 'equipmentCatalog/list',
        query: {
          salesCode: query.salesCode,
          equipmentSupplierCd: query.equipmentSupplierCd,
          equipmentTypeCd: query.equipmentTypeCd,
          ...paging,
        },
      });
    },
  };

  const orders = {
    async create(order: OrderRequest): Promise<number> {
      checkOrder(order);
      const answer = await sender.send<{ orderId?: number }>({
        operation: 'order.create',
        method: 'POST',
        path: 'order',
        body: { order },
      });
      if (typeof answer.orderId !== 'number')
        throw new BoardingProtocolError('order.create: the answer has no orderId');
      return answer.orderId;
    },
    async get(orderId: number): Promise<Order> {
      return sender.send({ operation: 'order.get', method: 'GET', path: `order/${checkId('orderId', orderId, 19)}` });
    },
    async list(merchantId: string | number, paging: Paging = {}): Promise<Page<Order>> {
      return sender.send({
        operation: 'order.list',
        method: 'GET',
        path: 'order/list',
        query: { merchantId: merchantIdOf(merchantId), ...checkPaging(paging) },
      });
    },
    /** Changes quantity, prices, bill-to; merchantId and equipmentId cannot change (checked first). */
    async update(orderId: number, order: OrderRequest): Promise<void> {
      checkOrder(order);
      const current = await orders.get(orderId);
      for (const field of ['merchantId', 'equipmentId'] as const) {
        if (String(current[field]) !== String(order[field]))
          throw new BoardingRuleError(
            `order ${orderId}: ${field} cannot change after creation`,
            String(current[field]),
          );
      }
      await sender.send({ operation: 'order.update', method: 'PUT', path: `order/${orderId}`, body: { order } });
    },
    /** Cancels an order; only while it is NEW. */
    async cancel(orderId: number): Promise<void> {
      const current = await orders.get(orderId);
      if (current.orderStatusCd !== 'NEW')
        throw new BoardingRuleError(
          `order ${orderId} is ${current.orderStatusCd}; only a NEW order can be cancelled`,
          current.orderStatusCd,
        );
      await sender.send({ operation: 'order.cancel', method: 'POST', path: `order/${orderId}/cancel` });
    },
  };

  /**
   * A part of the merchant kept at `merchant/{id}/{path}` and filed under `key`: read (`missing`
   * when the answer has none), and replaced whole once `check` passes it.
   */
  const merchantPart = <Read, Write>(key: string, path: string, check: (value: Write) => void, missing: Read) => ({
    async get(merchantId: string | number): Promise<Read> {
      const where = `merchant/${merchantIdOf(merchantId)}/${path}`;
      const answer = await sender.send<Record<string, Read | undefined>>({
        operation: `${key}.get`,
        method: 'GET',
        path: where,
      });
      return answer[key] ?? missing;
    },
    async update(merchantId: string | number, value: Write): Promise<void> {
      check(value);
      const where = `merchant/${merchantIdOf(merchantId)}/${path}`;
      await sender.send({ operation: `${key}.update`, method: 'PUT', path: where, body: { [key]: value } });
    },
  });
  const customFields = merchantPart<CustomField[], CustomFieldValue[]>(
    'customFields',
    'customfields',
    (fields) => checkCustomFields(fields),
    [],
  );
  const ownerSiteUser = merchantPart<OwnerSiteUser | null, OwnerSiteUser>(
    'ownerSiteUser',
    'ownerSiteUser',
    checkOwnerSiteUser,
    null,
  );

  /** A code list of `GET /lookup/*`; unknown codes are the service's to add, shown as they come. */
  async function lookup(list: LookupList): Promise<CodeName[]> {
    if (!Object.hasOwn(lookupLists, list)) throw new BoardingValidationError('list', `"${list}" is not a lookup list`);
    const answer = await sender.send<Record<string, unknown>>({
      operation: `lookup.${list}`,
      method: 'GET',
      path: `lookup/${list}`,
    });
    const rows = answer[lookupLists[list]];
    if (!Array.isArray(rows))
      throw new BoardingProtocolError(`lookup.${list}: the answer has no ${lookupLists[list]} list`);
    return rows.map((row: Partial<CodeName>) => ({ code: String(row.code ?? ''), name: String(row.name ?? '') }));
  }

  return {
    merchants,
    signature,
    attachments,
    equipment,
    orders,
    customFields,
    ownerSiteUser,
    lookup,
    billingPlans: createBillingPlans(sender),
    /** When the held access token lapses (undefined before the first call). */
    tokenExpiresAt: () => tokens.expiresAt(),
  };
}

export type BoardingClient = ReturnType<typeof createBoardingClient>;
