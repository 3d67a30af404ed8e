import { useEffect, useState } from 'react';
import type {
  TerminalCardMethod,
  TrainingTerminalAction,
  TrainingTerminalCard,
  TrainingTerminalPrompt,
  TrainingTerminalView,
} from '../../src-main/lane/ipc/contract';
import { formatMoney } from '../../src-main/platform/money';
import { usePos } from '../store/use-pos';
import { TrainingNote } from './TrainingNote';
import { TrainingButton } from './training-controls';

const methodWords: Record<TerminalCardMethod, string> = { insert: 'Insert', tap: 'Tap', swipe: 'Swipe' };
const methodDone: Record<TerminalCardMethod, string> = { insert: 'Inserted', tap: 'Tapped', swipe: 'Swiped' };

type Act = (action: TrainingTerminalAction, done?: string) => Promise<void>;

/** The deck beside the terminal: each card by the ways the terminal takes it now. */
function TerminalCards({
  cards,
  methods,
  act,
}: {
  cards: readonly TrainingTerminalCard[];
  methods: readonly TerminalCardMethod[];
  act: Act;
}) {
  return (
    <ul className="terminal-cards" aria-label="Cards for the terminal">
      {cards.map((card) => (
        <li key={card.id} className="deck-card">
          <div className="deck-card-name">
            <strong>{card.label}</strong> <span className="deck-pan">…{card.maskedPan.slice(-4)}</span>
          </div>
          <div className="deck-methods" role="group" aria-label={`Present ${card.label}`}>
            {card.methods
              .filter((method) => methods.includes(method))
              .map((method) => (
                <TrainingButton
                  key={method}
                  testId={`terminal-${card.id}-${method}`}
                  label={`${methodWords[method]} ${card.label}`}
                  onPress={() =>
                    void act(
                      { action: 'present', cardId: card.id, method },
                      `${methodDone[method]} ${card.label} (\u2026${card.maskedPan.slice(-4)}) on the terminal.`,
                    )
                  }
                >
                  {methodWords[method]}
                </TrainingButton>
              ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The terminal's PIN pad: digits shown as dots, Enter sends them, Clear starts again. */
function PinPad({ act }: { act: Act }) {
  const [digits, setDigits] = useState('');
  const press = (digit: string) => setDigits((typed) => (typed.length < 12 ? typed + digit : typed));
  return (
    <div className="terminal-keypad" role="group" aria-label="PIN pad">
      <output className="terminal-pin" aria-label="PIN typed" data-testid="terminal-pin">
        {'\u2022'.repeat(digits.length) || '\u00a0'}
      </output>
      <div className="terminal-keys">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].map((digit) => (
          <TrainingButton
            key={digit}
            testId={`terminal-key-${digit}`}
            label={`PIN digit ${digit}`}
            onPress={() => press(digit)}
          >
            {digit}
          </TrainingButton>
        ))}
        <TrainingButton testId="terminal-pin-clear" label="Clear PIN" onPress={() => setDigits('')}>
          Clear
        </TrainingButton>
        <TrainingButton
          testId="terminal-pin-enter"
          label="Enter PIN"
          onPress={() => {
            const pin = digits;
            setDigits('');
            void act({ action: 'pin', pin }, 'The PIN was entered on the terminal.');
          }}
        >
          Enter
        </TrainingButton>
      </div>
    </div>
  );
}

/** The tip screen: each preset with what it comes to, a custom amount where offered, or no tip. */
function TipChoice({ prompt, act }: { prompt: Extract<TrainingTerminalPrompt, { kind: 'tip' }>; act: Act }) {
  const [custom, setCustom] = useState('');
  const customMinor = Math.round(Number(custom) * 100);
  const customValid = custom !== '' && Number.isFinite(customMinor) && customMinor >= 0;
  return (
    <div className="terminal-choices" role="group" aria-label="Tip">
      {prompt.presets.map((percent) => {
        const tipMinor = Math.round((prompt.amountMinor * percent) / 100);
        return (
          <TrainingButton
            key={percent}
            testId={`terminal-tip-${percent}`}
            label={`Tip ${percent}% ${formatMoney(tipMinor)}`}
            onPress={() => void act({ action: 'tip', tipMinor }, `Tip ${percent}% (${formatMoney(tipMinor)}) chosen.`)}
          >
            {percent}% <span className="terminal-tip-amount">{formatMoney(tipMinor)}</span>
          </TrainingButton>
        );
      })}
      {prompt.custom ? (
        <span className="terminal-custom-tip">
          <input
            aria-label="Custom tip amount"
            inputMode="decimal"
            value={custom}
            onChange={(event) => setCustom(event.target.value.replace(/[^\d.]/g, ''))}
          />
          <TrainingButton
            testId="terminal-tip-custom"
            label="Custom tip"
            onPress={() => {
              if (customValid)
                void act({ action: 'tip', tipMinor: customMinor }, `A tip of ${formatMoney(customMinor)} chosen.`);
            }}
          >
            Custom
          </TrainingButton>
        </span>
      ) : null}
      <TrainingButton
        testId="terminal-tip-none"
        label="No tip"
        onPress={() => void act({ action: 'tip', tipMinor: 0 }, 'No tip.')}
      >
        No tip
      </TrainingButton>
    </div>
  );
}

/** Typed on the terminal's keypad (readInput, a ZIP code, a keyed card). */
function TypedInput({ what, act }: { what: string; act: Act }) {
  const [text, setText] = useState('');
  return (
    <div className="terminal-choices" role="group" aria-label="Terminal keypad">
      <input aria-label={what} value={text} maxLength={64} onChange={(event) => setText(event.target.value)} />
      <TrainingButton
        testId="terminal-input-enter"
        label="Enter on the terminal"
        onPress={() => {
          const typed = text;
          setText('');
          void act({ action: 'input', text: typed }, 'Typed on the terminal.');
        }}
      >
        Enter
      </TrainingButton>
    </div>
  );
}

/** The controls for what the terminal waits for now. */
function PromptControls({ view, act }: { view: TrainingTerminalView; act: Act }) {
  const { prompt } = view;
  switch (prompt.kind) {
    case 'card':
      return <TerminalCards cards={view.cards} methods={prompt.methods} act={act} />;
    case 'pin':
      return <PinPad act={act} />;
    case 'tip':
      return <TipChoice prompt={prompt} act={act} />;
    case 'confirm':
      return (
        <div className="terminal-choices" role="group" aria-label="Yes or no">
          <TrainingButton testId="terminal-yes" label="Yes" onPress={() => void act({ action: 'confirm', yes: true })}>
            Yes
          </TrainingButton>
          <TrainingButton testId="terminal-no" label="No" onPress={() => void act({ action: 'confirm', yes: false })}>
            No
          </TrainingButton>
        </div>
      );
    case 'signature':
      return (
        <div className="terminal-choices">
          <TrainingButton
            testId="terminal-sign"
            label="Sign on the terminal"
            onPress={() => void act({ action: 'sign' }, 'Signed on the terminal.')}
          >
            Sign
          </TrainingButton>
        </div>
      );
    case 'input':
      return <TypedInput what={prompt.text || 'Typed on the terminal'} act={act} />;
    case 'zip':
      return <TypedInput what="ZIP code" act={act} />;
    case 'keyed-card':
      return <TypedInput what="Card number, expiry (MMYY) and CVV" act={act} />;
    case 'none':
      return null;
  }
}

/** The words the display shows while the terminal waits for something it draws itself. */
function promptLine(prompt: TrainingTerminalPrompt): string | null {
  switch (prompt.kind) {
    case 'card':
      return prompt.amountMinor === null
        ? 'Insert, tap or swipe'
        : `${formatMoney(prompt.amountMinor)}\nInsert, tap or swipe`;
    case 'pin':
      return prompt.amountMinor === null ? 'Enter PIN' : `${formatMoney(prompt.amountMinor)}\nEnter PIN`;
    case 'tip':
      return `Add a tip to ${formatMoney(prompt.amountMinor)}?`;
    case 'confirm':
    case 'signature':
    case 'input':
      return prompt.text;
    case 'zip':
      return 'Enter ZIP code';
    case 'keyed-card':
      return 'Key in the card';
    case 'none':
      return null;
  }
}

/**
 * Training's integrated terminal (ADR 085), drawn when the lane takes cards on one: its display,
 * whether it is on the network, the controls for what it waits for (the card deck, the PIN pad,
 * the tip screen, yes or no, a signature), its red cancel key, and the trainer's faults.
 */
export function TrainingTerminal() {
  const view = usePos((state) => state.trainingTerminal);
  const refresh = usePos((state) => state.refreshTrainingTerminal);
  const act = usePos((state) => state.actOnTrainingTerminal);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  if (!view) return null;
  // What the terminal waits for is what its screen shows; otherwise the text it was given to show.
  const display = promptLine(view.prompt) ?? (view.text || 'Welcome');
  return (
    <section className="training-terminal" aria-label="Payment terminal" data-testid="training-terminal">
      <h2>Payment terminal</h2>
      <TrainingNote idle="Work the terminal when the counter says to follow it." />
      <div className="terminal-device" data-connected={view.connected}>
        <div className="terminal-head">
          <span className="terminal-model">
            {view.deviceType} · {view.hsn}
          </span>
          <span className="terminal-link" role="status" aria-label="Terminal network">
            {view.connected ? 'Connected' : 'Offline'}
          </span>
        </div>
        <div
          className="terminal-display"
          aria-label="Terminal display"
          aria-live="polite"
          data-testid="terminal-display"
        >
          {display.split('\n').map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </div>
        <PromptControls view={view} act={act} />
        <div className="terminal-cancel-row">
          <TrainingButton
            testId="terminal-cancel"
            label="Cancel on the terminal"
            onPress={() => void act({ action: 'cancel' }, 'The red key was pressed on the terminal.')}
          >
            <span className="terminal-cancel-key">Cancel</span>
          </TrainingButton>
        </div>
      </div>
      <div className="step-controls terminal-faults" role="group" aria-label="Trainer’s terminal faults">
        {view.connected ? (
          <TrainingButton
            testId="terminal-offline"
            onPress={() =>
              void act(
                { action: 'network', connected: false },
                'The terminal is off the network: the lane cannot reach it.',
              )
            }
          >
            Off network
          </TrainingButton>
        ) : (
          <TrainingButton
            testId="terminal-online"
            onPress={() => void act({ action: 'network', connected: true }, 'The terminal is back on the network.')}
          >
            Back on network
          </TrainingButton>
        )}
        <TrainingButton
          testId="terminal-reboot"
          onPress={() =>
            void act({ action: 'reboot' }, 'The terminal restarts: what it was doing ends and it is away for a moment.')
          }
        >
          Reboot
        </TrainingButton>
        <TrainingButton
          testId="terminal-lose-answer"
          onPress={() =>
            void act(
              { action: 'loseNextAnswer' },
              'The terminal\u2019s next answer will be lost: the sale is made, the lane never hears. Watch it find out.',
            )
          }
        >
          Lose next answer
        </TrainingButton>
      </div>
    </section>
  );
}
