import type { JournalEntryView } from '../../../src-main/lane/ipc/contract';
import { PosCallError } from '../../pos/call-error';
import { usePosActions, usePosFields } from '../../store/use-pos';
import type { AskManager } from './ask-manager';
import { Alert } from '../../components/Alert';
import { useState } from 'react';
import { StoredCardCharge } from './StoredCardCharge';

/**
 * The sale's customer: their stored cards (masked, loaded when asked, charged again: ADR 089; a manager deletes one) and,
 * for a sale paid without a signature, "Add signature" on the screen, sent to the gateway.
 */
export function CustomerPanel({
  orderId,
  sale,
  askManager,
}: {
  orderId: string;
  sale: JournalEntryView | undefined;
  askManager: AskManager;
}) {
  const { cards, cardsOrder, problem, added } = usePosFields({
    cards: 'storedCards',
    cardsOrder: 'storedCardsOrder',
    problem: 'customerError',
    added: 'signatureAdded',
  });
  const actions = usePosActions();
  const [charging, setCharging] = useState<{ profile: string; cardWords: string } | null>(null);
  if (!sale) return null;
  const shown = cardsOrder === orderId ? cards : null;
  const remove = (acctid: string) => {
    void actions.deleteStoredCard({ orderId, acctid }).catch((error: unknown) => {
      if (error instanceof PosCallError && error.code === 'forbidden')
        askManager(`Delete the stored card ${acctid} of order ${orderId}`, (managerPin) =>
          actions.deleteStoredCard({ orderId, acctid, managerPin }),
        );
    });
  };
  return (
    <div className="order-customer" data-testid="order-customer">
      <h3>Customer</h3>
      <div className="order-actions">
        <button type="button" onClick={() => void actions.loadStoredCards(orderId)}>
          Stored cards
        </button>
        <button type="button" onClick={() => void actions.addSignature(orderId)}>
          Add signature
        </button>
      </div>
      {shown ? (
        shown.cards.length === 0 ? (
          <p>The customer has no stored cards from this sale.</p>
        ) : (
          <ul aria-label="Stored cards">
            {shown.cards.map((card) => (
              <li key={card.acctid}>
                {card.brand ?? 'Card'} {card.maskedPan}
                {card.isDefault ? ' (default)' : ''}{' '}
                {shown.profileId ? (
                  <button
                    type="button"
                    onClick={() =>
                      setCharging({
                        profile: `${shown.profileId}/${card.acctid}`,
                        cardWords: `${card.brand ?? 'Card'} ${card.maskedPan}`,
                      })
                    }
                    data-testid={`charge-stored-card-${card.acctid}`}
                  >
                    Charge card {card.acctid}
                  </button>
                ) : null}{' '}
                <button type="button" className="danger" onClick={() => remove(card.acctid)}>
                  Delete card {card.acctid}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {added?.orderId === orderId ? (
        <p role="status">
          {added.saved
            ? 'The signature was added to the sale at the gateway.'
            : `The gateway did not add the signature: ${added.reason ?? 'no reason given'}.`}
        </p>
      ) : null}
      <Alert message={problem} className="history-error" />
      {charging ? (
        <StoredCardCharge
          orderId={orderId}
          profile={charging.profile}
          cardWords={charging.cardWords}
          onClose={() => setCharging(null)}
        />
      ) : null}
    </div>
  );
}
