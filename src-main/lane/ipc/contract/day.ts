/** The counter's day: the shift, the drawer opened for no sale, the X and Z reports (issue 32, ADR 065). */
import { z } from 'zod';
import { command } from './spec';
import { amountMinorFrom, managerPin } from './schemas';

/** A count and the money it came to, in minor units. */
export interface Tally {
  readonly count: number;
  readonly minor: number;
}

/**
 * The totals of an X report (the day or shift so far, nothing reset) or a Z report (the day
 * closed): made from the journal's rows alone, so the report and the journal cannot disagree.
 * Money is in minor units; refunds and voids are positive amounts taken off.
 */
export interface DayTotals {
  /** Sales that took effect: card sales (approved and captured) and the cash kept from sales. */
  readonly sales: Tally;
  /** Net takings by tender: card (sales, captures and tips, less voids and refunds) and cash in the drawer from sales less cash refunds. */
  readonly byTender: { readonly card: Tally; readonly cash: Tally; readonly outside: Tally };
  /** Card sales by the card's brand (from its first six digits). */
  readonly byBrand: Readonly<Record<string, Tally>>;
  /** Sales by who was signed in when each was written. */
  readonly byCashier: Readonly<Record<string, Tally>>;
  readonly refunds: Tally;
  readonly voids: Tally;
  readonly noSales: number;
  readonly tipsMinor: number;
  readonly surchargesMinor: number;
  /** The closed shifts in the period: float, blind count, what was expected, over or short. */
  readonly shifts: ReadonlyArray<{
    readonly id: number;
    readonly openedBy: string;
    readonly floatMinor: number;
    readonly countedMinor: number | null;
    readonly expectedMinor: number | null;
    readonly overShortMinor: number | null;
  }>;
  /** Counted less expected over every closed shift: positive over, negative short. */
  readonly overShortMinor: number;
  /** Payments whose outcome is still unknown: the report says so rather than count them either way. */
  readonly unknown: number;
  /**
   * Card payments taken offline (ADR 074), apart. `stored`: waiting to be sent; no issuer has seen
   * them, so they are in no other line (a Z report carries them to the next report, ADR 078).
   * `forwarded`: sent and approved in the period; they are card sales too. `declined`: sent and
   * not approved; the customer left with the goods, so this is money the merchant did not get.
   */
  readonly offline: { readonly stored: Tally; readonly forwarded: Tally; readonly declined: Tally };
}

/** The open shift as the counter shows it: never the cash the drawer should hold (the count is blind). */
export interface ShiftView {
  readonly id: number;
  readonly openedBy: string;
  readonly openedAt: number;
  readonly floatMinor: number;
}

/** A closed shift as the manager sees it: what was counted, what was expected, over or short. */
export interface ClosedShiftView extends ShiftView {
  readonly countedMinor: number;
  readonly expectedMinor: number;
  readonly overShortMinor: number;
  /** "Over $0.25", "Short $0.35", "Even". */
  readonly verdict: string;
}

/** An X or Z report: its totals, its lines as printed, and whether the printer took it. */
export interface DayReportView {
  readonly kind: 'x' | 'z';
  /** A Z report's number; an X report has none. */
  readonly number: number | null;
  readonly totals: DayTotals;
  readonly lines: readonly string[];
  readonly printed: { readonly ok: boolean; readonly problem?: string };
}

/** A no-sale: journaled first, then the drawer kicked; whether it opened, in words when not. */
export interface NoSaleView {
  readonly recorded: true;
  readonly drawer: 'opened' | 'not-opened';
  readonly problem?: string;
}

export const dayCommands = {
  'day.shift': command<ShiftView | null>()(
    'The shift open at this lane (who opened it, when, the float), or null. Never the cash the drawer should hold: the closing count is blind.',
    z.object({}).strict(),
  ),
  'day.openShift': command<ShiftView>()(
    'Opens a shift with the float the signed-in cashier counted into the drawer. Refused while a shift is open.',
    z.object({ floatMinor: amountMinorFrom(0) }).strict(),
  ),
  'day.closeShift': command<ClosedShiftView>()(
    'Closes the open shift with the cash counted in the drawer (a blind count) and answers what was expected and over or short. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ countedMinor: amountMinorFrom(0), managerPin }).strict(),
  ),
  'day.noSale': command<NoSaleView>()(
    'Opens the cash drawer without a sale: journaled with the reason and the manager who allowed it, then the drawer is kicked. A manager\u2019s: a cashier gives `managerPin`.',
    z
      .object({
        reason: z.string().trim().min(1, { error: 'say why the drawer is opened' }).max(200),
        managerPin,
      })
      .strict(),
  ),
  'day.xReport': command<DayReportView>()(
    'The X report: the totals since the last Z report, shown and printed; nothing is reset.',
    z.object({}).strict(),
  ),
  'day.zReport': command<DayReportView>()(
    'The Z report: closes the day under the next number (never given twice), keeps its totals, shows and prints them. Refused while a shift is open. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin }).strict(),
  ),
} as const;
