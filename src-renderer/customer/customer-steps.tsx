import { emailKeyboardRows } from '../kiosk/kiosk-receipt-words';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CustomerReceiptChoice, CustomerStep } from '../../src-main/lane/ipc/contract';
import { addressProblem } from '../../src-main/lane/receipt-mail/address';
import { formatMoney } from '../../src-main/platform/money';
import { Alert } from '../components/Alert';
import { PayLinkCode } from '../components/PayLinkCode';
import { SignatureSurface, type DrawnSignature } from '../components/SignatureSurface';
import type { CustomerDisplayProps } from './CustomerDisplay';
import type { CustomerWords } from './customer-words';

// The steps of the customer display that ask or tell more than a line (CustomerDisplay.tsx draws the rest).

/** The words of a payment's outcome. "Thank you" only where money moved, as on the kiosk. */
export function outcomeWords(
  step: CustomerStep & { kind: 'outcome' },
  words: CustomerWords,
): { headline: string; detail: string | null; thanks: boolean } {
  const due = step.dueMinor !== null && step.dueMinor > 0 ? step.dueMinor : null;
  switch (step.outcome) {
    case 'approved':
    case 'partial':
      return due !== null
        ? { headline: words.partial(step.approvedMinor, due), detail: null, thanks: false }
        : { headline: words.approved, detail: formatMoney(step.approvedMinor), thanks: true };
    case 'declined':
      return { headline: words.declined, detail: due !== null ? words.stillDue(due) : null, thanks: false };
    case 'unknown':
    case 'retry':
      return { headline: words.checking, detail: null, thanks: false };
    case 'stored':
      // Taken offline: the kiosk thanks the customer in these words but never says "approved".
      return { headline: words.stored(step.amountMinor), detail: null, thanks: false };
    case 'canceled':
      return { headline: words.canceled, detail: null, thanks: false };
    case 'not-charged':
      return { headline: words.notCharged, detail: null, thanks: false };
    case 'voided':
      return { headline: words.voided, detail: null, thanks: false };
  }
}

export function OutcomeStep({ step, words }: { step: CustomerStep & { kind: 'outcome' }; words: CustomerWords }) {
  const said = outcomeWords(step, words);
  return (
    <section className={`customer-outcome customer-outcome-${step.outcome}`}>
      <h1 data-testid="customer-headline">{said.headline}</h1>
      {said.detail ? (
        <p className="customer-amount" data-testid="customer-outcome-detail">
          {said.detail}
        </p>
      ) : null}
      {said.thanks ? (
        <p className="customer-lead" data-testid="customer-thanks">
          {words.thanks}
        </p>
      ) : null}
    </section>
  );
}

export function PayStep({ step, words }: { step: CustomerStep & { kind: 'pay' }; words: CustomerWords }) {
  const amount = formatMoney(step.amountMinor);
  const how =
    step.way === 'card'
      ? words.payCard
      : step.way === 'keyed'
        ? words.payKeyed
        : step.way === 'terminal'
          ? words.payTerminal
          : words.payPhone;
  return (
    <section className={step.way === 'phone' ? 'customer-pay customer-pay-phone' : 'customer-pay'}>
      <p className="customer-amount">
        {words.amountToPay} <strong data-testid="customer-amount">{amount}</strong>
      </p>
      {step.tipMinor > 0 ? (
        <p className="customer-detail" data-testid="customer-tip-included">
          {words.tipIncluded(step.tipMinor)}
        </p>
      ) : null}
      <h1 data-testid="customer-headline">{how}</h1>
      {step.way === 'phone' ? (
        step.payLink ? (
          <div className="customer-pay-link">
            <PayLinkCode url={step.payLink.url} label={words.qrCode(amount)} />
            <div>
              <p className="customer-detail">{words.payPhoneHint}</p>
              <p className="customer-detail" data-testid="customer-code-expires">
                {words.codeExpires(step.payLink.expiresAt)}
              </p>
            </div>
          </div>
        ) : (
          <p className="customer-detail">{words.connecting}</p>
        )
      ) : null}
    </section>
  );
}

/** A tip keyed as the counter's amount keypad keys it: digits push in from the right, at most `maxMinor`. */
export function keyedTip(digits: string, key: string, maxMinor: number): { digits: string; tooLarge: boolean } {
  if (key === 'Backspace') return { digits: digits.slice(0, -1), tooLarge: false };
  if (!/^\d+$/.test(key)) return { digits, tooLarge: false };
  const next = (digits + key).replace(/^0+/, '');
  return Number(next) > maxMinor ? { digits, tooLarge: true } : { digits: next, tooLarge: false };
}

const tipKeys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0'];

export function TipStep(props: {
  step: CustomerStep & { kind: 'tip' };
  words: CustomerWords;
  answer: CustomerDisplayProps['answer'];
}) {
  const { step, words, answer } = props;
  const [keying, setKeying] = useState(false);
  const [digits, setDigits] = useState('');
  const [tooLarge, setTooLarge] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = async (tipMinor: number) => setRefusal(await answer({ kind: 'tip', tipMinor }));
  const press = (key: string) => {
    const next = keyedTip(digits, key, step.maxCustomMinor);
    setDigits(next.digits);
    setTooLarge(next.tooLarge);
  };
  const keyed = Number(digits || '0');
  return (
    <section className="customer-tip">
      <h1 data-testid="customer-headline">{words.tipHeading}</h1>
      <p className="customer-detail">{words.tipOn(step.baseMinor)}</p>
      {keying ? (
        <div className="customer-tip-keying">
          <output className="customer-typed" data-testid="customer-tip-typed" aria-label={words.tipAmount}>
            {formatMoney(keyed)}
          </output>
          <div className="customer-keypad" role="group" aria-label={words.tipKeypad}>
            {tipKeys.map((key) => (
              <button type="button" key={key} onClick={() => press(key)}>
                {key}
              </button>
            ))}
            <button type="button" onClick={() => press('Backspace')}>
              {words.erase}
            </button>
          </div>
          <div className="customer-actions customer-actions-column">
            <button type="button" className="customer-primary" disabled={keyed === 0} onClick={() => void send(keyed)}>
              {words.addTip(keyed)}
            </button>
            <button
              type="button"
              onClick={() => {
                setKeying(false);
                setDigits('');
                setTooLarge(false);
              }}
            >
              {words.back}
            </button>
          </div>
        </div>
      ) : (
        <div className="customer-tip-choices">
          {step.choices.map((choice) => (
            <button
              type="button"
              key={choice.percent}
              className="customer-tip-choice"
              onClick={() => void send(choice.amountMinor)}
            >
              <span className="customer-tip-percent">{words.tipPercent(choice.percent)}</span>{' '}
              <span className="customer-tip-amount">{formatMoney(choice.amountMinor)}</span>
            </button>
          ))}
          <button type="button" className="customer-tip-choice" onClick={() => setKeying(true)}>
            {words.otherAmount}
          </button>
          <button type="button" className="customer-tip-choice" onClick={() => void send(0)}>
            {words.noTip}
          </button>
        </div>
      )}
      <Alert className="customer-problem" message={tooLarge ? words.tipTooLarge(step.maxCustomMinor) : null} />
      <Alert className="customer-problem" message={refusal ? words.refused(refusal) : null} />
    </section>
  );
}

export function SignStep(props: {
  amountMinor: number;
  words: CustomerWords;
  submitSignature: CustomerDisplayProps['submitSignature'];
  clearSignature: CustomerDisplayProps['clearSignature'];
  cleared: number;
}) {
  const { amountMinor, words, submitSignature, clearSignature, cleared } = props;
  const [drawn, setDrawn] = useState<DrawnSignature | null>(null);
  const [clearCount, setClearCount] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const onChange = useCallback((signature: DrawnSignature | null) => {
    setDrawn(signature);
    if (signature) setProblem(null);
  }, []);
  // The lane threw the strokes away (the cashier's Clear): the surface starts again too.
  const seenCleared = useRef(cleared);
  useEffect(() => {
    if (cleared === seenCleared.current) return;
    seenCleared.current = cleared;
    setDrawn(null);
    setSent(false);
    setClearCount((count) => count + 1);
  }, [cleared]);
  const clear = () => {
    setProblem(null);
    setDrawn(null);
    setClearCount((count) => count + 1);
    void clearSignature();
  };
  const done = async () => {
    if (!drawn) return setProblem(words.signNothingYet);
    setSent(true);
    const refusal = await submitSignature({
      width: drawn.width,
      height: drawn.height,
      strokes: drawn.strokes.map((stroke) => stroke.map((point) => ({ x: point.x, y: point.y }))),
    });
    if (refusal !== null) {
      setSent(false);
      setProblem(words.refused(refusal));
    }
  };
  return (
    <section className="customer-sign">
      <h1 data-testid="customer-headline">{words.signHere}</h1>
      <p className="customer-detail">
        {words.amountToPay} <strong data-testid="customer-amount">{formatMoney(amountMinor)}</strong>
        {' \u2014 '}
        {sent ? words.signSent : words.signHint}
      </p>
      <SignatureSurface clearCount={clearCount} onChange={onChange} label={words.signArea} />
      <Alert className="customer-problem" message={problem} />
      <div className="customer-actions">
        <button type="button" disabled={sent} onClick={clear}>
          {words.signClear}
        </button>
        <button type="button" className="customer-primary" disabled={sent} onClick={() => void done()}>
          {words.signDone}
        </button>
      </div>
    </section>
  );
}

/** The on-screen keyboard for an address, as the kiosk's: simple rows, no shift. */
const keyboardRows = emailKeyboardRows;

export function ReceiptStep(props: {
  channels: readonly CustomerReceiptChoice[];
  words: CustomerWords;
  answer: CustomerDisplayProps['answer'];
}) {
  const { channels, words, answer } = props;
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const choose = async (choice: CustomerReceiptChoice, address?: string) => {
    setSending(true);
    const refusal = await answer(
      address === undefined ? { kind: 'receipt', choice } : { kind: 'receipt', choice, address },
    );
    setSending(false);
    setProblem(refusal === null ? null : words.refused(refusal));
  };
  const press = (key: string) => {
    setProblem(null);
    setTyped((text) => (text + key).slice(0, 254));
  };
  const send = () => {
    const wrong = addressProblem(typed);
    if (wrong) return setProblem(words.badAddress(wrong));
    void choose('email', typed);
  };
  if (typing) {
    return (
      <section className="customer-receipt-send">
        <h1 data-testid="customer-headline">{words.emailHeading}</h1>
        <div className="customer-typed-row">
          <output className="customer-typed" data-testid="customer-typed" aria-live="polite">
            {typed || '\u00a0'}
          </output>
          <button type="button" className="customer-primary" disabled={sending} onClick={send}>
            {words.send}
          </button>
          <button
            type="button"
            disabled={sending}
            onClick={() => {
              setTyping(false);
              setProblem(null);
            }}
          >
            {words.back}
          </button>
        </div>
        <Alert className="customer-problem" message={problem} />
        {sending ? <p role="status">{words.sending}</p> : null}
        <div className="customer-keyboard" role="group" aria-label={words.keyboard}>
          {keyboardRows.map((row) => (
            <div className="customer-key-row" key={row}>
              {[...row].map((key) => (
                <button type="button" key={key} onClick={() => press(key)}>
                  {key}
                </button>
              ))}
              {row === keyboardRows.at(-1) ? (
                <button
                  type="button"
                  className="customer-key-wide"
                  onClick={() => {
                    setProblem(null);
                    setTyped((text) => text.slice(0, -1));
                  }}
                >
                  {words.erase}
                </button>
              ) : null}
            </div>
          ))}
        </div>
      </section>
    );
  }
  const label: Record<CustomerReceiptChoice, string> = {
    print: words.receiptPrint,
    email: words.receiptEmail,
    none: words.receiptNone,
  };
  return (
    <section className="customer-receipt">
      <h1 data-testid="customer-headline">{words.receiptQuestion}</h1>
      <div className="customer-actions customer-actions-column">
        {channels.map((choice) => (
          <button
            type="button"
            key={choice}
            className={choice === 'print' ? 'customer-primary' : undefined}
            disabled={sending}
            onClick={() => (choice === 'email' ? setTyping(true) : void choose(choice))}
          >
            {label[choice]}
          </button>
        ))}
      </div>
      <Alert className="customer-problem" message={problem} />
    </section>
  );
}
