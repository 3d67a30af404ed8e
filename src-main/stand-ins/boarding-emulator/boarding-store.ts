import { randomUUID } from 'node:crypto';
import type {
  BillingPlan,
  BillingPlanSchedule,
  BoardingProcessStatus,
  CustomField,
  Equipment,
  Order,
  OwnerSiteUser,
  Signer,
  SignatureStatusCode,
} from '../../reference/boarding-wire';
import { dueAt } from './billing-schedule';
import {
  boardingSteps,
  orderSteps,
  serviceDateTime,
  stepAt,
  type BoardingTimings,
  type Underwriting,
} from './timeline';

type Plain = Record<string, unknown>;

export interface MerchantEntry {
  readonly merchantId: string;
  readonly templateId: number;
  merchant: Plain;
  ownerSiteUser: OwnerSiteUser | null;
  /** INPROG or OFS before signing; after it, the status follows `signedAt` on the clock. */
  status: BoardingProcessStatus;
  signature: {
    code: SignatureStatusCode;
    key?: string;
    url?: string;
    signer?: Signer;
    signedAt?: number;
    siteUserId?: number;
  };
  signedAt?: number;
  underwriting: Underwriting;
  times: Partial<Record<'approved' | 'boarded' | 'cancelled' | 'declined' | 'live', number>>;
  frontEndMid?: string;
  customFields: CustomField[];
  attachments: {
    attachmentId: number;
    fileName: string;
    mimeType: string;
    attachmentTypeCd: string;
    bytes: number;
    sha256: string;
  }[];
}

export interface OrderEntry {
  order: Order;
  readonly createdAt: number;
  cancelledAt?: number;
}

/** One scheduled payment falling due: the plan's merchant, profile account and amount. */
export interface DuePayment {
  readonly merchId: string;
  readonly profileId: string;
  readonly acctId: string;
  /** The scheduled amount in minor units (the plan's wire amount is a decimal number). */
  readonly amountMinor: number;
  readonly billingPlanId: string;
  readonly billingPlanScheduleId: number;
}

/** The gateway's word on a charge: approved with its retref, or declined (with a retref when one was recorded). */
export type ChargeResult =
  | { readonly approved: true; readonly retref: string }
  | { readonly approved: false; readonly retref?: string | undefined; readonly resptext: string };

/** Charges one scheduled payment against the gateway. */
export type ChargeHook = (payment: DuePayment) => ChargeResult | Promise<ChargeResult>;

export interface StoreHooks {
  /** Told once when a merchant's gateway status becomes BOARDED, with its gateway merchant id. */
  readonly onBoarded?: (merchant: { merchantId: string; frontEndMid: string; dbaName: string }) => void;
  readonly charge?: ChargeHook;
  /** Whether the gateway already serves this merchant id, so a new merchant is never given it. */
  readonly merchidTaken?: (merchid: string) => boolean;
}

export interface BoardingConfig {
  readonly templateIds: readonly number[];
  readonly salesCodes: readonly string[];
  /** The custom fields configured "in the web interface" for new merchants. */
  readonly customFields: readonly Omit<CustomField, 'customFieldValue'>[];
  readonly catalog: readonly Equipment[];
  /** Underwriting declines an application whose dbaName contains this (case ignored). */
  readonly declineWhenDbaContains: string;
}

/**
 * The emulator's state and its clock-driven moves. `advance(now)` applies every transition due
 * by `now`, in time order, firing the hooks once; routes call it before reading anything.
 */
export function createBoardingStore(config: BoardingConfig, timings: BoardingTimings, hooks: StoreHooks) {
  const merchants = new Map<string, MerchantEntry>();
  const orders = new Map<number, OrderEntry>();
  const plans = new Map<string, BillingPlan>();
  /** Charges out at the gateway, by schedule id: each is taken once, however often the clock is read. */
  const charging = new Map<number, Promise<void>>();
  let nextMerchantId = 4_000_000_001;
  let nextOrderId = 700_001;
  let nextAttachmentId = 90_001;
  let nextPlanId = 11_001;
  let nextScheduleId = 1_000_001;
  // merchId is at most 11 digits (billing plan object).
  let nextFrontEndMid = 49_600_000_001;

  function advanceMerchant(entry: MerchantEntry, now: number): void {
    if (entry.signedAt === undefined || entry.status === 'CANCELLED') return;
    const reached = stepAt(boardingSteps(entry.signedAt, timings, entry.underwriting), now);
    if (!reached || reached.status === entry.status) return;
    for (const step of boardingSteps(entry.signedAt, timings, entry.underwriting)) {
      if (step.at > now) break;
      if (step.status === 'BOARDING') entry.times.approved ??= step.at;
      if (step.status === 'DECLINED') entry.times.declined ??= step.at;
      if (step.status === 'LIVE') entry.times.live ??= step.at;
      if (step.status === 'BOARDED' && entry.frontEndMid === undefined) {
        entry.times.boarded = step.at;
        entry.frontEndMid = newFrontEndMid();
        hooks.onBoarded?.({
          merchantId: entry.merchantId,
          frontEndMid: entry.frontEndMid,
          dbaName: String(entry.merchant.dbaName ?? ''),
        });
      }
    }
    entry.status = reached.status;
  }

  function advanceOrder(entry: OrderEntry, now: number): void {
    if (entry.cancelledAt !== undefined) return;
    const steps = orderSteps(entry.createdAt, timings);
    const reached = stepAt(steps, now);
    if (!reached || reached.status === entry.order.orderStatusCd) return;
    const order = entry.order;
    order.orderStatusCd = reached.status;
    const at = (status: string) => steps.find((step) => step.status === status)!.at;
    if (now >= at('PLACED')) order.placedDatetime ??= serviceDateTime(at('PLACED'));
    if (now >= at('FULFILLING')) order.fulfillingDatetime ??= serviceDateTime(at('FULFILLING'));
    if (now >= at('SHIPPED')) {
      order.shippedDatetime ??= serviceDateTime(at('SHIPPED'));
      order.shippingDetails = {
        ...order.shippingDetails,
        trackingNumber: order.shippingDetails.trackingNumber ?? `1Z${String(order.orderId).padStart(16, '0')}`,
      };
    }
  }

  /** Records the gateway's answer: Paid with the amount, or Failed (recurring-billing guide's statuses). */
  function record(plan: BillingPlan, entry: BillingPlanSchedule, result: ChargeResult): void {
    // Cancelled or marked paid by hand while the charge was out: the service's later word stands.
    if (entry.paymentStatus !== 'Scheduled') return;
    entry.paymentStatus = result.approved ? 'Paid' : 'Failed';
    entry.retref = result.retref ?? null;
    entry.actualAmount = result.approved ? entry.scheduledAmount : null;
    entry.actualPaymentDate = entry.scheduledPaymentDate;
    const open = plan.schedules?.some((other) => other.paymentStatus === 'Scheduled');
    // A plan that ends after its payments or on a date is Finished once none is left to take.
    if (!open && plan.planStatus === 'A' && plan.untilCondition !== 'C') plan.planStatus = 'F';
  }

  function advancePlan(plan: BillingPlan, now: number): void {
    const charge = hooks.charge;
    if (plan.planStatus !== 'A' || !charge) return;
    for (const entry of plan.schedules ?? []) {
      if (entry.paymentStatus !== 'Scheduled' || dueAt(entry) > now || charging.has(entry.billingPlanScheduleId))
        continue;
      const payment: DuePayment = {
        merchId: plan.merchId,
        profileId: plan.profileId,
        acctId: plan.acctId ?? '1',
        amountMinor: Math.round(entry.scheduledAmount * 100),
        billingPlanId: plan.billingPlanId,
        billingPlanScheduleId: entry.billingPlanScheduleId,
      };
      const settled = Promise.resolve()
        .then(() => charge(payment))
        .then(
          (result) => record(plan, entry, result),
          (error: unknown) =>
            record(plan, entry, {
              approved: false,
              resptext: error instanceof Error ? error.message : 'charge failed',
            }),
        )
        .finally(() => charging.delete(entry.billingPlanScheduleId));
      charging.set(entry.billingPlanScheduleId, settled);
    }
  }

  /** The next gateway merchant id, past any the gateway already serves (its store may outlive this one). */
  function newFrontEndMid(): string {
    while (hooks.merchidTaken?.(String(nextFrontEndMid))) nextFrontEndMid++;
    return String(nextFrontEndMid++);
  }

  return {
    config,
    merchants,
    orders,
    plans,
    advance(now: number): void {
      for (const entry of merchants.values()) advanceMerchant(entry, now);
      for (const entry of orders.values()) advanceOrder(entry, now);
      for (const plan of plans.values()) advancePlan(plan, now);
    },
    /** Resolves once every charge out at the gateway has its answer recorded. */
    async charged(): Promise<void> {
      while (charging.size > 0) await Promise.all(charging.values());
    },
    addMerchant(templateId: number, merchant: Plain, ownerSiteUser: OwnerSiteUser | null): MerchantEntry {
      const merchantId = String(nextMerchantId++);
      const decline =
        config.declineWhenDbaContains &&
        String(merchant.dbaName ?? '')
          .toLowerCase()
          .includes(config.declineWhenDbaContains.toLowerCase());
      const entry: MerchantEntry = {
        merchantId,
        templateId,
        merchant,
        ownerSiteUser,
        status: 'INPROG',
        signature: { code: 'NOT_SENT' },
        underwriting: decline ? 'decline' : 'approve',
        times: {},
        customFields: config.customFields.map((field) => ({ ...field, customFieldValue: null })),
        attachments: [],
      };
      merchants.set(merchantId, entry);
      return entry;
    },
    /** Opens a fresh signing link: the key is in the URL and nowhere else. */
    requestSignature(entry: MerchantEntry, baseUrl: string): string {
      const key = randomUUID();
      entry.status = 'OFS';
      entry.signature = { code: 'PENDING', key, url: `${baseUrl}/sign/${entry.merchantId}/${key}` };
      return entry.signature.url!;
    },
    sign(entry: MerchantEntry, signer: Signer, now: number): void {
      entry.signature = {
        ...entry.signature,
        code: 'SIGNED',
        signer,
        signedAt: now,
        siteUserId: 200_000 + Number(entry.merchantId.slice(-5)),
      };
      entry.signedAt = now;
      entry.status = 'QUALIFY';
    },
    addAttachment(entry: MerchantEntry, meta: Omit<MerchantEntry['attachments'][number], 'attachmentId'>): number {
      const attachmentId = nextAttachmentId++;
      entry.attachments.push({ attachmentId, ...meta });
      return attachmentId;
    },
    addOrder(order: Omit<Order, 'orderId'>, now: number): Order {
      const orderId = nextOrderId++;
      const full: Order = { ...order, orderId };
      orders.set(orderId, { order: full, createdAt: now });
      return full;
    },
    addPlan(
      plan: Omit<BillingPlan, 'billingPlanId'>,
      build: (firstScheduleId: number) => BillingPlan['schedules'],
    ): BillingPlan {
      const billingPlanId = String(nextPlanId++);
      const schedules = build(nextScheduleId) ?? [];
      nextScheduleId += schedules.length;
      const full: BillingPlan = { ...plan, billingPlanId, schedules };
      plans.set(billingPlanId, full);
      return full;
    },
  };
}

export type BoardingStore = ReturnType<typeof createBoardingStore>;
