import { performance } from 'node:perf_hooks';
import { mutateJson } from './json-mutator';
import { FuzzRandom, mutate, toHex } from './mutator';

/** One parser of outside input, as the fuzzer drives it. */
export interface FuzzTarget {
  readonly name: string;
  /** Real samples (from the emulated devices, the test deck, documented answers) to mutate. */
  readonly seeds: readonly Uint8Array[];
  /** Feeds one input to the parser; returning (or resolving) means the input was accepted. */
  readonly run: (input: Uint8Array) => unknown;
  /** The parser's own refusal: anything else thrown is a crash. */
  readonly isTyped: (error: unknown) => boolean;
  /** Inputs are cut to this many bytes (default 4096). */
  readonly maxLength?: number;
  /** The seeds are JSON: half the inputs get structure-aware mutations. */
  readonly json?: boolean;
  /** Share of the total budget relative to other targets (default 1): slow parsers get less. */
  readonly weight?: number;
  /** This target's hang bound in ms, where its work is rightly proportional to what it is asked (the printer). */
  readonly hangMs?: number;
}

/** A crash or hang, with the smallest input found that still shows it. */
export interface FuzzFinding {
  readonly kind: 'crash' | 'hang';
  readonly input: Uint8Array;
  readonly hex: string;
  readonly error: string;
  readonly ms: number;
}

export interface FuzzReport {
  readonly target: string;
  inputs: number;
  typed: number;
  accepted: number;
  crashes: number;
  hangs: number;
  /** The first finding of each distinct error (at most a few per target). */
  readonly findings: FuzzFinding[];
  slowestMs: number;
}

export interface FuzzOptions {
  readonly inputs: number;
  readonly seed?: number;
  /** An input taking longer than this, twice in a row, is a hang (default: the target's bound, else 500 ms). */
  readonly hangMs?: number;
  /** The clock inputs are timed with (milliseconds); performance.now unless a test injects one. */
  readonly now?: () => number;
  /** Called with each input before it runs (the CLI's watchdog keeps it for an endless loop). */
  readonly onInput?: (input: Uint8Array) => void;
}

type Outcome = { kind: 'typed' | 'accepted'; ms: number } | { kind: 'crash'; error: string; ms: number };

const describeError = (error: unknown) =>
  error instanceof Error
    ? `${error.name}: ${error.message.split('\n')[0]?.slice(0, 160)}`
    : `thrown ${typeof error}: ${String(error).slice(0, 80)}`;

async function attempt(target: FuzzTarget, input: Uint8Array, now: () => number): Promise<Outcome> {
  const started = now();
  try {
    const result = target.run(input);
    if (result instanceof Promise) await result;
    return { kind: 'accepted', ms: now() - started };
  } catch (error) {
    const ms = now() - started;
    return target.isTyped(error) ? { kind: 'typed', ms } : { kind: 'crash', error: describeError(error), ms };
  }
}

/** What a shrinking input must still do: fail like `finding` on `target`, timed by `now` against `hangMs`. */
interface Reproduction {
  readonly target: FuzzTarget;
  readonly finding: Pick<FuzzFinding, 'kind' | 'error'>;
  readonly hangMs: number;
  readonly now: () => number;
  readonly onInput?: ((input: Uint8Array) => void) | undefined;
}

/** The same failure: crashes with the same error name (messages carry offsets), or slowness. */
async function stillFails(
  { target, finding, hangMs, now, onInput }: Reproduction,
  input: Uint8Array,
): Promise<boolean> {
  // Minimizing runs inputs too: the watchdog hears of each, or it takes the shrinking for a hang.
  onInput?.(input);
  const outcome = await attempt(target, input, now);
  if (finding.kind === 'hang') return outcome.ms > hangMs;
  return outcome.kind === 'crash' && outcome.error.split(':')[0] === finding.error.split(':')[0];
}

/** Shrinks a failing input by removing ever smaller chunks while it still fails the same way. */
async function minimize(reproduction: Reproduction, input: Uint8Array): Promise<Uint8Array> {
  let smallest = input;
  let tries = reproduction.finding.kind === 'hang' ? 40 : 2000;
  for (let chunk = Math.max(1, smallest.length >> 1); chunk >= 1 && tries > 0; chunk >>= 1) {
    for (let at = 0; at < smallest.length && tries > 0; tries--) {
      const candidate = Uint8Array.from([...smallest.subarray(0, at), ...smallest.subarray(at + chunk)]);
      if (await stillFails(reproduction, candidate)) smallest = candidate;
      else at += chunk;
    }
  }
  return smallest;
}

/**
 * Runs one target for `inputs` inputs: the seeds themselves first, then mutations of them.
 * Counts typed refusals and accepted inputs; records a crash for any other throw and a hang for
 * an input slower than `hangMs` twice in a row, each minimized and shown in hex.
 */
export async function fuzzTarget(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const random = new FuzzRandom(options.seed ?? 0x5eed);
  const hangMs = options.hangMs ?? target.hangMs ?? 500;
  const now = options.now ?? (() => performance.now());
  const maxLength = target.maxLength ?? 4096;
  const report: FuzzReport = {
    target: target.name,
    inputs: 0,
    typed: 0,
    accepted: 0,
    crashes: 0,
    hangs: 0,
    findings: [],
    slowestMs: 0,
  };
  const seen = new Set<string>();
  for (let i = 0; i < options.inputs; i++) {
    let input: Uint8Array;
    if (i < target.seeds.length) input = target.seeds[i] as Uint8Array;
    else if (target.json && random.below(2) === 0)
      input = mutateJson(random.pick(target.seeds), random) ?? mutate(target.seeds, random, maxLength);
    else input = mutate(target.seeds, random, maxLength);
    options.onInput?.(input);
    let outcome = await attempt(target, input, now);
    // A slow input is measured again: one slow run can be the machine, two are the parser.
    if (outcome.ms > hangMs) {
      const again = await attempt(target, input, now);
      if (again.ms <= hangMs) outcome = again;
    }
    report.inputs++;
    report.slowestMs = Math.max(report.slowestMs, outcome.ms);
    const failure =
      outcome.ms > hangMs
        ? { kind: 'hang' as const, error: `took ${outcome.ms.toFixed(0)} ms (bound ${hangMs} ms)` }
        : outcome.kind === 'crash'
          ? { kind: 'crash' as const, error: outcome.error }
          : undefined;
    if (!failure) {
      report[outcome.kind === 'typed' ? 'typed' : 'accepted']++;
      continue;
    }
    report[failure.kind === 'crash' ? 'crashes' : 'hangs']++;
    const key = `${failure.kind}:${failure.error.split(':')[0]}`;
    if (seen.has(key) || report.findings.length >= 5) continue;
    seen.add(key);
    const smallest = await minimize({ target, finding: failure, hangMs, now, onInput: options.onInput }, input);
    report.findings.push({ ...failure, input: smallest, hex: toHex(smallest), ms: outcome.ms });
  }
  return report;
}

/** The results as one aligned table: target, inputs, typed errors, accepted, crashes, hangs. */
export function formatFuzzTable(reports: readonly FuzzReport[]): string {
  const header = ['target', 'inputs', 'typed errors', 'accepted', 'crashes', 'hangs', 'slowest ms'];
  const total: FuzzReport = {
    target: 'total',
    findings: [],
    slowestMs: Math.max(0, ...reports.map((r) => r.slowestMs)),
    ...(['inputs', 'typed', 'accepted', 'crashes', 'hangs'] as const).reduce(
      (sums, key) => ({ ...sums, [key]: reports.reduce((sum, r) => sum + r[key], 0) }),
      { inputs: 0, typed: 0, accepted: 0, crashes: 0, hangs: 0 },
    ),
  };
  const rows = [...reports, total].map((r) => [
    r.target,
    String(r.inputs),
    String(r.typed),
    String(r.accepted),
    String(r.crashes),
    String(r.hangs),
    r.slowestMs.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(0, -1).map(line),
    widths.map((w) => '-'.repeat(w)).join('  '),
    line(rows.at(-1) ?? []),
  ].join('\n');
}

/** Each finding as a line a person can turn into a regression test. */
export function formatFindings(reports: readonly FuzzReport[]): string {
  return reports
    .flatMap((r) =>
      r.findings.map(
        (f) =>
          `${r.target}: ${f.kind}: ${f.error}\n  minimal input (${f.input.length} bytes, hex): ${f.hex.slice(0, 2000)}`,
      ),
    )
    .join('\n');
}
