import type { EmulatorAnswer, EmulatorContext } from './emulator-context';
import { closeMerchantBatch, openMerchantBatch } from './batches';
import { binLookup } from './bin-endpoint';
import { fundingReport } from './funding';
import { deleteProfile, getProfile, saveProfile } from './profile-endpoints';
import { signatureCapture } from './sigcap';

/** What the services need of the request, read by the server's one routing path. */
export interface ServiceRequest {
  readonly method: string;
  /** The endpoint name and the path segments after it. */
  readonly resource: string;
  readonly rest: readonly string[];
  readonly query: URLSearchParams;
  readonly body: () => Promise<Record<string, unknown>>;
  /** Whether the caller's credentials reach this merchant. */
  readonly allowed: (merchid: string) => boolean;
}

const unauthorized: EmulatorAnswer = { status: 401, body: 'Unauthorized' };

/**
 * The gateway's services beside the transaction calls: sigcap, funding, profile, bin, openbatch
 * and closebatch. Undefined when the request is none of them, so the server answers 404.
 */
export async function serveGatewayService(context: EmulatorContext, request: ServiceRequest): Promise<EmulatorAnswer | undefined> {
  const { method, resource, rest, allowed } = request;
  const write = method === 'PUT' || method === 'POST';
  if (resource === 'sigcap' && write && rest.length === 0) {
    const body = await request.body();
    if (typeof body.merchid === 'string' && !allowed(body.merchid)) return unauthorized;
    return signatureCapture(context, body);
  }
  if (resource === 'funding' && method === 'GET' && rest.length === 0) return fundingReport(context, request.query, allowed);
  if (resource === 'profile' && write && rest.length === 0) return saveProfile(context, await request.body(), allowed);
  if (resource === 'profile' && (rest.length === 2 || rest.length === 3)) {
    if (method === 'GET') return getProfile(context, rest, allowed);
    if (method === 'DELETE') return deleteProfile(context, rest, allowed);
  }
  if (method !== 'GET') return undefined;
  const [merchid = '', second] = rest;
  if (resource === 'bin' && rest.length === 2) return allowed(merchid) ? binLookup(context, second ?? '') : unauthorized;
  if (resource === 'openbatch' && rest.length === 2) return allowed(merchid) ? openMerchantBatch(context, merchid, second ?? '') : unauthorized;
  if (resource === 'closebatch' && (rest.length === 1 || rest.length === 2)) return allowed(merchid) ? closeMerchantBatch(context, merchid, second) : unauthorized;
  return undefined;
}
