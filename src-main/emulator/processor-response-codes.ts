import { fnorResponseCodes } from './fnor-response-codes';
import { rpctResponseCodes } from './rpct-response-codes';

/** One row of a processor's response-code table. */
export interface ProcessorCode {
  readonly respstat: 'A' | 'B' | 'C';
  readonly resptext: string;
}

/**
 * The response codes of the emulated processing platforms by respproc, each table transcribed
 * once from response-codes.md: authorizations (outcomes.ts) and refunds (refund-outcomes.ts)
 * answer from the same rows.
 */
export const processorResponseCodes: Readonly<Record<'RPCT' | 'FNOR', Readonly<Record<string, ProcessorCode>>>> = {
  RPCT: rpctResponseCodes,
  FNOR: fnorResponseCodes,
};
