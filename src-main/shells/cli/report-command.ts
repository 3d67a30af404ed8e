import { writeFileSync } from 'node:fs';
import { defaultAssetsDir } from '../../lane/core/assets';
import { encodeReceipt, receiptAsText } from '../../lane/receipt/escpos';
import { loadPrinterProfiles } from '../../lane/receipt/profiles';
import { JournalError } from '../../lane/journal/journal';
import { dayReportDocument } from '../../lane/terminal/day-desk';
import { dayTotals } from '../../lane/terminal/day-report';
import type { CliIo } from './io';
import { openJournal } from './journal-command';
import { UsageError } from './usage';

export interface ReportCommandOptions {
  readonly kind: 'x' | 'z';
  readonly journal?: string;
  readonly training: boolean;
  /** Who closes the day (a Z report): the staff id kept with it. */
  readonly by?: string;
  readonly printer: string;
  /** Where to write the printer's bytes, for a printer the lane does not drive. */
  readonly escpos?: string;
  readonly terminalId: string;
}

/**
 * `lanepoint report x|z`: the day's X report (nothing reset) or its Z report (closes the day
 * under the next number) from the lane's journal, for store IT without a screen: the text on
 * standard output and, with --escpos, the printer's bytes. The same totals and page as the End
 * of day screen's, from the same journal rows (ADR 065).
 */
export async function runReportCommand(io: CliIo, options: ReportCommandOptions): Promise<number> {
  const profiles = loadPrinterProfiles(`${defaultAssetsDir()}/printers`);
  const profile = profiles.get(options.printer);
  if (!profile)
    throw new UsageError(`no printer profile "${options.printer}"; there are ${[...profiles.keys()].join(', ')}`);
  if (options.kind === 'z' && !options.by?.trim())
    throw new UsageError('report z closes the day: say who closes it with --by <staff id>');
  const journal = openJournal(io, options.journal, options.training, 'report');
  if (!journal) return 1;
  try {
    const report =
      options.kind === 'x'
        ? { kind: 'x' as const, number: null, totals: dayTotals(journal.day.sinceLastZ()) }
        : (() => {
            const stored = journal.day.closeDay(options.by!.trim(), dayTotals);
            return { kind: 'z' as const, number: stored.number, totals: stored.totals };
          })();
    const document = dayReportDocument(report, {
      terminalId: options.terminalId,
      training: options.training,
      printedAt: new Date(io.clock.now()),
      columns: profile.columns,
    });
    for (const line of receiptAsText(document)) io.stdout(line);
    if (options.escpos) writeFileSync(options.escpos, encodeReceipt(document, profile));
    return 0;
  } catch (error) {
    if (!(error instanceof JournalError)) throw error;
    io.stderr(`lanepoint report: ${error.message}`);
    return 1;
  } finally {
    journal.close();
  }
}
