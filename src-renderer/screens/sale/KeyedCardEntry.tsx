import { useEffect } from 'react';
import type { KeyedEntryView } from '../../../src-main/lane/ipc/contract';
import { usePos } from '../../store/use-pos';

const labels: Record<KeyedEntryView['field'], string> = { account: 'Card number', expiry: 'Expiry (MMYY)', cvv: 'CVV' };

/**
 * Keying a card that cannot be read. There is no text field: each key goes straight to the main
 * process, which keeps the digits and sends back only the masked echo shown here. Tab or Enter
 * moves on, Backspace goes back, Enter on the CVV checks the card; Escape cancels the sale.
 */
export function KeyedCardEntry({ view }: { view: KeyedEntryView }) {
  const keyEntry = usePos((state) => state.keyEntry);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (!/^(\d|Backspace|Tab|Enter)$/.test(event.key)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void keyEntry(event.key);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [keyEntry]);
  return (
    <div
      className="keyed-entry"
      role="group"
      aria-label="Keyed card"
      aria-describedby={view.problem ? 'keyed-problem' : undefined}
    >
      {(['account', 'expiry', 'cvv'] as const).map((field) => {
        // The core's check of the field as typed (keyed-checks.ts), read out with the field.
        const check = field === 'cvv' ? null : view.checks[field];
        return (
          <div
            key={field}
            className={`keyed-field${view.field === field ? ' keyed-field-current' : ''}`}
            aria-current={view.field === field ? 'step' : undefined}
          >
            <span className="keyed-label">{labels[field]}</span>
            <output
              className="keyed-value"
              data-testid={`keyed-${field}`}
              aria-label={`${labels[field]}${view.field === field ? ', typing here' : ''}`}
              aria-describedby={check ? `keyed-check-${field}` : undefined}
            >
              {view[field] || '\u00a0'}
            </output>
            {check ? (
              <span
                id={`keyed-check-${field}`}
                className={`keyed-check${check.fine ? '' : ' keyed-check-bad'}`}
                data-testid={`keyed-check-${field}`}
                aria-live="polite"
              >
                {check.words}
              </span>
            ) : null}
          </div>
        );
      })}
      {view.problem ? (
        <p id="keyed-problem" className="sale-error" role="alert">
          {view.problem}
        </p>
      ) : (
        <p className="keyed-hint">Type the digits; Tab or Enter for the next field, Enter on the CVV to send.</p>
      )}
    </div>
  );
}
