import { localStamp } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import { formatMinorUnits } from '../../platform/money';
import type { DeviceManager } from '../devices/manager';
import type { Journal, Shift } from '../journal/journal';
import { receiptAsText } from '../receipt/escpos';
import type { ReceiptDocument, ReceiptLine } from '../receipt/model';
import type { PrinterService } from '../receipt/printer-service';
import { printReceipts } from '../receipt/sale-receipts';
import type { ClosedShiftView, DayReportView, DayTotals, NoSaleView, ShiftView, Tally } from '../ipc/contract';
import { dayTotals } from './day-report';

export interface DayDeskOptions {
  readonly journal: () => Journal;
  readonly printers: Pick<PrinterService, 'openDrawer'>;
  readonly manager: Pick<DeviceManager, 'printer'>;
  readonly terminalId: string;
  readonly training: boolean;
  readonly now: () => number;
  readonly logger: Logger;
}

const money = (minor: number) => formatMinorUnits(minor);

/** Over, short or even, in the words the manager reads. */
export function overShortWords(minor: number): string {
  return minor === 0 ? 'Even' : minor > 0 ? `Over ${money(minor)}` : `Short ${money(-minor)}`;
}

const shiftView = (shift: Shift): ShiftView => ({
  id: shift.id,
  openedBy: shift.openedBy,
  openedAt: shift.openedAt,
  floatMinor: shift.floatMinor,
});

/**
 * Card payments taken offline, apart (ADR 078): a stored one is no sale yet (no issuer has seen
 * it); a forwarded approval is in Sales and Card too; a decline is money the merchant never got.
 * Nothing is printed on a day with none.
 */
function offlineSection(
  totals: DayTotals,
  kind: 'x' | 'z',
  print: {
    rule: () => void;
    center: (text: string, style: { bold?: boolean }) => void;
    tally: (label: string, value: Tally) => void;
    note: (text: string) => void;
  },
): void {
  const { stored, forwarded, declined } = totals.offline;
  if (stored.count + forwarded.count + declined.count === 0) return;
  print.rule();
  print.center('OFFLINE CARD PAYMENTS', { bold: true });
  print.tally('Offline stored', stored);
  print.tally('Offline forwarded', forwarded);
  print.tally('Offline declined', declined);
  if (declined.count > 0) print.note('Declined: customer left with the goods, unpaid.');
  if (stored.count === 0) return;
  print.note('Stored payments are not sales yet. They stay in');
  if (kind === 'z') {
    print.note('the journal after this Z report and are');
    print.note('counted in the report of the day they are sent.');
  } else {
    print.note('the journal; sent and approved, they count as');
    print.note('card sales.');
  }
}

/** The report as the thermal printer prints it and the screen shows it (its lines). */
export function dayReportDocument(
  report: { kind: 'x' | 'z'; number: number | null; totals: DayTotals },
  options: { terminalId: string; training: boolean; printedAt: Date; columns: number },
): ReceiptDocument {
  const { totals } = report;
  const lines: ReceiptLine[] = [];
  const center = (text: string, style: { bold?: boolean; large?: boolean } = {}) =>
    lines.push({ kind: 'text', text, align: 'center', ...style });
  const pair = (left: string, right: string, bold = false) =>
    lines.push({ kind: 'pair', left, right, ...(bold ? { bold } : {}) });
  const tally = (label: string, value: Tally) => pair(`${label} (${value.count})`, money(value.minor));
  if (options.training) center('*** TRAINING - NO REAL MONEY ***', { bold: true });
  center(report.kind === 'z' ? `Z REPORT ${report.number ?? ''}`.trim() : 'X REPORT', { bold: true, large: true });
  center(report.kind === 'z' ? 'Day closed' : 'So far: nothing reset');
  pair('Terminal', options.terminalId);
  pair('Printed', localStamp(options.printedAt));
  lines.push({ kind: 'rule' });
  tally('Sales', totals.sales);
  tally('Card', totals.byTender.card);
  tally('Cash', totals.byTender.cash);
  if (totals.byTender.outside.count > 0) tally('Taken outside', totals.byTender.outside);
  tally('Refunds', totals.refunds);
  tally('Voids', totals.voids);
  pair('Tips', money(totals.tipsMinor));
  pair('Surcharges', money(totals.surchargesMinor));
  pair('No-sales', String(totals.noSales));
  if (totals.unknown > 0) pair('Outcome unknown', String(totals.unknown), true);
  offlineSection(totals, report.kind, {
    rule: () => lines.push({ kind: 'rule' }),
    center,
    tally,
    note: (text) => lines.push({ kind: 'text', text, align: 'left' }),
  });
  const section = (title: string, entries: ReadonlyArray<[string, Tally]>) => {
    if (entries.length === 0) return;
    lines.push({ kind: 'rule' });
    center(title, { bold: true });
    for (const [name, value] of entries) tally(name, value);
  };
  section(
    'BY CARD BRAND',
    Object.entries(totals.byBrand)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([brand, value]): [string, Tally] => [brand.toUpperCase(), value]),
  );
  section(
    'BY CASHIER',
    Object.entries(totals.byCashier).sort(([a], [b]) => a.localeCompare(b)),
  );
  if (totals.shifts.length > 0) {
    lines.push({ kind: 'rule' });
    center('SHIFTS', { bold: true });
    for (const shift of totals.shifts) {
      pair(`Shift ${shift.id} (${shift.openedBy})`, `float ${money(shift.floatMinor)}`);
      if (shift.countedMinor !== null && shift.expectedMinor !== null && shift.overShortMinor !== null) {
        pair('  Counted', money(shift.countedMinor));
        pair('  Expected', money(shift.expectedMinor));
        pair('  Over/short', overShortWords(shift.overShortMinor));
      } else pair('  Still open', '');
    }
    pair('Over/short', overShortWords(totals.overShortMinor), true);
  }
  lines.push({ kind: 'rule' });
  return { kind: 'end-of-day', copy: 'merchant', columns: options.columns, lines };
}

/**
 * The counter's day (issue 32): the shift, the drawer opened for no sale, the X and Z reports.
 * Everything is the journal's first (ADR 065); the drawer is kicked and the report printed after,
 * and a printer that fails is said in the answer, never undoes what was kept.
 */
export function createDayDesk(options: DayDeskOptions) {
  const { journal } = options;
  /** Draws a page for the lane's printer (its width) and prints it: its lines, and whether the printer took it. */
  const print = async (
    draw: (page: { terminalId: string; training: boolean; printedAt: Date; columns: number }) => ReceiptDocument,
  ) => {
    const printer = options.manager.printer();
    const document = draw({
      terminalId: options.terminalId,
      training: options.training,
      printedAt: new Date(options.now()),
      columns: printer?.profile.columns ?? 48,
    });
    const printed = printer
      ? await printReceipts({ printer: printer.printer, profile: printer.profile }, [document], options.logger)
      : { ok: false, problem: 'no receipt printer is configured' };
    return { lines: receiptAsText(document), printed };
  };
  const report = async (kind: 'x' | 'z', number: number | null, totals: DayTotals): Promise<DayReportView> => ({
    kind,
    number,
    totals,
    ...(await print((page) => dayReportDocument({ kind, number, totals }, page))),
  });
  return {
    shift: (): ShiftView | null => {
      const shift = journal().day.currentShift();
      return shift ? shiftView(shift) : null;
    },
    openShift: (floatMinor: number, openedBy: string): ShiftView =>
      shiftView(journal().day.openShift({ openedBy, floatMinor })),
    closeShift: (countedMinor: number, closedBy: string): ClosedShiftView => {
      const shift = journal().day.closeShift({ closedBy, countedMinor });
      const closed = shift.closed!;
      return {
        ...shiftView(shift),
        countedMinor: closed.countedMinor,
        expectedMinor: closed.expectedMinor,
        overShortMinor: closed.overShortMinor,
        verdict: overShortWords(closed.overShortMinor),
      };
    },
    noSale: async (reason: string, cashier: string, approvedBy: string): Promise<NoSaleView> => {
      journal().day.recordNoSale({ cashier, approvedBy, reason });
      try {
        await options.printers.openDrawer({});
        return { recorded: true, drawer: 'opened' };
      } catch (error) {
        return { recorded: true, drawer: 'not-opened', problem: (error as Error).message };
      }
    },
    xReport: () => {
      const since = journal().day.sinceLastZ();
      return report('x', null, dayTotals(since));
    },
    zReport: (closedBy: string) => {
      const stored = journal().day.closeDay(closedBy, dayTotals);
      return report('z', stored.number, stored.totals);
    },
  };
}

export type DayDesk = ReturnType<typeof createDayDesk>;
