import { usePos } from '../store/use-pos';

/** What the emulated phone can send that a lane must refuse, and the button's words. */
const payloadsThatFail = [
  { payload: 'expired', words: 'Pay with an expired payment' },
  { payload: 'replayed', words: 'Send the last payment again' },
] as const;

/**
 * Training's emulated phone: while a sale waits for a phone payment, the QR code's page opens
 * in a window of its own, the phone, where the trainee pays with the training wallet. The page
 * is the pay-link service's, over HTTPS with training's own certificate, as a customer's phone
 * loads it. Two buttons send what a phone should never get through: a payment signed too long
 * ago, and the same payment twice.
 */
export function TrainingPhone() {
  const link = usePos((state) => {
    const sale = state.terminal?.sale;
    return sale?.running && sale.tender === 'wallet' ? sale.payLink : null;
  });
  const payOnPhone = usePos((state) => state.payOnTrainingPhone);
  return (
    <section className="training-phone" aria-labelledby="training-phone-heading">
      <h2 id="training-phone-heading">Training phone</h2>
      {link ? (
        <>
          <p className="deck-note">
            The customer&rsquo;s phone after scanning the QR code: press &ldquo;Pay with the training wallet&rdquo;
            there. The browser may warn about the page&rsquo;s certificate: this lane made it for training.
          </p>
          <div className="training-phone-actions">
            <a
              className="training-phone-open"
              href={link.url}
              target="lanepoint-training-phone"
              rel="noopener noreferrer"
              data-testid="open-training-phone"
            >
              Open on the training phone
            </a>
            {payloadsThatFail.map(({ payload, words }) => (
              <button
                key={payload}
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void payOnPhone(payload)}
              >
                {words}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className="deck-note">Choose &ldquo;Pay on your phone&rdquo; on the sale: its QR code opens here.</p>
      )}
    </section>
  );
}
