import type { BoardingProcessStatus, OrderStatus } from '../../reference/boarding-wire';

/**
 * How long each step after signing takes on the emulator's clock. Training runs them in
 * seconds; tests move the clock instead of waiting.
 */
export interface BoardingTimings {
  /** Signed -> QUALIFY is at once; QUALIFY -> UNDER after this. */
  readonly qualifyMs: number;
  /** UNDER -> BOARDING (approved) or DECLINED. */
  readonly underwritingMs: number;
  /** BOARDING -> BOARDED: the gateway merchant id is assigned. */
  readonly boardingMs: number;
  /** BOARDED -> LIVE. */
  readonly liveMs: number;
  /** Each order step: NEW -> PLACED -> EXPORTED -> FULFILLING -> SHIPPED. */
  readonly orderStepMs: number;
}

/** Training pace: a signed application is LIVE within a minute, an order ships in two. */
export const trainingTimings: BoardingTimings = {
  qualifyMs: 5_000,
  underwritingMs: 15_000,
  boardingMs: 15_000,
  liveMs: 10_000,
  orderStepMs: 30_000,
};

export type Underwriting = 'approve' | 'decline';

/** A status and when it was reached, in emulator milliseconds. */
export interface Step<S> {
  readonly status: S;
  readonly at: number;
}

/** The boarding statuses after a signature at `signedAt`, in order, each with its time. */
export function boardingSteps(
  signedAt: number,
  timings: BoardingTimings,
  outcome: Underwriting,
): Step<BoardingProcessStatus>[] {
  const under = signedAt + timings.qualifyMs;
  const decided = under + timings.underwritingMs;
  if (outcome === 'decline') {
    return [
      { status: 'QUALIFY', at: signedAt },
      { status: 'UNDER', at: under },
      { status: 'DECLINED', at: decided },
    ];
  }
  const boarded = decided + timings.boardingMs;
  return [
    { status: 'QUALIFY', at: signedAt },
    { status: 'UNDER', at: under },
    { status: 'BOARDING', at: decided },
    { status: 'BOARDED', at: boarded },
    { status: 'LIVE', at: boarded + timings.liveMs },
  ];
}

/** The order statuses after creation at `createdAt`. */
export function orderSteps(createdAt: number, timings: BoardingTimings): Step<OrderStatus>[] {
  const statuses: OrderStatus[] = ['NEW', 'PLACED', 'EXPORTED', 'FULFILLING', 'SHIPPED'];
  return statuses.map((status, index) => ({ status, at: createdAt + index * timings.orderStepMs }));
}

/** The last step reached by `now`, or undefined before the first. */
export function stepAt<S>(steps: readonly Step<S>[], now: number): Step<S> | undefined {
  let reached: Step<S> | undefined;
  for (const step of steps) if (step.at <= now) reached = step;
  return reached;
}

/** The service's date-time: MM/DD/YYYY hh:mm:ss AM (the emulator's "local time" is UTC). */
export function serviceDateTime(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = date.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()} ${two(hour12)}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}
