import { authorize } from './authorize';
import type { GatewayRoute, RouteCall } from './gateway-route';
import { httpBadRequest, ok, problemHeader, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import { merchantWrite, unauthorized, writes } from './merchant-access';
import { checkValue, lookupFields } from './operation-fields';
import { ppsDecline } from './outcomes';
import { serviceRoutes } from './services';
import { settlementStatus } from './settlement';
import {
  capture,
  inquire,
  inquireByOrderid,
  inquireMerchant,
  refund,
  voidByOrderId,
  voidByRetref,
} from './transactions';

type Body = Record<string, unknown>;

export type { GatewayRoute, RouteCall } from './gateway-route';

/** A path value against its reference rule; the problem as the inquiry's PPS 34 decline. */
function badLookup(values: Readonly<Record<string, string | undefined>>, echo: Body): EmulatorAnswer | undefined {
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const problem = checkValue(field, value, lookupFields[field as keyof typeof lookupFields]);
    if (problem) return ok({ ...echo, ...ppsDecline('34', 'Invalid field') }, { [problemHeader]: problem.problem });
  }
  return undefined;
}

/**
 * An expiry in any of the request's documented formats (MMYY, YYYYM, YYYYMM, YYYYMMDD:
 * captureRequest.expiry) as MMYY, the form inquire answers (expiry schema); undefined otherwise.
 */
export function expiryAsMmyy(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4,8}$/.test(value)) return undefined;
  if (value.length === 4) return value;
  const year = value.slice(2, 4);
  const month = value.length === 5 ? `0${value.slice(4)}` : value.slice(4, 6);
  return `${month}${year}`;
}

/**
 * The authorization, and then what the ledger keeps of it for later inquiries and captures:
 * the expiry (MMYY) and the commcard flag it answered.
 */
async function authorizeAndRecord(context: EmulatorContext, call: RouteCall): Promise<EmulatorAnswer> {
  const request = await call.body();
  const answer = authorize(context, request, call.allowed);
  const body = answer.body as Body | undefined;
  const transaction = typeof body?.retref === 'string' ? context.ledger.get(body.retref) : undefined;
  if (transaction) {
    const expiry = expiryAsMmyy(request.expiry);
    if (expiry) transaction.expiry = expiry;
    if (typeof body?.commcard === 'string') transaction.commcard = body.commcard;
    context.ledger.save(transaction);
  }
  return answer;
}

/**
 * The endpoints the emulator serves. To add one, append a route here (or spread a list of
 * routes from another module into this one): the server routes both REST roots to it, counts
 * it toward the rate limit when its name is in `rateLimitedEndpoints`, and lets faults target
 * it once its name is in faults.ts's endpoint list.
 */
export const gatewayRoutes: readonly GatewayRoute[] = [
  { endpoint: 'auth', methods: writes, params: [0], answer: authorizeAndRecord },
  merchantWrite('capture', capture),
  merchantWrite('void', voidByRetref),
  merchantWrite('refund', refund),
  merchantWrite('voidByOrderId', voidByOrderId),
  {
    endpoint: 'inquire',
    methods: ['GET'],
    params: [2],
    answer(context, { params: [retref = '', merchid = ''], allowed }) {
      if (!allowed(merchid)) return unauthorized;
      return (
        badLookup({ merchid, retref }, { merchid: merchid.slice(0, 16), retref: retref.slice(0, 14) }) ??
        inquire(context, retref, merchid)
      );
    },
  },
  {
    endpoint: 'inquireByOrderid',
    methods: ['GET'],
    params: [2, 3],
    answer(context, { params: [orderid = '', merchid = '', set], allowed }) {
      if (!allowed(merchid)) return unauthorized;
      return (
        badLookup({ merchid, orderid, set }, { merchid: merchid.slice(0, 16), orderId: orderid.slice(0, 50) }) ??
        inquireByOrderid(context, orderid, merchid, set || undefined)
      );
    },
  },
  {
    endpoint: 'settlestat',
    methods: ['GET'],
    params: [0],
    answer(context, { query, allowed }) {
      const merchid = query.get('merchid') ?? '';
      if (merchid && !allowed(merchid)) return unauthorized;
      for (const field of ['merchid', 'batchid', 'date'] as const) {
        const value = query.get(field);
        const problem = value === null ? undefined : checkValue(field, value, lookupFields[field]);
        if (problem) return httpBadRequest(problem.problem);
      }
      return settlementStatus(context, query);
    },
  },
  {
    endpoint: 'inquireMerchant',
    methods: ['GET'],
    params: [1],
    answer: (context, { params: [merchid = ''] }) => inquireMerchant(context, merchid),
  },
  ...serviceRoutes,
];
