import { z } from 'zod';

export const faultKinds = [
  'delay',
  'delay-after',
  'drop-before',
  'drop-after',
  'http-500',
  'malformed-json',
  'http-408',
] as const;
// The endpoints the emulator serves: the calls that move money, the look-ups, the services beside them.
const moneyEndpoints = ['auth', 'capture', 'void', 'refund', 'voidByOrderId'] as const;
const inquiryEndpoints = ['inquire', 'inquireByOrderid', 'settlestat', 'inquireMerchant'] as const;
const serviceEndpoints = [
  'sigcap',
  'funding',
  'profile',
  'bin',
  'openbatch',
  'closebatch',
  'settlestatByBatchSource',
  'surcharge',
] as const;
const servedEndpoints = [...moneyEndpoints, ...inquiryEndpoints, ...serviceEndpoints] as const;
/** The gateway endpoints a fault can be set on and taken by (case-sensitive, as the gateway's). */
export const gatewayEndpoints: ReadonlySet<string> = new Set(servedEndpoints);
export const faultEndpoints = [...servedEndpoints, '*'] as const;

/**
 * A fault for tests: delay before processing, or process and then hold the answer
 * (`delay-after`: a slow way back), drop the connection before processing, or after it (the
 * transaction is recorded but no answer comes), answer HTTP 500 or 408 without processing,
 * or process and answer with broken JSON. Once, or until cleared.
 */
export const faultSchema = z.strictObject({
  endpoint: z.enum(faultEndpoints),
  kind: z.enum(faultKinds),
  /** For delay and delay-after: how long, at most a minute. */
  ms: z.number().int().min(0).max(60_000).default(0),
  times: z.enum(['once', 'always']).default('once'),
});
export type Fault = z.output<typeof faultSchema>;

export interface FaultStore {
  add(fault: Fault): void;
  list(): Fault[];
  clear(): void;
  /**
   * The fault to apply to a request for `endpoint`, consuming it when it is a one-off. The
   * server asks only for authenticated requests to one of `gatewayEndpoints`.
   */
  take(endpoint: string): Fault | undefined;
}

export function createFaultStore(): FaultStore {
  let faults: Fault[] = [];
  return {
    add: (fault) => void faults.push(fault),
    list: () => [...faults],
    clear: () => void (faults = []),
    take(endpoint) {
      const fault = faults.find((f) => f.endpoint === endpoint || f.endpoint === '*');
      if (fault?.times === 'once') faults = faults.filter((f) => f !== fault);
      return fault;
    },
  };
}
