import { randomUUID } from 'node:crypto';
import type {
  BillingPlan,
  BoardingProcessStatus,
  CustomField,
  Equipment,
  Order,
  OwnerSiteUser,
  Signer,
  SignatureStatusCode,
} from '../boarding/wire';
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

/** A charge of one scheduled payment against the gateway (wired to the gateway emulator later). */
export type ChargeHook = (payment: {
  merchId: string;
  profileId: string;
  acctId: string;
  amount: number;
  billingPlanId: string;
  billingPlanScheduleId: number;
}) => Promise<{ retref: string } | { declined: string }>;

export interface StoreHooks {
  /** Told once when a merchant's gateway status becomes BOARDED, with its gateway merchant id. */
  readonly onBoarded?: (merchant: { merchantId: string; frontEndMid: string; dbaName: string }) => void;
  readonly charge?: ChargeHook;
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
  const charging = new Set<number>();
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
        entry.frontEndMid = String(nextFrontEndMid++);
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

  function advancePlan(plan: BillingPlan, now: number): void {
    if (plan.planStatus !== 'A' || !hooks.charge) return;
    for (const entry of plan.schedules ?? []) {
      if (entry.paymentStatus !== 'Scheduled' || dueAt(entry) > now || charging.has(entry.billingPlanScheduleId))
        continue;
      charging.add(entry.billingPlanScheduleId);
      const payment = {
        merchId: plan.merchId,
        profileId: plan.profileId,
        acctId: plan.acctId,
        amount: entry.scheduledAmount,
        billingPlanId: plan.billingPlanId,
        billingPlanScheduleId: entry.billingPlanScheduleId,
      };
      void hooks
        .charge(payment)
        .then((result) => {
          if (entry.paymentStatus !== 'Scheduled') return;
          entry.paymentStatus = 'retref' in result ? 'Paid' : 'Failed';
          entry.retref = 'retref' in result ? result.retref : null;
          entry.actualAmount = 'retref' in result ? entry.scheduledAmount : null;
          entry.actualPaymentDate = entry.scheduledPaymentDate;
        })
        .catch(() => {
          entry.paymentStatus = 'Failed';
        })
        .finally(() => charging.delete(entry.billingPlanScheduleId));
    }
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
