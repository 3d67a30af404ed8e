import type { EmulatorAnswer } from './emulator-context';
import type { GatewayRoute } from './gateway-routes';
import { closeMerchantBatch, openMerchantBatch } from './batches';
import { binLookup } from './bin-endpoint';
import { fundingReport } from './funding';
import { deleteProfile, getProfile, saveProfile } from './profile-endpoints';
import { signatureCapture } from './sigcap';

const unauthorized: EmulatorAnswer = { status: 401, body: 'Unauthorized' };
const writes = ['PUT', 'POST'];

/**
 * The gateway's services beside the transaction calls: sigcap, funding, profile, bin, openbatch
 * and closebatch, as routes of the one route table (gateway-routes.ts spreads them in).
 */
export const serviceRoutes: readonly GatewayRoute[] = [
  {
    endpoint: 'sigcap',
    methods: writes,
    params: [0],
    async answer(context, call) {
      const body = await call.body();
      if (typeof body.merchid === 'string' && !call.allowed(body.merchid)) return unauthorized;
      return signatureCapture(context, body);
    },
  },
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
];
