/**
 * STAND-IN until src-main/backoffice/contract.ts lands (branch h-bomain): the back office
 * contract's types as these screens expect them. Replaced by a type-only re-export of the real
 * contract; nothing here is a value.
 */
import type { CommandReply } from '../../src-main/ipc/contract';

export type { CommandReply };

export interface CodeName {
  code: string;
  name: string;
}
export interface BackOfficeStatus {
  training: boolean;
  credentialsSet: boolean;
  serviceUrl: string;
  version: string;
}
export interface ApplicationSummary {
  merchantId: string;
  dbaName: string;
  legalBusinessName: string;
  boardingProcessStatusCd: string;
  gatewayBoardingStatusCd: string;
  signatureStatusCd: string;
  frontEndMid: string | null;
}
export type Tree = { [key: string]: unknown };
export interface ApplicationDetail extends ApplicationSummary {
  merchant: Tree;
  ownerSiteUser: { firstName: string | null; lastName: string | null; email: string | null } | null;
  signatureUrl: string | null;
  reachedAt: Record<string, string>;
}
export interface CustomField {
  userFieldNumber: number;
  customFieldValue: string | null;
  customFieldLabel: string;
  isRequired: 0 | 1;
  isActive: 0 | 1;
}
export interface Equipment {
  equipmentId: number;
  equipmentName: string;
  description: string;
  make: string;
  model: string;
  equipmentTypeCd: string;
  defaultPrice: string;
  defaultPlanPrice: string;
}
export interface Page<Row> {
  rows: Row[];
  totalServerItemsCount: number;
  totalDisplayItemsCount: number;
  moreRowsAvailable: boolean;
}
export interface Order {
  orderId: number;
  merchantId: number;
  equipmentId: number;
  quantity: number;
  orderStatusCd: string;
  billToCd: string;
  billingFrequencyCd: string;
  unitPrice?: number | null;
  monthlyPrice?: number | null;
  shippingDetails: { trackingNumber?: string | null };
}
export interface BillingPlanSchedule {
  billingPlanScheduleId: number;
  actualAmount: number | null;
  actualPaymentDate: string | null;
  paymentStatus: string;
  retref: string | null;
  scheduledAmount: number;
  scheduledPaymentDate: string;
}
export interface BillingPlan {
  billingPlanId: string;
  billingPlanName: string;
  merchId: string;
  profileId: string;
  amount: number;
  timeSpan: number;
  every: number;
  untilCondition: string;
  startDate: string;
  planStatus: string;
  schedules: BillingPlanSchedule[] | null;
}
export interface ApplicationStatusEvent {
  merchantId: string;
  boardingProcessStatusCd: string;
  gatewayBoardingStatusCd: string;
  signatureStatusCd: string;
  frontEndMid: string | null;
  at: string;
}

interface Commands {
  'backoffice.status': [Record<string, never>, BackOfficeStatus];
  'credentials.set': [{ username: string; password: string; clientSecret: string }, { saved: true }];
  'applications.list': [{ search?: string }, ApplicationSummary[]];
  'applications.get': [{ merchantId: string }, ApplicationDetail];
  'applications.create': [{ templateId: number; merchant: Tree; ownerSiteUser: Tree }, { merchantId: string }];
  'applications.update': [{ merchantId: string; merchant: Tree }, { updated: true }];
  'applications.customFields': [
    { merchantId: string; set?: Array<{ userFieldNumber: number; customFieldValue: string | null }> },
    CustomField[],
  ];
  'applications.ownerUser': [
    { merchantId: string; set?: { firstName: string; lastName: string; email: string } },
    { firstName: string | null; lastName: string | null; email: string | null },
  ];
  'applications.attachments': [
    { merchantId: string },
    Array<{ attachmentId: number; fileName: string; attachmentTypeCd: string; description: string }>,
  ];
  'signature.request': [{ merchantId: string }, { signatureUrl: string }];
  'signature.retract': [{ merchantId: string }, { retracted: true }];
  'equipment.catalog': [{ pageNumber: number; pageSize: number }, Page<Equipment>];
  'orders.create': [{ order: Tree }, { orderId: number }];
  'orders.list': [{ merchantId: string; pageNumber: number; pageSize: number }, Page<Order>];
  'orders.cancel': [{ orderId: number }, { canceled: true }];
  'plans.create': [{ billingPlan: Tree }, BillingPlan];
  'plans.list': [{ merchId: string }, BillingPlan[]];
  'plans.get': [{ merchId: string; billingPlanId: string }, BillingPlan];
  'plans.markAsPaid': [
    { merchId: string; billingPlanId: string; billingPlanScheduleId: number; retref?: string | null },
    BillingPlan,
  ];
  'plans.cancelPayment': [{ merchId: string; billingPlanScheduleId: number }, BillingPlan];
  'plans.cancel': [{ merchId: string; billingPlanId: string }, BillingPlan];
  'lookups.get': [{ list: string }, CodeName[]];
  'provision.thisLane': [{ merchantId: string }, { merchId: string; settingsFile: string }];
  'provision.export': [{ merchantId: string }, { fileName: string; content: string }];
}
export type BackOfficeCommandName = keyof Commands;
export type BackOfficeCommandArgs<N extends BackOfficeCommandName> = Commands[N][0];
export type BackOfficeCommandResult<N extends BackOfficeCommandName> = Commands[N][1];
interface Events {
  'application.status': ApplicationStatusEvent;
}
export type BackOfficeEventName = keyof Events;
export type BackOfficeEventPayload<N extends BackOfficeEventName> = Events[N];

export interface BackOfficeTransport {
  call<N extends BackOfficeCommandName>(
    name: N,
    args?: BackOfficeCommandArgs<N>,
  ): Promise<CommandReply<BackOfficeCommandResult<N>>>;
  onEvent<N extends BackOfficeEventName>(
    name: N,
    listener: (payload: BackOfficeEventPayload<N>) => void,
    options?: { signal?: AbortSignal },
  ): () => void;
}
