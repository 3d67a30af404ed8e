import { parseArgs } from 'node:util';
import { productVersion } from '../../lane/core/version';
import { processIo, type CliIo } from './io';
import { helpText, parsePort, UsageError, usageLine } from './usage';

type Command = (io: CliIo, args: string[]) => Promise<number>;

/** Options a command does not declare are usage errors, never silently ignored. */
function parse(args: string[], options: NonNullable<Parameters<typeof parseArgs>[0]>['options'] = {}) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function noPositionals(name: string, positionals: string[]) {
  if (positionals.length > 0) throw new UsageError(`${name} takes no argument "${positionals[0]}"`);
}

/** parseArgs declarations of options that take a value (`--name value`). */
const valueOptions = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'string' } as const]));

/** parseArgs declarations of flags (`--name`). */
const flagOptions = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'boolean' } as const]));

/** The value options given, each under the name its command takes it by (`--auth-url` → authUrl). */
function givenValues<K extends string>(
  values: Record<string, unknown>,
  names: Readonly<Record<string, K>>,
): Partial<Record<K, string>> {
  const given: Partial<Record<K, string>> = {};
  for (const [option, key] of Object.entries(names)) {
    const value = values[option];
    if (typeof value === 'string') given[key] = value;
  }
  return given;
}

/** `--user` and `--password`, or the emulator's public test credentials. */
const credentialsGiven = (values: Record<string, unknown>) => ({
  username: typeof values.user === 'string' ? values.user : 'testing',
  password: typeof values.password === 'string' ? values.password : 'testing123',
});

const commands: Record<string, Command> = {
  async start(io, args) {
    noPositionals('start', parse(args).positionals);
    const { runStartCommand } = await import('./start-command');
    return runStartCommand(io);
  },
  async host(io, args) {
    const { values, positionals } = parse(args, valueOptions('port'));
    noPositionals('host', positionals);
    const { runHostCommand } = await import('./host-command');
    return runHostCommand(io, values.port === undefined ? {} : { port: parsePort(String(values.port)) });
  },
  async emulator(io, args) {
    const { values, positionals } = parse(args, {
      ...valueOptions('port', 'db', 'boarding-port', 'wallet-keys'),
      ...flagOptions('plain', 'unlimited', 'tls', 'boarding'),
    });
    noPositionals('emulator', positionals);
    const boardingPort = values['boarding-port'];
    if (boardingPort !== undefined && values.boarding !== true)
      throw new UsageError('--boarding-port is the port of the boarding emulator: give it with --boarding');
    const { runEmulatorCommand } = await import('./emulator-command');
    return runEmulatorCommand(io, {
      ...(values.port === undefined ? {} : { port: parsePort(String(values.port)) }),
      plain: values.plain === true,
      unlimited: values.unlimited === true,
      ...givenValues(values, { db: 'db', 'wallet-keys': 'walletKeys' }),
      tls: values.tls === true,
      ...(values.boarding === true
        ? { boarding: boardingPort === undefined ? {} : { port: parsePort(String(boardingPort)) } }
        : {}),
    });
  },
  async board(io, args) {
    const { values, positionals } = parse(args, valueOptions('url', 'auth-url', 'user', 'client-id'));
    const [subcommand, merchantId, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`board takes one merchant id, not "${extra[0]}"`);
    const { runBoardCommand } = await import('./board-command');
    return runBoardCommand(
      io,
      subcommand,
      merchantId,
      givenValues(values, { url: 'url', 'auth-url': 'authUrl', user: 'user', 'client-id': 'clientId' }),
    );
  },
  async backoffice(io, args) {
    const { values, positionals } = parse(args, {
      port: { type: 'string' },
      training: { type: 'boolean' },
      browser: { type: 'boolean' },
    });
    noPositionals('backoffice', positionals);
    const { runBackofficeCommand } = await import('./backoffice-command');
    return runBackofficeCommand(io, {
      ...(values.port === undefined ? {} : { port: parsePort(String(values.port)) }),
      ...(values.training === true ? { training: true } : {}),
      ...(values.browser === true ? { browser: true } : {}),
    });
  },
  async hub(io, args) {
    const { values, positionals } = parse(args, {
      ...valueOptions('port', 'host', 'database'),
      ...flagOptions('admin-key'),
    });
    noPositionals('hub', positionals);
    const { runHubCommand } = await import('./hub-command');
    return runHubCommand(io, {
      ...(values.port === undefined ? {} : { port: parsePort(String(values.port)) }),
      ...givenValues(values, { host: 'host', database: 'database' }),
      ...(values['admin-key'] === true ? { adminKey: true } : {}),
    });
  },
  async provision(io, args) {
    const [file, ...extra] = parse(args).positionals;
    if (!file || extra.length > 0)
      throw new UsageError('provision takes one provisioning file, e.g. lanepoint provision lane-49600000001.json');
    const { runProvisionCommand } = await import('./backoffice-command');
    return runProvisionCommand(io, file);
  },
  async settle(io, args) {
    const { values, positionals } = parse(args, {
      ...valueOptions('emulator', 'merchid', 'user', 'password'),
      reject: { type: 'string', multiple: true },
    });
    noPositionals('settle', positionals);
    const { defaultEmulatorUrl, runSettleCommand } = await import('./settle-command');
    return runSettleCommand(io, {
      emulator: typeof values.emulator === 'string' ? values.emulator : defaultEmulatorUrl,
      ...givenValues(values, { merchid: 'merchid' }),
      reject: Array.isArray(values.reject) ? values.reject.map(String) : [],
      ...credentialsGiven(values),
    });
  },
  async card(io, args) {
    const { runCardCommand } = await import('./card-command');
    return runCardCommand(io, parse(args).positionals);
  },
  async signature(io, args) {
    const { values, positionals } = parse(args, valueOptions('png'));
    const { runSignatureCommand } = await import('./signature-command');
    return runSignatureCommand(io, positionals, typeof values.png === 'string' ? values.png : undefined);
  },
  async receipt(io, args) {
    const { values, positionals } = parse(args, {
      ...valueOptions('printer', 'escpos', 'png', 'copy', 'kind', 'terminal'),
      ...flagOptions('training', 'duplicate'),
    });
    const copy = values.copy ?? 'merchant';
    if (copy !== 'merchant' && copy !== 'customer') throw new UsageError('--copy must be merchant or customer');
    const { parseReceiptKind, runReceiptCommand } = await import('./receipt-command');
    return runReceiptCommand(io, positionals, {
      printer: typeof values.printer === 'string' ? values.printer : 'escpos-80mm',
      ...givenValues(values, { escpos: 'escpos', png: 'png' }),
      copy,
      ...(typeof values.kind === 'string' ? { kind: parseReceiptKind(values.kind) } : {}),
      training: values.training === true,
      duplicate: values.duplicate === true,
      terminalId: typeof values.terminal === 'string' ? values.terminal : 'LANE-01',
    });
  },
  async sale(io, args) {
    const { values, positionals } = parse(
      args,
      valueOptions('card', 'gateway', 'journal', 'merchid', 'user', 'password'),
    );
    const [amount, ...extra] = positionals;
    if (!amount || extra.length > 0) throw new UsageError('sale takes one amount, e.g. lanepoint sale 12.34');
    const { runSaleCommand } = await import('./sale-command');
    return runSaleCommand(io, {
      amount,
      ...givenValues(values, { card: 'card', gateway: 'gateway', journal: 'journal', merchid: 'merchid' }),
      ...credentialsGiven(values),
    });
  },
  async journal(io, args) {
    const { values, positionals } = parse(args, {
      ...valueOptions('journal', 'last-four', 'order', 'limit', 'reason'),
      ...flagOptions('live'),
    });
    const [subcommand, ...extra] = positionals;
    if ((subcommand === 'new' || subcommand === 'accept') && extra.length === 0)
      return (await import('./journal-decision-command')).runJournalDecisionCommand(io, {
        decision: subcommand,
        reason: typeof values.reason === 'string' ? values.reason : '',
        training: values.live !== true,
      });
    if (subcommand !== 'list' || extra.length > 0)
      throw new UsageError('journal takes one subcommand: list, new or accept');
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
      throw new UsageError('--limit takes a whole number from 1 to 10000');
    const { runJournalListCommand } = await import('./journal-command');
    return runJournalListCommand(io, {
      ...givenValues(values, { journal: 'journal', 'last-four': 'lastFour', order: 'orderId' }),
      training: values.live !== true,
      limit,
    });
  },
  async report(io, args) {
    const { values, positionals } = parse(args, {
      ...valueOptions('journal', 'by', 'printer', 'escpos', 'terminal'),
      ...flagOptions('live'),
    });
    const [kind, ...extra] = positionals;
    if ((kind !== 'x' && kind !== 'z') || extra.length > 0)
      throw new UsageError('report takes x (the day so far) or z (close the day)');
    const { runReportCommand } = await import('./report-command');
    return runReportCommand(io, {
      kind,
      ...givenValues(values, { journal: 'journal', by: 'by', escpos: 'escpos' }),
      training: values.live !== true,
      printer: typeof values.printer === 'string' ? values.printer : 'escpos-80mm',
      terminalId: typeof values.terminal === 'string' ? values.terminal : 'LANE-01',
    });
  },
  async recover(io, args) {
    const { values, positionals } = parse(args, {
      ...valueOptions('journal', 'gateway', 'merchid', 'user', 'password'),
      ...flagOptions('live'),
    });
    noPositionals('recover', positionals);
    if (typeof values.gateway !== 'string' || typeof values.merchid !== 'string')
      throw new UsageError('recover needs --gateway URL and --merchid M');
    const { runRecoverCommand } = await import('./journal-command');
    return runRecoverCommand(io, {
      ...givenValues(values, { journal: 'journal' }),
      training: values.live !== true,
      gateway: values.gateway,
      merchid: values.merchid,
      ...credentialsGiven(values),
    });
  },
  async 'pin-hash'(io, args) {
    noPositionals('pin-hash', parse(args).positionals);
    const { hashPin, pinPattern } = await import('../../lane/session/pin-hash');
    const pin = (await io.readInput()).trim();
    if (!pinPattern.test(pin))
      throw new UsageError(
        'pin-hash reads a PIN of 4 to 8 digits on standard input, e.g. printf 4821 | lanepoint pin-hash',
      );
    io.stdout(hashPin(pin));
    return 0;
  },
  async scan(io, args) {
    const { positionals } = parse(args);
    if (positionals.length === 0) throw new UsageError('scan takes the files or folders to scan');
    const { scanPaths } = await import('../../lane/security/card-data-scan');
    const { findings, filesRead } = scanPaths(positionals);
    for (const finding of findings) io.stdout(`${finding.file}:${finding.line}  ${finding.kind}  ${finding.hint}`);
    io.stderr(
      findings.length === 0
        ? `scan: no card data, credentials or wallet data in ${filesRead} files`
        : `scan: card data, credentials or wallet data in ${new Set(findings.map((finding) => finding.file)).size} of ${filesRead} files`,
    );
    return findings.length === 0 ? 0 : 1;
  },
};

/** Every command `lanepoint` runs, for the CLI reference (docs/reference/cli.md): each has its entry in usage.ts. */
export const cliCommandNames: readonly string[] = Object.keys(commands);

/**
 * Runs the `lanepoint` command line and returns the exit code: 0 done, 1 failed, 2 the command
 * line itself was wrong (with the usage line on stderr).
 */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
      (name === undefined ? io.stderr : io.stdout)(helpText);
      return name === undefined ? 2 : 0;
    }
    if (name === '-v' || name === '--version') {
      io.stdout(productVersion);
      return 0;
    }
    const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!command) throw new UsageError(`unknown command "${name}"`);
    return await command(io, rest);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`lanepoint: ${error.message}`);
      io.stderr(usageLine);
      return 2;
    }
    io.stderr(`lanepoint: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
