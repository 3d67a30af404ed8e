/**
 * The store hub, seen from the back office (ADR 083): the store manager's lanes, sales, end of
 * day, shifts and settings pushes, read from the hub's manager API with the admin key the back
 * office keeps; and lanes provisioned with their hub key. The CSV export is a download on the
 * back office host (`hubExportPath`), outside the bridge.
 */
import { z } from 'zod';
import { command } from '../../lane/ipc/contract/spec';
import type {
  DayView,
  HubStoreView,
  LaneView,
  PaymentView,
  SaleDetailView,
  SettingsOverview,
  ShiftView,
} from './hub-views';
import { merchantId, terminalSite, text } from './schemas';

export type * from './hub-views';

/** A store or lane id on the hub: letters, digits and dashes, 1 to 40. */
const hubId = (what: string) =>
  z
    .string({ error: `expected a ${what} id` })
    .regex(/^[A-Za-z0-9-]{1,40}$/, { error: `expected a ${what} id of 1 to 40 letters, digits or dashes` });
export const storeId = hubId('store');
export const laneId = hubId('lane');
/** A business day in the store's time zone. */
export const businessDay = z
  .string({ error: 'expected a day as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a day as YYYY-MM-DD' });

/** A settings push: `{ settings: { <top-level lane settings key>: value } }`; each lane judges the values. */
export const settingsDocument = z.looseObject(
  { settings: z.record(z.string(), z.unknown(), { error: 'expected "settings": an object of lane settings' }) },
  { error: 'expected a JSON object like {"settings": {…}}' },
);

/** What `hub.provisionLane` gives: the lane as the hub made it and the version-2 file's text. */
export interface ProvisionedHubLane {
  readonly lane: LaneView;
  /** A name to save the file under, e.g. `lane-lane-3f9k2c.json`. */
  readonly fileName: string;
  /** The file's text; it holds the lane's key, which the hub gives out this once. */
  readonly content: string;
}

/** The CSV download on the back office host; query: store, day. POST, with the session token. */
export const hubExportPath = '/hub/export.csv';

export const hubCommands = {
  'hub.setAdminKey': command<{ adminKeySet: true }>()(
    'Stores the store hub\u2019s admin key in the back office\u2019s secret store (never in its settings).',
    z.strictObject({ adminKey: text(500) }),
  ),
  'hub.createStore': command<HubStoreView>()(
    'Creates a store on the hub.',
    z.strictObject({ id: storeId, name: text(100), timeZone: text(64).optional() }),
  ),
  'hub.lanes': command<LaneView[]>()(
    'The lanes the hub knows, with their last call, devices, offline queue and settings version.',
    z.strictObject({ storeId: storeId.optional() }),
  ),
  'hub.provisionLane': command<ProvisionedHubLane>()(
    'Creates a lane on the hub under the boarded merchant and returns its provisioning file (version 2, or 3 with an integrated terminal; with the lane\u2019s key and the Terminal API key, shown once).',
    z.strictObject({
      storeId,
      name: text(60),
      kind: z.enum(['counter', 'kiosk'], { error: 'expected counter or kiosk' }),
      /** The boarded application; optional when the back office holds exactly one. */
      merchantId: merchantId.optional(),
      /**
       * The integrated terminal the lane takes cards on (absent: its own reader). The HSN must be
       * one the Terminal API lists and no other lane of the store's.
       */
      integratedTerminal: z.strictObject({ ...terminalSite, hsn: text(18) }).optional(),
    }),
  ),
  'hub.sales': command<PaymentView[]>()(
    'Sales across the store\u2019s lanes: by day, lane, and a search of order id, last four or cashier.',
    z.strictObject({
      storeId,
      laneId: laneId.optional(),
      day: businessDay.optional(),
      q: text(60, false).optional(),
      limit: z.number().int().min(1).max(500).optional(),
      before: text(60, false).optional(),
    }),
  ),
  'hub.sale': command<SaleDetailView>()(
    'One sale as the hub holds it, with its timeline of events.',
    z.strictObject({ laneId, entryId: z.number().int().min(1) }),
  ),
  'hub.day': command<DayView>()(
    'The end of day across lanes: per lane, per merchant (with settlement and funding), store totals.',
    z.strictObject({ storeId, day: businessDay }),
  ),
  'hub.shifts': command<ShiftView[]>()(
    'The day\u2019s shifts on every lane, by cashier.',
    z.strictObject({ storeId, day: businessDay }),
  ),
  'hub.pushSettings': command<{ version: number }>()(
    'Pushes a settings document to every lane of the store; each lane applies it or refuses it with a reason.',
    z.strictObject({ storeId, document: settingsDocument }),
  ),
  'hub.pushes': command<SettingsOverview>()(
    'The store\u2019s settings pushes and the version each lane runs (or the push it refused, and why).',
    z.strictObject({ storeId }),
  ),
} as const;
