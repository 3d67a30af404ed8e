import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { usePos, usePosActions } from '../store/use-pos';
import { drawInk, fitCanvas } from './ink';
import { SignatureSurface, type DrawnSignature } from './SignatureSurface';
import { Alert } from './Alert';
import { formatMoney } from '../../src-main/platform/money';
import type { CustomerSignatureWords } from '../kiosk/kiosk-words';

/** The pad's strokes as they arrive, drawn to scale in a box of the pad's proportions. */
function PadInkPreview() {
  const { ink, extent } = usePos(useShallow((state) => ({ ink: state.padInk, extent: state.signature.extent })));
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !extent) return;
    const { context, width } = fitCanvas(canvas);
    if (!context) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    drawInk(context, ink, width / extent.width);
  }, [ink, extent]);
  const points = ink.reduce((sum, stroke) => sum + stroke.length, 0);
  return (
    <div
      className="signature-surface signature-pad-preview"
      style={extent ? { aspectRatio: `${extent.width} / ${extent.height}` } : undefined}
    >
      <canvas
        ref={canvasRef}
        className="signature-canvas"
        role="img"
        aria-label={points > 0 ? `The signature so far: ${ink.length} strokes` : 'Nothing signed on the pad yet'}
        data-testid="pad-preview"
        data-points={points}
      />
      <div className="signature-baseline" aria-hidden="true">
        <span>&times;</span>
      </div>
    </div>
  );
}

/**
 * Signature capture: on this screen (touch, stylus or mouse) or on a pad with a live preview,
 * then the accepted image exactly as the gateway will receive it. Enter accepts, Escape cancels.
 * `customer` (the kiosk) words it for the customer in their language: no device names.
 */
export function SignaturePanel({ customer }: { customer?: CustomerSignatureWords } = {}) {
  const { session, error, mode, recorded, devices, cashier, amountMinor } = usePos(
    useShallow((state) => ({
      // What the signature agrees to pay: the payment waiting on it (the tip included).
      amountMinor: state.terminal?.sale?.running ? state.terminal.sale.amountMinor : null,
      session: state.signature,
      error: state.signatureError,
      mode: state.info?.mode ?? 'counter',
      recorded: state.recordedSignatures,
      devices: state.devices,
      cashier: state.staff,
    })),
  );
  const actions = usePosActions();
  const [drawn, setDrawn] = useState<DrawnSignature | null>(null);
  const [clearCount, setClearCount] = useState(0);
  const [emptyAccept, setEmptyAccept] = useState(false);
  const onChange = useCallback((signature: DrawnSignature | null) => {
    setDrawn(signature);
    if (signature) setEmptyAccept(false);
  }, []);

  const capturing = session.state === 'capturing';
  const onScreen = session.source === 'screen';
  const accept = useCallback(() => {
    if (!capturing) return;
    if (!onScreen) return void actions.acceptSignature();
    if (!drawn) return setEmptyAccept(true);
    void actions.submitSignature({
      width: drawn.width,
      height: drawn.height,
      strokes: drawn.strokes.map((stroke) => stroke.map((point) => ({ x: point.x, y: point.y }))),
    });
  }, [actions, capturing, drawn, onScreen]);
  const clear = useCallback(() => {
    setEmptyAccept(false);
    // Forget the strokes now, not when the surface's effect runs: an Enter right after Clear
    // must not send what was just wiped.
    setDrawn(null);
    if (onScreen) setClearCount((count) => count + 1);
    else void actions.clearSignature();
  }, [actions, onScreen]);

  // A layout effect: the keys work from the moment the panel is on screen.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && capturing) {
        event.preventDefault();
        accept();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        void actions.cancelSignature();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [accept, actions, capturing]);

  const kiosk = mode === 'kiosk';
  const padName = devices.find((device) => device.id === session.deviceId)?.name ?? 'the signature pad';
  const headline =
    session.state === 'accepted'
      ? 'Signature accepted'
      : onScreen
        ? kiosk
          ? 'Please sign below'
          : 'Customer signature'
        : kiosk
          ? 'Please sign on the pad'
          : 'Waiting for the signature on the pad';
  const hint = onScreen
    ? kiosk
      ? 'Sign in the box with your finger. Press Done when you have finished.'
      : 'Turn the screen to the customer, or ask them to sign with a finger or stylus.'
    : `The customer signs on ${padName}; the signature appears here as they write.`;
  const message = emptyAccept ? (customer?.nothingYet ?? 'Nothing has been signed yet: sign in the box first.') : error;
  const said = customer
    ? {
        headline: session.state === 'accepted' ? customer.accepted : onScreen ? customer.onScreen : customer.onPad,
        hint: onScreen ? customer.screenHint : customer.padHint,
        cancelNote: customer.cancelNote,
      }
    : null;
  const cancelWords = kiosk
    ? 'Cancel stops the payment: nothing is charged.'
    : 'Cancel ends the sale: nothing is charged.';

  return (
    <main className="phase-panel signature-panel" aria-labelledby="signature-headline">
      <h1 id="signature-headline" data-testid="signature-headline">
        {said?.headline ?? headline}
      </h1>
      {amountMinor !== null ? (
        <p className="signature-amount" data-testid="signature-amount">
          {customer?.amount ?? 'Amount'}: <strong>{formatMoney(amountMinor)}</strong>
        </p>
      ) : null}
      {session.state === 'accepted' && customer ? (
        // The customer signed and pressed Done: the cashier's image details and choices are not theirs.
        <p className="phase-detail" data-testid="signature-accepted">
          {customer.acceptedHint}
        </p>
      ) : session.state === 'accepted' && session.result ? (
        <>
          <figure className="signature-result">
            <img
              src={session.result.png}
              alt="The accepted signature as it will be sent and printed"
              data-testid="signature-image"
            />
            <figcaption>
              {session.result.width} &times; {session.result.height} dots, {session.result.length.toLocaleString()} of
              6,144 characters
              {session.result.reduced ? ' (thinned to fit)' : ''}
            </figcaption>
          </figure>
          <div className="signature-actions">
            <button type="button" onClick={() => void actions.beginSignature(session.source ?? undefined)}>
              Sign again
            </button>
            <button type="button" className="secondary" onClick={() => void actions.cancelSignature()}>
              Discard <kbd>Esc</kbd>
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="phase-detail">
            {said?.hint ?? hint} {said?.cancelNote ?? cancelWords}
          </p>
          {onScreen ? (
            <SignatureSurface
              clearCount={clearCount}
              onChange={onChange}
              label={customer?.area ?? 'Signature area: sign here with a finger, stylus or mouse'}
            />
          ) : (
            <PadInkPreview />
          )}
          {session.emulated && recorded.length > 0 ? (
            <div
              className="signature-replay"
              role="group"
              aria-label="Training: sign on the training pad with a recorded signature"
            >
              <span>Training pad: sign as</span>
              {recorded.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="secondary"
                  onClick={() => void actions.replaySignature(name)}
                >
                  {name.replace(/-/g, ' ')}
                </button>
              ))}
            </div>
          ) : null}
          <div className="signature-actions">
            <button type="button" className="secondary" onClick={clear}>
              {customer?.clear ?? 'Clear'}
            </button>
            <button type="button" className="secondary" onClick={() => void actions.cancelSignature()}>
              {customer?.cancel ?? 'Cancel'} <kbd>Esc</kbd>
            </button>
            {/* Going on unsigned is the cashier's choice, offered only where the store allows it. */}
            {session.skippable && cashier ? (
              <button
                type="button"
                className="secondary"
                onClick={() => void actions.skipSignature()}
                data-testid="skip-signature"
              >
                Skip signature
              </button>
            ) : null}
            <button type="button" className="primary" onClick={accept}>
              {customer?.done ?? (kiosk ? 'Done' : 'Accept')} <kbd>Enter</kbd>
            </button>
          </div>
        </>
      )}
      <Alert message={message} className="phase-error" />
    </main>
  );
}
