import { saveCardConsentWords } from '../../store/save-card-words';
import { usePosActions, usePosFields } from '../../store/use-pos';

/**
 * "Save card on file, the customer agrees" beside the tender bar (ADR 089): ticked before the card
 * is read, the next card sale stores the card with the customer's consent to the words shown, and
 * the lane journals who recorded it and when. The tick clears once that sale starts. Keys typed
 * while it has the focus stay with it (as in any field): the cashier pays with the button.
 */
export function SaveCardConsent() {
  const { agreed, stage, onTerminal } = usePosFields({
    agreed: 'saveCardConsent',
    stage: 'saleStage',
    onTerminal: 'cardOnTerminal',
  });
  const { setSaveCardConsent } = usePosActions();
  // An integrated terminal authorizes by itself: the lane cannot ask it to store the card.
  if (onTerminal) return null;
  return (
    <div className="save-card-consent">
      <label>
        <input
          type="checkbox"
          checked={agreed}
          disabled={stage === 'paying'}
          onChange={(event) => setSaveCardConsent(event.target.checked)}
          aria-describedby={agreed ? 'save-card-words' : undefined}
          data-testid="save-card-consent"
        />{' '}
        Save card on file {'\u2014'} the customer agrees
      </label>
      {agreed ? (
        <p id="save-card-words" className="save-card-words" data-testid="save-card-words">
          Read to the customer: {'\u201c'}
          {saveCardConsentWords}
          {'\u201d'}
        </p>
      ) : null}
    </div>
  );
}
