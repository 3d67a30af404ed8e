/**
 * What the store hub's manager API answers (docs/hub-wire.md, "The manager's API"), as zod
 * schemas the back office reads every answer through, and the types its screens show. Objects
 * are loose (a newer hub may add fields); what the screens use is checked by name. Amounts are
 * integer minor units, times epoch milliseconds, days `YYYY-MM-DD` in the store's time zone.
 */
import { z } from 'zod';

const nullableText = z.string().nullable().optional();
const whole = z.number().int();
const time = whole;

export const hubStoreView = z.looseObject({
  id: z.string(),
  name: z.string(),
  timeZone: z.string().optional(),
  createdAt: time.optional(),
});
export type HubStoreView = z.output<typeof hubStoreView>;

/** The latest `device.status` a lane sent. */
export const deviceStatusView = z.looseObject({
  readers: z.array(z.looseObject({ name: z.string(), state: z.string() })).optional(),
  printer: z.looseObject({ state: z.string(), paper: z.string().optional() }).nullable().optional(),
  offlineQueue: whole.optional(),
  softwareVersion: z.string().optional(),
});
export type DeviceStatusView = z.output<typeof deviceStatusView>;

/** The last push a lane refused and why: shown in red until a later one applies. */
export const settingsRefusalView = z.looseObject({ version: whole, reason: z.string() });

export const laneView = z.looseObject({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  kind: z.enum(['counter', 'kiosk']),
  merchantId: z.string(),
  lastSeenAt: time.nullable(),
  lastSeq: whole,
  status: deviceStatusView.nullable(),
  settingsVersion: whole.nullable(),
  settingsRefused: settingsRefusalView.nullable(),
  journalId: z.string().nullable(),
  /** Set by a hub that saw another journal for this lane (409 journal-replaced). */
  journalReplaced: z.boolean().optional(),
});
export type LaneView = z.output<typeof laneView>;

export const createdLane = z.looseObject({ lane: laneView, key: z.string().regex(/^lpk_/) });

export const paymentView = z.looseObject({
  laneId: z.string(),
  entryId: whole,
  storeId: z.string().optional(),
  merchantId: z.string().optional(),
  businessDay: z.string().optional(),
  operation: z.string(),
  orderId: z.string(),
  amountMinor: whole,
  state: z.string(),
  maskedPan: nullableText,
  entryMode: nullableText,
  cashier: nullableText,
  shiftId: whole.nullable().optional(),
  createdAt: time,
  updatedAt: time.optional(),
});
export type PaymentView = z.output<typeof paymentView>;

export const saleDetailView = z.looseObject({
  payment: paymentView,
  events: z.array(z.looseObject({ seq: whole, kind: z.string(), label: z.string(), at: time })),
});
export type SaleDetailView = z.output<typeof saleDetailView>;

/** The same totals as the lane's `dayTotals` (src-main/lane/terminal/day-report.ts). */
export const dayTotalsView = z.looseObject({
  cardSalesMinor: whole,
  cardSalesCount: whole,
  refundsMinor: whole,
  refundsCount: whole,
  voidsMinor: whole,
  voidsCount: whole,
  cashSalesMinor: whole,
  cashReturnedMinor: whole,
  tipsMinor: whole,
  surchargesMinor: whole,
  offlineStoredMinor: whole,
  offlineForwardedMinor: whole,
  offlineDeclinedMinor: whole,
  unknownCount: whole,
  noSales: whole,
});
export type DayTotalsView = z.output<typeof dayTotalsView>;

/** A settlement or funding line as the hub reads it from the gateway: shown field by field. */
const reconciliationView = z.record(z.string(), z.unknown());
export type ReconciliationView = z.output<typeof reconciliationView>;

export const dayView = z.looseObject({
  day: z.string(),
  storeId: z.string(),
  lanes: z.array(z.looseObject({ laneId: z.string(), name: z.string().optional(), totals: dayTotalsView })),
  merchants: z.array(
    z.looseObject({
      merchantId: z.string(),
      totals: dayTotalsView,
      settlement: reconciliationView.nullable().optional(),
      funding: reconciliationView.nullable().optional(),
    }),
  ),
  totals: dayTotalsView,
});
export type DayView = z.output<typeof dayView>;

/** One shift; the hub lists them grouped by cashier (the one who opened it). */
export const shiftView = z.looseObject({
  laneId: z.string(),
  shiftId: whole,
  openedBy: z.string(),
  openedAt: time,
  floatMinor: whole,
  closedBy: nullableText,
  closedAt: time.nullable().optional(),
  countedMinor: whole.nullable().optional(),
  expectedMinor: whole.nullable().optional(),
});
export type ShiftView = z.output<typeof shiftView>;

export const settingsPushView = z.looseObject({
  version: whole,
  // The real hub lists a store's pushes without repeating the store's id on each.
  storeId: z.string().optional(),
  document: z.unknown(),
  pushedBy: z.string().optional(),
  pushedAt: time,
});
export type SettingsPushView = z.output<typeof settingsPushView>;

export const settingsOverview = z.looseObject({
  pushes: z.array(settingsPushView),
  lanes: z.array(
    z.looseObject({
      laneId: z.string(),
      settingsVersion: whole.nullable(),
      settingsRefused: settingsRefusalView.nullable(),
    }),
  ),
});
export type SettingsOverview = z.output<typeof settingsOverview>;

/** The hub's error body: `{ error: '<kind>', message: '<sentence>' }`. */
export const hubErrorBody = z.looseObject({ error: z.string(), message: z.string().optional() });
