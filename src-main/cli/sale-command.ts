import { join } from 'node:path';
import { loadSignatures } from '../../drivers/emulated/signature-replay';
import { defaultAssetsDir } from '../core/assets';
import { bootCore } from '../core/boot';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { createGatewayClient } from '../gateway/client';
import { defaultJournalPath, Journal, JournalError } from '../journal/journal';
import { receiptAsText } from '../receipt/escpos';
import { formatMoney } from '../receipt/model';
import { runSale, type SaleResult } from '../terminal/sale';
import type { CliIo } from './io';
import { UsageError } from './usage';

export interface SaleCommandOptions {
  readonly amount: string;
  readonly card?: string;
  readonly gateway?: string;
  readonly journal?: string;
  readonly merchid?: string;
  readonly username: string;
  readonly password: string;
}

/** "12.34" -> 1234; refuses anything but a positive amount with at most two decimals. */
export function parseAmount(text: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new UsageError(`the amount must look like 12.34, got "${text}"`);
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (minor <= 0) throw new UsageError('the amount must be more than 0.00');
  return minor;
}

async function until(check: () => boolean, seconds: number): Promise<boolean> {
  for (let waited = 0; waited < seconds * 1000 && !check(); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

function describe(result: SaleResult): string {
  const { outcome } = result;
  switch (outcome.kind) {
    case 'approved':
    case 'partial':
      return `${outcome.kind === 'partial' ? 'PARTIALLY APPROVED' : 'APPROVED'} ${formatMoney(outcome.approvedMinor)}  auth ${outcome.authcode ?? '-'}  retref ${outcome.retref ?? '-'}  order ${outcome.orderId}`;
    case 'declined':
      return `DECLINED: ${outcome.reason}${outcome.respcode ? ` (${outcome.respcode})` : ''}  order ${outcome.orderId}`;
    default:
      return `${outcome.kind.toUpperCase()}: ${outcome.reason}  order ${outcome.orderId}`;
  }
}

/**
 * `lanepoint sale <amount> [--card ID] [--gateway URL] [--journal FILE]`: one sale through the
 * same core the screens use, without a screen, for store IT and tests. With no gateway it is a
 * training sale: the built-in emulator, the training reader (the card from the test deck), the
 * training pad (a recorded signature when one is needed) and the training printer.
 */
export async function runSaleCommand(io: CliIo, options: SaleCommandOptions): Promise<number> {
  const amountMinor = parseAmount(options.amount);
  // The terminal's own log stays quiet here unless asked: stdout is the sale, stderr its progress.
  const env = { LANEPOINT_LOG_LEVEL: 'warn', ...process.env, ...(options.gateway ? {} : { LANEPOINT_TRAINING: '1' }) };
  const { core, appDataDir } = bootCore({ shell: 'browser', env });
  let emulator: RunningEmulator | undefined;
  let journal: Journal | undefined;
  try {
    const training = core.settings.training;
    if (!(await until(() => core.devices.list('card-reader').some((device) => device.status === 'connected'), 10))) {
      io.stderr('lanepoint sale: no card reader is connected');
      return 1;
    }
    try {
      journal = Journal.open(options.journal ?? defaultJournalPath(appDataDir, training), { clock: core.clock, terminalId: core.settings.terminalId });
    } catch (error) {
      if (!(error instanceof JournalError)) throw error;
      io.stderr(`lanepoint sale: ${error.message}; nothing was charged`);
      return 1;
    }
    if (!options.gateway) emulator = await startEmulator({ realism: false });
    const baseUrl = options.gateway ?? emulator!.url;
    const client = createGatewayClient({ baseUrl, credentials: { level: 'site', username: options.username, password: options.password } });
    const merchid = options.merchid ?? (core.settings.merchantId || '496160873888');
    const reader = core.deviceManager.cardReader()!;
    const printer = core.deviceManager.printer();
    const pad = core.deviceManager.signaturePad();
    const cardId = options.card ?? 'visa-approve';
    const deck = training ? core.cardReaders.testCards() : [];
    const testCard = deck.find((card) => card.id === cardId);
    if (training && !testCard) throw new UsageError(`no test card "${cardId}"; the deck has ${deck.map((card) => card.id).join(', ')}`);
    const controller = new AbortController();
    const result = await runSale(
      {
        journal,
        client,
        merchid,
        terminalId: core.settings.terminalId,
        training,
        reader: reader.reader,
        chipFailuresBeforeFallback: reader.setting.chipFailuresBeforeFallback,
        policy: core.settings.signature.policy,
        // Training: the training pad signs the recorded "neat name", as a customer would.
        ...(pad?.emulated
          ? {
              captureSignature: async () => {
                core.signature.begin({ source: 'pad' });
                const strokes = loadSignatures(join(defaultAssetsDir(), 'signatures')).get('neat-name')!;
                await pad.emulated!.sign(strokes, { speed: 0 });
                await new Promise((resolve) => setTimeout(resolve, 20));
                await core.signature.accept();
                return core.signature.take();
              },
            }
          : {}),
        ...(printer ? { printer: { printer: printer.printer, profile: printer.profile } } : {}),
        now: () => core.clock.now(),
      },
      {
        amountMinor,
        signal: controller.signal,
        onPhase: (phase, detail) => {
          io.stderr(`${phase}: ${detail}`);
          if (phase === 'reading' && testCard) {
            void core.cardReaders.presentTestCard({ cardId: testCard.id, method: testCard.methods[0] ?? 'swipe', amountMinor }).catch((error: unknown) => io.stderr(`lanepoint sale: ${(error as Error).message}`));
          }
        },
      },
    );
    io.stdout(describe(result));
    io.stdout(`card ${result.card.maskedPan} ${result.card.entryMode}${result.signatureRequired ? ', signature required' : ''}`);
    const customer = result.receipts.find((receipt) => receipt.copy === 'customer');
    if (customer) io.stdout(receiptAsText(customer).join('\n'));
    if (!result.printed.ok && result.receipts.length > 0) io.stderr(`receipt not printed: ${result.printed.problem ?? ''}`);
    return result.outcome.kind === 'approved' || result.outcome.kind === 'partial' ? 0 : 1;
  } finally {
    journal?.close();
    await core.close();
    await emulator?.close();
  }
}
