import type { GatewayRoute } from './gateway-route';
import { closeMerchantBatch, openMerchantBatch } from './batches';
import { binLookup } from './bin-endpoint';
import { fundingReport } from './funding';
import { merchantWrite, unauthorized, writes } from './merchant-access';
import { deleteProfile, getProfile, saveProfile } from './profile-endpoints';
import { settlementByBatchSource } from './settlement';
import { signatureCapture } from './sigcap';
import { surchargeInquiry } from './surcharge';

/**
 * The gateway's services beside the transaction calls: sigcap, funding, profile, bin, openbatch,
 * closebatch, settlestatByBatchSource and surcharge, as routes of the one route table (gateway-routes.ts spreads them in).
 */
export const serviceRoutes: readonly GatewayRoute[] = [
  merchantWrite('sigcap', signatureCapture),
  {
    endpoint: 'funding',
    methods: ['GET'],
    params: [0],
    answer: (context, call) => fundingReport(context, call.query, call.allowed),
  },
  {
    endpoint: 'profile',
    methods: writes,
    params: [0],
    answer: async (context, call) => saveProfile(context, await call.body(), call.allowed),
  },
  {
    endpoint: 'profile',
    methods: ['GET'],
    params: [2, 3],
    answer: (context, call) => getProfile(context, call.params, call.allowed),
  },
  {
    endpoint: 'profile',
    methods: ['DELETE'],
    params: [2, 3],
    answer: (context, call) => deleteProfile(context, call.params, call.allowed),
  },
  {
    endpoint: 'bin',
    methods: ['GET'],
    params: [2],
    answer: (context, { params: [merchid = '', token = ''], allowed }) =>
      allowed(merchid) ? binLookup(context, token) : unauthorized,
  },
  {
    endpoint: 'openbatch',
    methods: ['GET'],
    params: [2],
    answer: (context, { params: [merchid = '', batchSource = ''], allowed }) =>
      allowed(merchid) ? openMerchantBatch(context, merchid, batchSource) : unauthorized,
  },
  {
    endpoint: 'closebatch',
    methods: ['GET'],
    params: [1, 2],
    answer: (context, { params: [merchid = '', batchid], allowed }) =>
      allowed(merchid) ? closeMerchantBatch(context, merchid, batchid) : unauthorized,
  },
  {
    endpoint: 'settlestatByBatchSource',
    methods: ['POST'],
    params: [0],
    async answer(context, call) {
      const body = await call.body();
      const merchid = typeof body.merchid === 'string' ? body.merchid : '';
      return merchid && !call.allowed(merchid) ? unauthorized : settlementByBatchSource(context, body);
    },
  },
  {
    endpoint: 'surcharge',
    methods: ['GET'],
    params: [0],
    answer: (context, call) => surchargeInquiry(context, call.query, call.allowed),
  },
];
