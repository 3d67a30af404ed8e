import { useEffect } from 'react';
import type { KeyedEntryView, KeyedField } from '../../../src-main/lane/ipc/contract';
import { usePos } from '../../store/use-pos';

const labels: Record<KeyedField, string> = {
  account: 'Card number',
  expiry: 'Expiry (MMYY)',
  cvv: 'CVV',
  postal: 'Billing ZIP or postal code',
  country: 'Billing country (2 letters)',
  street: 'Billing street address',
};

/** The billing address's fields take letters too; the card's take digits only. */
const takesLetters: ReadonlySet<KeyedField> = new Set(['postal', 'country', 'street']);

/**
 * Keying a card that cannot be read, and its billing address for the address check. There is no
 * text field: each key goes straight to the main process, which keeps what was typed and sends
 * back only the masked echo shown here (the billing address in full: it is not card data). Tab
 * or Enter moves on, Backspace goes back, Enter on the last field sends; Escape cancels the sale.
 * Letters are taken only while the cursor is in the billing address, so the card's fields leave
 * every other key to the rest of the screen as before.
 */
export function KeyedCardEntry({ view }: { view: KeyedEntryView }) {
  const keyEntry = usePos((state) => state.keyEntry);
  const letters = takesLetters.has(view.field);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const character = letters ? /^[\x20-\x7E]$/ : /^\d$/;
      if (!character.test(event.key) && !/^(Backspace|Tab|Enter)$/.test(event.key)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void keyEntry(event.key);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [keyEntry, letters]);
  const last = view.fields.at(-1);
  return (
    <div
      className="keyed-entry"
      role="group"
      aria-label="Keyed card"
      aria-describedby={view.problem ? 'keyed-problem' : undefined}
    >
      {view.fields.map((field) => {
        // The core's check of the field as typed (keyed-checks.ts), read out with the field.
        const check = field === 'account' || field === 'expiry' || field === 'postal' ? view.checks[field] : null;
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
        <p className="keyed-hint">
          Type the card, then its billing {last === 'street' ? 'ZIP and street' : 'ZIP or postal code'}; Tab or Enter
          for the next field, Enter on the last to send.
        </p>
      )}
    </div>
  );
}
