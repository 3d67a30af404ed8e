import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { systemClock, type Clock } from '../../platform/clock';
import type { PadExtent, PenSample, SignatureStrokes } from '../../../drivers/signature-pad/types';
import { KindedError } from '../../platform/errors';

/** A pen report and when, after the first one, the pad sends it. */
export interface TimedPenSample extends PenSample {
  readonly atMs: number;
}

export interface ReplayOptions {
  /** Reports a second while the pen is in range (default 200, a common pad rate). */
  readonly reportsPerSecond?: number;
  /** Hover reports before the first stroke, between strokes and after the last (default 6). */
  readonly hoverReports?: number;
}

/** Reads assets/signatures/*.json: recorded signatures by file name ("long-messy", ...). */
export function loadSignatures(dir: string): Map<string, SignatureStrokes> {
  const signatures = new Map<string, SignatureStrokes>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SignatureStrokes;
    if (!(parsed.width > 0 && parsed.height > 0) || !Array.isArray(parsed.strokes))
      throw new KindedError('damaged', `${file} is not a recorded signature (width, height, strokes)`);
    signatures.set(basename(file, '.json'), parsed);
  }
  return signatures;
}

/**
 * A signature as a pen pad reports it: the pen comes into range, goes down for each stroke
 * (pressure rising over the first reports and falling over the last), lifts and hovers between
 * strokes, and leaves range at the end. Points are scaled from the recording's extent into the
 * pad's and rounded to whole device units; one report per recorded point at the pad's rate.
 */
export function penSamples(
  signature: SignatureStrokes,
  extent: PadExtent,
  options: ReplayOptions = {},
): TimedPenSample[] {
  const interval = 1000 / (options.reportsPerSecond ?? 200);
  const hover = options.hoverReports ?? 6;
  const sx = extent.width / signature.width;
  const sy = extent.height / signature.height;
  const place = (point: { x: number; y: number }) => ({
    x: Math.min(extent.width, Math.max(0, Math.round(point.x * sx))),
    y: Math.min(extent.height, Math.max(0, Math.round(point.y * sy))),
  });
  const samples: TimedPenSample[] = [];
  let at = 0;
  const push = (sample: PenSample) => {
    samples.push({ ...sample, atMs: Math.round(at * 100) / 100 });
    at += interval;
  };
  const full = extent.maxPressure;
  for (const stroke of signature.strokes) {
    const first = stroke[0];
    if (!first) continue;
    const start = place(first);
    for (let i = 0; i < hover; i++)
      push({ ...start, tip: false, inRange: true, pressure: full === undefined ? undefined : 0 });
    stroke.forEach((point, index) => {
      const ramp = Math.min(1, (index + 1) / 4, (stroke.length - index) / 4);
      push({
        ...place(point),
        tip: true,
        inRange: true,
        pressure: full === undefined ? undefined : Math.max(1, Math.round(full * (0.35 + 0.4 * ramp))),
      });
    });
    const end = place(stroke.at(-1) ?? first);
    push({ ...end, tip: false, inRange: true, pressure: full === undefined ? undefined : 0 });
  }
  const last = samples.at(-1);
  if (last) {
    for (let i = 0; i < hover; i++)
      push({ x: last.x, y: last.y, tip: false, inRange: true, pressure: full === undefined ? undefined : 0 });
    push({ x: last.x, y: last.y, tip: false, inRange: false, pressure: full === undefined ? undefined : 0 });
  }
  return samples;
}

/** How a replay is timed: `speed` (1 real time, 0 back to back), `signal` to stop, `clock` to time it on. */
export interface ReplayTiming {
  readonly speed?: number;
  readonly signal?: AbortSignal;
  readonly clock?: Clock;
}

/**
 * Sends timed samples: `speed` 1 is real time (training's live preview), larger is faster, and 0
 * sends them back to back without timers. Stops early when `signal` aborts. `clock` times the
 * samples (the system clock unless a test passes its own).
 */
export async function replaySamples(
  samples: readonly TimedPenSample[],
  send: (sample: PenSample) => Promise<void>,
  options: ReplayTiming = {},
): Promise<void> {
  const speed = options.speed ?? 1;
  const clock = options.clock ?? systemClock;
  const started = clock.monotonic();
  for (const sample of samples) {
    if (options.signal?.aborted) return;
    if (speed > 0) {
      const wait = sample.atMs / speed - (clock.monotonic() - started);
      if (wait > 1) await clock.sleep(wait);
    }
    await send(sample);
  }
}

/**
 * A tap at one point, as a pad's on-surface button is pressed: pen in range, down, up, out of
 * range. `pressure` is the pen-down pressure; undefined for a pad that reports none.
 */
export function tapSamples(x: number, y: number, pressure: number | undefined): PenSample[] {
  const steps = [
    [false, true],
    [true, true],
    [false, true],
    [false, false],
  ] as const;
  return steps.map(([tip, inRange]) => ({
    x,
    y,
    tip,
    inRange,
    pressure: pressure === undefined ? undefined : tip ? pressure : 0,
  }));
}
