/** A stroke as the screens draw it: points in some surface's coordinates. */
export type InkStroke = ReadonlyArray<{ readonly x: number; readonly y: number }>;

/**
 * Sizes a canvas's backing store to its CSS box at the screen's pixel ratio and returns its
 * context scaled so drawing is in CSS pixels: sharp ink on any display.
 */
export function fitCanvas(canvas: HTMLCanvasElement): {
  context: CanvasRenderingContext2D | null;
  width: number;
  height: number;
} {
  const { width, height } = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const context = canvas.getContext('2d');
  context?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { context, width, height };
}

/** Draws strokes with a round pen, scaling each point by `scale` (surface units to CSS pixels). */
export function drawInk(
  context: CanvasRenderingContext2D,
  strokes: readonly InkStroke[],
  scale: number,
  lineWidth = 3,
): void {
  context.strokeStyle = '#14202b';
  context.fillStyle = '#14202b';
  context.lineWidth = lineWidth;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    if (rest.length === 0) {
      context.beginPath();
      context.arc(first.x * scale, first.y * scale, lineWidth / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first.x * scale, first.y * scale);
    for (const point of rest) context.lineTo(point.x * scale, point.y * scale);
    context.stroke();
  }
}
