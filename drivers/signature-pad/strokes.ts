import type { PadExtent, PenPoint, PenSample, PenStroke } from './types';

/** A rectangle on the pad's surface, in device coordinates. */
export interface PadRegion {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type PadAction = 'accept' | 'clear' | 'cancel';

/**
 * Buttons printed on (or drawn by an LCD pad on) the signing surface. A tap that starts and
 * ends inside one presses it and leaves no ink; a stroke that starts inside and leaves it is ink.
 */
export type PadButtons = Partial<Readonly<Record<PadAction, PadRegion>>>;

/** A cap far beyond any signature (100 s of drawing at 200 reports a second) that bounds memory. */
export const maxSignaturePoints = 20_000;

export interface RecordedSample {
  /** Points added to stroke `stroke`, for a live preview. */
  readonly ink?: { readonly stroke: number; readonly points: readonly PenPoint[] };
  /** A pad button released. */
  readonly press?: PadAction;
}

const inside = (region: PadRegion, point: PenPoint) =>
  point.x >= region.x &&
  point.x <= region.x + region.width &&
  point.y >= region.y &&
  point.y <= region.y + region.height;

/**
 * Turns pen samples into strokes: pen-down when the tip touches while in range, pen-up when it
 * lifts or leaves range. Points are clamped to the extent; a point equal to the one before is
 * dropped. Shared by every pad protocol, so they all draw alike.
 */
export class StrokeRecorder {
  readonly #extent: PadExtent;
  readonly #buttons: readonly (readonly [PadAction, PadRegion])[];
  readonly #strokes: PenPoint[][] = [];
  #down = false;
  #pressing: PadAction | undefined;
  /** Where the pen went down on a button, in case it turns out to be ink. */
  #buttonDown: PenPoint | undefined;
  #points = 0;

  constructor(extent: PadExtent, buttons: PadButtons = {}) {
    this.#extent = extent;
    this.#buttons = Object.entries(buttons).filter((entry): entry is [PadAction, PadRegion] => entry[1] !== undefined);
  }

  get strokes(): readonly PenStroke[] {
    return this.#strokes;
  }

  get empty(): boolean {
    return this.#strokes.length === 0;
  }

  clear(): void {
    this.#strokes.length = 0;
    this.#points = 0;
    this.#down = false;
    this.#pressing = undefined;
  }

  sample(sample: PenSample): RecordedSample {
    const point = {
      x: Math.min(Math.max(sample.x, 0), this.#extent.width),
      y: Math.min(Math.max(sample.y, 0), this.#extent.height),
    };
    const touching = sample.tip && sample.inRange;
    if (!touching) {
      const pressed = this.#pressing;
      this.#down = false;
      this.#pressing = undefined;
      return pressed ? { press: pressed } : {};
    }
    if (!this.#down) {
      this.#down = true;
      const button = this.#buttons.find(([, region]) => inside(region, point));
      if (button) {
        this.#pressing = button[0];
        this.#buttonDown = point;
        return {};
      }
      return this.#start(point);
    }
    if (this.#pressing) {
      const region = this.#buttons.find(([action]) => action === this.#pressing)?.[1];
      if (region && inside(region, point)) return {};
      // The pen left the button while down: it was ink after all, from where it went down.
      const from = this.#buttonDown ?? point;
      this.#pressing = undefined;
      this.#buttonDown = undefined;
      const started = this.#start(from);
      const more = this.#add(point);
      return started.ink && more.ink
        ? { ink: { stroke: started.ink.stroke, points: [...started.ink.points, ...more.ink.points] } }
        : started;
    }
    return this.#add(point);
  }

  #start(point: PenPoint): RecordedSample {
    if (this.#points >= maxSignaturePoints) return {};
    this.#strokes.push([point]);
    this.#points++;
    return { ink: { stroke: this.#strokes.length - 1, points: [point] } };
  }

  #add(point: PenPoint): RecordedSample {
    const stroke = this.#strokes.at(-1);
    if (!stroke || this.#points >= maxSignaturePoints) return {};
    const last = stroke.at(-1);
    if (last && last.x === point.x && last.y === point.y) return {};
    stroke.push(point);
    this.#points++;
    return { ink: { stroke: this.#strokes.length - 1, points: [point] } };
  }
}
