import type {
  AppInfo,
  BasketLine,
  CommandName,
  KioskBasket,
  KioskCatalogue,
  KioskState,
  SettingsView,
  StaffSession,
} from '../../../src-main/lane/ipc/contract';
import { renderCounter, type RenderedCounter } from './render-counter';
import type { StubAnswer } from './stub-pos';

export const trainingKiosk: AppInfo = {
  name: 'Lanepoint',
  version: '1.2.3',
  mode: 'kiosk',
  training: true,
  terminalId: 'KIOSK-01',
  shell: 'browser',
};

/** A small store: two items with barcodes in two categories, one picked on screen only, at 8.25 % tax. */
export const catalogue: KioskCatalogue = {
  source: 'training',
  taxRates: [{ id: 'sales', name: 'Sales tax', basisPoints: 825 }],
  items: [
    { id: 'apple', barcode: '012345678905', name: 'Apple', category: 'Fruit', unitMinor: 100, taxRateId: 'sales' },
    { id: 'bread', barcode: '4006381333931', name: 'Bread', category: 'Bakery', unitMinor: 350, taxRateId: 'sales' },
    { id: 'bun', barcode: null, name: 'Bun', category: 'Bakery', unitMinor: 120, taxRateId: 'sales' },
  ],
};

/** A basket line of `quantity` of a catalogue item, its tax at 8.25 % rounded half up. */
export function line(itemId: string, quantity = 1): BasketLine {
  const item = catalogue.items.find((entry) => entry.id === itemId);
  if (!item) throw new Error(`no item ${itemId} in the test catalogue`);
  const netMinor = item.unitMinor * quantity;
  return {
    itemId,
    name: item.name,
    quantity,
    unitMinor: item.unitMinor,
    netMinor,
    taxMinor: Math.round(netMinor * 0.0825),
  };
}

/**
 * The basket of these lines with its sums, `paidMinor` of it paid. Written out here (the
 * renderer's tests cannot load the main process's pricing): what the screen is given to show.
 */
export function basket(lines: BasketLine[], paidMinor = 0): KioskBasket {
  const [subtotalMinor, taxMinor] = lines.reduce(
    ([net, tax], entry) => [net + entry.netMinor, tax + entry.taxMinor],
    [0, 0],
  );
  const totalMinor = subtotalMinor + taxMinor;
  return {
    lines,
    subtotalMinor,
    taxMinor,
    totalMinor,
    paidMinor,
    dueMinor: totalMinor - paidMinor,
    locked: paidMinor > 0,
  };
}

/** The kiosk's state at the welcome, unless `change` says otherwise. */
export function kioskState(change: Partial<KioskState> = {}): KioskState {
  return {
    step: 'welcome',
    basket: basket([]),
    inService: true,
    outOfServiceMessage: null,
    languages: ['en'],
    idleResetSeconds: 60,
    staffIdleSeconds: 60,
    payments: [],
    receipt: null,
    staffNeeded: null,
    staffCall: null,
    scanProblem: null,
    scanProblemKind: null,
    ...change,
  };
}

/** The kiosk app over a stubbed lane at `state`, nobody signed in, phone payments as `walletEnabled` says. */
export async function renderKiosk(
  state: KioskState,
  options: {
    answers?: Partial<Record<CommandName, StubAnswer>>;
    walletEnabled?: boolean;
    session?: StaffSession | null;
  } = {},
): Promise<RenderedCounter> {
  const settings = {
    values: { 'wallet.enabled': options.walletEnabled ?? false, 'payments.cardTimeoutSeconds': 60 },
  } as unknown as SettingsView;
  return renderCounter({
    info: trainingKiosk,
    session: options.session ?? null,
    answers: {
      'settings.get': () => settings,
      'kiosk.state': () => state,
      'kiosk.catalogue': () => catalogue,
      ...options.answers,
    },
  });
}
