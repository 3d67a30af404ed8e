import { usePos } from '../store/use-pos';

/**
 * Training's emulated phone: while a sale waits for a phone payment, the QR code's page opens
 * in a window of its own, the phone, where the trainee pays with the training wallet. The page
 * is the pay-link service's, over HTTPS with the training certificate, exactly as a customer's
 * phone would load it.
 */
export function TrainingPhone() {
  const link = usePos((state) => {
    const sale = state.terminal?.sale;
    return sale?.running && sale.tender === 'wallet' ? sale.payLink : null;
  });
  return (
    <section className="training-phone" aria-labelledby="training-phone-heading">
      <h2 id="training-phone-heading">Training phone</h2>
      {link ? (
        <>
          <p className="deck-note">
            The customer&rsquo;s phone after scanning the QR code: pay there with the training wallet.
          </p>
          <a
            className="training-phone-open"
            href={link.url}
            target="lanepoint-training-phone"
            rel="noopener noreferrer"
            data-testid="open-training-phone"
          >
            Open on the training phone
          </a>
        </>
      ) : (
        <p className="deck-note">
          Start a sale with &ldquo;Pay on your phone&rdquo;: the phone opens its QR code here.
        </p>
      )}
    </section>
  );
}
