import { join } from 'node:path';
import { loadSignatures } from '../../stand-ins/devices/signature-replay';
import { defaultAssetsDir } from '../../lane/core/assets';
import { bootCore } from '../../lane/core/boot';
import { createGatewayClient } from '../../lane/gateway/client';
import type { SaleSummary, SignatureSession, TerminalState } from '../../lane/ipc/contract';
import { LaneError } from '../../lane/errors';
import { formatMinorUnits } from '../../platform/money';
import type { Clock } from '../../platform/clock';
import type { CliIo } from './io';
import { UsageError } from './usage';
import { laneTraining } from '../training/lane-training';

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

/** Polls `check` (the core starts its devices in the background) until it holds or `seconds` pass. */
async function until(clock: Clock, check: () => boolean, seconds: number): Promise<boolean> {
  const deadline = clock.monotonic() + seconds * 1000;
  while (!check() && clock.monotonic() < deadline) await clock.sleep(20);
  return check();
}

function describe(summary: SaleSummary): string {
  switch (summary.outcome) {
    case 'approved':
    case 'partial':
      return `${summary.outcome === 'partial' ? 'PARTIALLY APPROVED' : 'APPROVED'} ${formatMinorUnits(summary.approvedMinor)}  auth ${summary.authcode ?? '-'}  order ${summary.orderId}`;
    case 'declined':
      return `DECLINED: ${summary.reason ?? ''}  order ${summary.orderId}`;
    default:
      return `${summary.outcome.toUpperCase()}: ${summary.reason ?? ''}  order ${summary.orderId}`;
  }
}

/**
 * `lanepoint sale <amount> [--card ID] [--gateway URL] [--journal FILE]`: one sale through the
 * same core the screens use (`terminal.sale`), without a screen, for store IT and tests. In
 * training the test deck's card is presented on the training reader when the terminal asks for
 * it, and the training pad signs a recorded signature when one is needed.
 */
export async function runSaleCommand(io: CliIo, options: SaleCommandOptions): Promise<number> {
  const amountMinor = parseAmount(options.amount);
  // The terminal's own log stays quiet here unless asked: stdout is the sale, stderr its progress.
  const env = { LANEPOINT_LOG_LEVEL: 'warn', ...process.env, ...(options.gateway ? {} : { LANEPOINT_TRAINING: '1' }) };
  const gateway = options.gateway;
  const { core } = bootCore({
    training: laneTraining,
    shell: 'browser',
    clock: io.clock,
    env,
    ...(options.journal ? { journalPath: options.journal } : {}),
    ...(gateway
      ? {
          gateway: async () => ({
            client: createGatewayClient({
              baseUrl: gateway,
              credentials: { level: 'site', username: options.username, password: options.password },
            }),
            merchid: options.merchid ?? '496160873888',
          }),
        }
      : {}),
  });
  const stops: Array<() => void> = [];
  try {
    if (
      !(await until(
        io.clock,
        () => core.devices.list('card-reader').some((device) => device.status === 'connected'),
        10,
      ))
    ) {
      io.stderr('lanepoint sale: no card reader is connected');
      return 1;
    }
    const training = core.settings.training;
    const deck = training ? core.cardReaders.testCards() : [];
    const cardId = options.card ?? 'visa-approve';
    const testCard = deck.find((card) => card.id === cardId);
    if (training && !testCard)
      throw new UsageError(`no test card "${cardId}"; the deck has ${deck.map((card) => card.id).join(', ')}`);
    const pad = core.deviceManager.signaturePad();
    stops.push(
      core.events.subscribe((name, payload) => {
        if (name === 'terminal.state') {
          const state = payload as TerminalState;
          if (state.phase !== 'idle' && state.phase !== 'done' && state.detail)
            io.stderr(`${state.phase}: ${state.detail}`);
          if (state.phase === 'awaiting-card' && testCard) {
            void core.cardReaders
              .presentTestCard({ cardId: testCard.id, method: testCard.methods[0] ?? 'swipe', amountMinor })
              .catch((error: unknown) => io.stderr(`lanepoint sale: ${(error as Error).message}`));
          }
        }
        // Training: the training pad signs the recorded "neat name", as a customer would.
        if (name === 'signature.session' && (payload as SignatureSession).state === 'capturing' && pad?.emulated) {
          const strokes = loadSignatures(join(defaultAssetsDir(), 'signatures')).get('neat-name')!;
          void pad.emulated
            .sign(strokes, { speed: 0 })
            .then(() => io.clock.sleep(20))
            .then(() => core.signature.accept())
            .catch((error: unknown) => io.stderr(`lanepoint sale: ${(error as Error).message}`));
        }
      }),
    );
    let summary: SaleSummary;
    try {
      summary = await core.sales.sale({ amountMinor });
    } catch (error) {
      if (!(error instanceof LaneError)) throw error;
      io.stderr(`lanepoint sale: ${error.message}`);
      return 1;
    }
    io.stdout(describe(summary));
    io.stdout(
      `card ${summary.maskedPan} ${summary.entryMode}${summary.signatureRequired ? ', signature required' : ''}`,
    );
    const printer = core.deviceManager.printer();
    const page = printer?.emulated?.pages.at(-1);
    if (page) io.stdout(page.lines.join('\n'));
    if (!summary.printed && summary.printProblem) io.stderr(`receipt not printed: ${summary.printProblem}`);
    return summary.outcome === 'approved' || summary.outcome === 'partial' ? 0 : 1;
  } finally {
    for (const stop of stops) stop();
    await core.close();
  }
}
