import { useLayoutEffect, useRef } from 'react';
import type {
  CommandArgs,
  CustomerLanguage,
  CustomerOrder,
  CustomerView,
  SignatureStrokesInput,
} from '../../src-main/lane/ipc/contract';
import { formatMoney } from '../../src-main/platform/money';
import { customerWords, type CustomerWords } from './customer-words';
import { OutcomeStep, PayStep, ReceiptStep, SignStep, TipStep } from './customer-steps';

/** What the customer may answer on their display: `customerDisplay.answer`'s arguments. */
export type CustomerDisplayAnswer = CommandArgs<'customerDisplay.answer'>;

/** A refusal's words from the lane, or null when it took the answer. */
export type Refusal = string | null;

export interface CustomerDisplayProps {
  /** The lane's view; null until the page has read it. */
  readonly view: CustomerView | null;
  /** The store's logo as a data URL (`customerDisplay.brand`), or null. */
  readonly logo: string | null;
  readonly answer: (answer: CustomerDisplayAnswer) => Promise<Refusal>;
  readonly submitSignature: (signature: SignatureStrokesInput) => Promise<Refusal>;
  readonly clearSignature: () => Promise<void>;
  /** Rises each time the lane threw the strokes away (`signature.cleared`): the surface empties. */
  readonly signatureCleared?: number;
  /** False while the page has lost the lane: the view shown may be old. */
  readonly connected?: boolean;
  /**
   * Drawn inside another page (training's panel beside the counter): its step is a section, not
   * the page's main landmark, and the display is as tall as its content.
   */
  readonly embedded?: boolean;
}

/**
 * The screen facing the customer: one `CustomerView` drawn, nothing kept but what a step is
 * typing (a tip's digits, an address) until the customer sends it. Pure, so the counter's
 * training panel can draw the same screen beside the counter.
 */
export function CustomerDisplay(props: CustomerDisplayProps) {
  const { view, logo, connected = true, embedded = false } = props;
  const Step = embedded ? 'section' : 'main';
  const shell = embedded ? 'customer customer-embedded' : 'customer';
  if (!view) {
    return (
      <div className={`${shell} customer-waiting`} lang="en">
        <Step className="customer-step">
          <p className="customer-lead" role="status">
            {customerWords('en').connecting}
          </p>
        </Step>
      </div>
    );
  }
  const words = customerWords(view.language);
  const { step, order } = view;
  return (
    <div
      className={shell}
      lang={view.language}
      data-step={step.kind}
      data-seq={view.seq}
      data-connected={connected ? 'yes' : 'no'}
    >
      {view.training ? (
        <p className="customer-training" role="note" data-testid="customer-training">
          {words.training}
        </p>
      ) : null}
      <header className="customer-head">
        <span className="customer-store">{view.store.name}</span>
        {connected ? null : (
          <span className="customer-offline" role="status">
            {words.connecting}
          </span>
        )}
        {view.languages.length > 1 ? (
          <div className="customer-languages" role="group" aria-label={words.chooseLanguage}>
            {view.languages.map((language) => (
              <LanguageButton
                key={language}
                language={language}
                chosen={language === view.language}
                onChoose={() => void props.answer({ kind: 'language', language })}
              />
            ))}
          </div>
        ) : null}
      </header>
      <div className={order && step.kind !== 'idle' ? 'customer-body customer-with-order' : 'customer-body'}>
        <Step className="customer-step" aria-live="polite" {...(embedded ? { 'aria-label': words.embeddedLabel } : {})}>
          {/* A step starts afresh (its typing forgotten) when the lane asks another question. */}
          <StepView
            key={step.kind === 'tip' ? `tip-${step.baseMinor}` : step.kind}
            {...props}
            view={view}
            words={words}
            logo={logo}
          />
          {view.takenBack ? (
            // The cashier's reason is theirs and the log's: the customer only learns the step is over.
            <p className="customer-note" role="status" data-testid="customer-taken-back">
              {words.takenBack}
            </p>
          ) : null}
        </Step>
        {order && step.kind !== 'idle' ? <OrderList order={order} words={words} /> : null}
      </div>
    </div>
  );
}

function LanguageButton(props: { language: CustomerLanguage; chosen: boolean; onChoose: () => void }) {
  const { language, chosen, onChoose } = props;
  return (
    <button type="button" lang={language} aria-pressed={chosen} onClick={chosen ? undefined : onChoose}>
      {customerWords(language).languageName}
    </button>
  );
}

/** The order's lines and totals, the newest line in sight. */
function OrderList({ order, words }: { order: CustomerOrder; words: CustomerWords }) {
  const last = useRef<HTMLLIElement>(null);
  const newest = order.lines.at(-1);
  useLayoutEffect(() => {
    last.current?.scrollIntoView?.({ block: 'nearest' });
  }, [order.lines.length, newest]);
  return (
    <aside className="customer-order" aria-labelledby="customer-order-heading">
      <h2 id="customer-order-heading">{words.orderHeading}</h2>
      {order.lines.length === 0 ? null : (
        // Focusable, so a keyboard can scroll the lines too (the list is the one part that scrolls).
        <ol
          className="customer-lines"
          data-testid="customer-lines"
          tabIndex={0}
          aria-labelledby="customer-order-heading"
        >
          {order.lines.map((line, index) => (
            <li
              key={index}
              className="customer-line"
              ref={index === order.lines.length - 1 ? last : undefined}
              data-testid="customer-line"
            >
              <span className="customer-line-name">{line.description}</span>
              <span className="customer-line-quantity">{words.quantity(line.quantity)}</span>
              <span className="customer-line-amount">{formatMoney(line.quantity * line.unitMinor)}</span>
            </li>
          ))}
        </ol>
      )}
      <dl className="customer-totals">
        {/* An amount keyed without items has no lines, no subtotal and no tax to show: its total only. */}
        {order.lines.length === 0 ? null : (
          <>
            <div>
              <dt>{words.subtotal}</dt>
              <dd data-testid="customer-subtotal">{formatMoney(order.subtotalMinor)}</dd>
            </div>
            <div>
              <dt>{words.tax}</dt>
              <dd data-testid="customer-tax">{formatMoney(order.taxMinor)}</dd>
            </div>
          </>
        )}
        {order.tipMinor > 0 ? (
          <div>
            <dt>{words.tipAmount}</dt>
            <dd data-testid="customer-order-tip">{formatMoney(order.tipMinor)}</dd>
          </div>
        ) : null}
        <div className="customer-total">
          <dt>{words.total}</dt>
          <dd data-testid="customer-total">{formatMoney(order.totalMinor)}</dd>
        </div>
      </dl>
    </aside>
  );
}

type StepProps = CustomerDisplayProps & { view: CustomerView; words: CustomerWords; logo: string | null };

function StepView(props: StepProps) {
  const { view, words, logo } = props;
  const step = view.step;
  switch (step.kind) {
    case 'idle':
      return (
        <section className="customer-idle">
          {logo ? <img className="customer-logo" src={logo} alt="" data-testid="customer-logo" /> : null}
          <h1 data-testid="customer-headline">{view.store.name || words.welcome}</h1>
          {/* Welcome once: as the headline where the store has no name, else under it where it has no message. */}
          {view.store.message || view.store.name ? (
            <p className="customer-lead">{view.store.message || words.welcome}</p>
          ) : null}
        </section>
      );
    case 'order':
      return (
        <section>
          <h1 data-testid="customer-headline">{view.store.name || words.welcome}</h1>
          {view.order ? (
            <p className="customer-amount">
              {words.total} <strong data-testid="customer-amount">{formatMoney(view.order.totalMinor)}</strong>
            </p>
          ) : null}
        </section>
      );
    case 'tip':
      return <TipStep step={step} words={words} answer={props.answer} />;
    case 'pay':
      return <PayStep step={step} words={words} />;
    case 'fee':
      return (
        <section>
          <h1 data-testid="customer-headline">{words.feeHeading}</h1>
          <p className="customer-lead" data-testid="customer-fee">
            {words.fee(step.surcharge.feeMinor, step.surcharge.totalMinor, step.surcharge.applies)}
          </p>
          <p className="customer-detail">{words.feeDeclineNote}</p>
          <div className="customer-actions">
            <button
              type="button"
              className="customer-primary"
              onClick={() => void props.answer({ kind: 'fee', accept: true })}
            >
              {words.feeAccept}
            </button>
            <button type="button" onClick={() => void props.answer({ kind: 'fee', accept: false })}>
              {words.feeDecline}
            </button>
          </div>
        </section>
      );
    case 'signature':
      return step.where === 'here' ? (
        <SignStep
          amountMinor={step.amountMinor}
          words={words}
          submitSignature={props.submitSignature}
          clearSignature={props.clearSignature}
          cleared={props.signatureCleared ?? 0}
        />
      ) : (
        <section>
          <h1 data-testid="customer-headline">{words.signPad}</h1>
          <p className="customer-amount">
            {words.amountToPay} <strong data-testid="customer-amount">{formatMoney(step.amountMinor)}</strong>
          </p>
        </section>
      );
    case 'working':
      return (
        <section>
          <h1 data-testid="customer-headline">{words.working}</h1>
          <p className="customer-amount">
            {words.amountToPay} <strong data-testid="customer-amount">{formatMoney(step.amountMinor)}</strong>
          </p>
        </section>
      );
    case 'outcome':
      return <OutcomeStep step={step} words={words} />;
    case 'receipt':
      return <ReceiptStep channels={step.channels} words={words} answer={props.answer} />;
    case 'done':
      return (
        <section>
          <h1 data-testid="customer-headline">{words.thanks}</h1>
          <p className="customer-lead" data-testid="customer-done">
            {step.receipt === 'print' ? words.donePrint : step.receipt === 'email' ? words.doneEmail : words.doneNone}
          </p>
        </section>
      );
  }
}
