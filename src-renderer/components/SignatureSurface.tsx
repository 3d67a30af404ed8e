import { useCallback, useEffect, useRef } from 'react';
import { drawInk, fitCanvas, type InkStroke } from './ink';

type Point = { x: number; y: number };

/** What the surface holds: strokes in CSS pixels of a `width` x `height` drawing area. */
export interface DrawnSignature {
  readonly width: number;
  readonly height: number;
  readonly strokes: readonly InkStroke[];
}

/**
 * The on-screen signing area for touch screens (kiosk, customer display) and mouse or stylus:
 * pointer events with their coalesced points, one stroke per pointer-down. Strokes are kept in
 * the area's CSS pixels as it measured when the first stroke began, so the signature is the
 * same shape `SignatureStrokes` a pad gives. Redraws to scale if the area is resized.
 */
export function SignatureSurface(props: {
  readonly clearCount: number;
  readonly onChange: (signature: DrawnSignature | null) => void;
  readonly label: string;
}) {
  const { clearCount, onChange, label } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const size = useRef<{ width: number; height: number } | null>(null);
  const active = useRef<number | null>(null);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const { context, width } = fitCanvas(canvas);
    if (!context) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    drawInk(context, strokes.current, size.current ? width / size.current.width : 1);
  }, []);

  useEffect(() => {
    strokes.current = [];
    size.current = null;
    active.current = null;
    redraw();
    onChange(null);
  }, [clearCount, onChange, redraw]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const pointOf = (canvas: HTMLCanvasElement, event: PointerEvent): Point => {
    const rect = canvas.getBoundingClientRect();
    const area = size.current ?? { width: rect.width, height: rect.height };
    const scale = area.width / rect.width;
    const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
    return {
      x: clamp((event.clientX - rect.left) * scale, area.width),
      y: clamp((event.clientY - rect.top) * scale, area.height),
    };
  };

  const report = () => {
    const area = size.current;
    onChange(
      area && strokes.current.length > 0
        ? { width: area.width, height: area.height, strokes: strokes.current.map((stroke) => [...stroke]) }
        : null,
    );
  };

  return (
    <div className="signature-surface">
      <canvas
        ref={canvasRef}
        className="signature-canvas"
        role="img"
        aria-label={label}
        data-testid="signature-surface"
        onPointerDown={(event) => {
          if (active.current !== null || (event.pointerType === 'mouse' && event.button !== 0)) return;
          const canvas = event.currentTarget;
          canvas.setPointerCapture(event.pointerId);
          if (!size.current) {
            const rect = canvas.getBoundingClientRect();
            size.current = { width: rect.width, height: rect.height };
          }
          active.current = event.pointerId;
          strokes.current.push([pointOf(canvas, event.nativeEvent)]);
          redraw();
          event.preventDefault();
        }}
        onPointerMove={(event) => {
          if (active.current !== event.pointerId) return;
          const canvas = event.currentTarget;
          const stroke = strokes.current.at(-1);
          if (!stroke) return;
          const from = stroke.at(-1);
          const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
          for (const moved of events.length > 0 ? events : [event.nativeEvent]) {
            const point = pointOf(canvas, moved);
            const last = stroke.at(-1);
            if (!last || last.x !== point.x || last.y !== point.y) stroke.push(point);
          }
          // Only the new segment is drawn: the rest is already on the canvas.
          const context = canvas.getContext('2d');
          const area = size.current;
          if (context && area && from)
            drawInk(
              context,
              [[from, ...stroke.slice(stroke.lastIndexOf(from) + 1)]],
              canvas.getBoundingClientRect().width / area.width,
            );
        }}
        onPointerUp={(event) => {
          if (active.current !== event.pointerId) return;
          active.current = null;
          report();
        }}
        onPointerCancel={(event) => {
          if (active.current !== event.pointerId) return;
          active.current = null;
          report();
        }}
      />
      <div className="signature-baseline" aria-hidden="true">
        <span>&times;</span>
      </div>
    </div>
  );
}
