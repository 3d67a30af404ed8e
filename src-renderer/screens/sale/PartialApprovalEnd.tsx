import { useYesNoKeys } from './use-yes-no-keys';
import type { RefObject } from 'react';
import type { SaleSummary } from '../../../src-main/lane/ipc/contract';
import { modalDialogProps } from '../../components/modal-dialog';
import { formatMoney } from '../../../src-main/platform/money';

/** The two ways a partly approved sale ends without another card: the rest taken another way, or the approval voided. */
export type PartialEnding = 'outside' | 'void';

const cardOf = (sale: SaleSummary) => `card \u2022\u2022\u2022\u2022${sale.maskedPan.slice(-4)}`;

/**
 * A partial approval's three ways on: the rest on another card (the main one, Enter), the rest
 * taken another way outside the lane (O), or the approval voided (V). The last two are asked
 * again first (`PartialEndConfirmation`): each settles where the customer's money ends up.
 */
export function PartialApprovalActions({
  dueMinor,
  mainAction,
  onTenderRest,
  onEnd,
}: {
  dueMinor: number;
  mainAction: RefObject<HTMLButtonElement | null>;
  onTenderRest: () => void;
  onEnd: (ending: PartialEnding) => void;
}) {
  return (
    <>
      <button type="button" className="primary" ref={mainAction} onClick={onTenderRest} data-testid="tender-rest">
        Take the remaining {formatMoney(dueMinor)} on another card <kbd>Enter</kbd>
      </button>
      <button type="button" onClick={() => onEnd('outside')} data-testid="rest-outside">
        {formatMoney(dueMinor)} taken another way (cash, check) <kbd>O</kbd>
      </button>
      <button type="button" className="danger" onClick={() => onEnd('void')} data-testid="void-partial">
        Void this approval <kbd>V</kbd>
      </button>
    </>
  );
}

/**
 * Asked before a partly approved sale ends without another card, naming where the money ends
 * up. Focus starts on "No", so a habitual Enter goes back; Y (or a click) confirms.
 */
export function PartialEndConfirmation({
  ending,
  sale,
  dueMinor,
  onConfirm,
  onCancel,
}: {
  ending: PartialEnding;
  sale: SaleSummary;
  dueMinor: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const back = useYesNoKeys(onConfirm, onCancel);
  const card = formatMoney(sale.approvedMinor);
  const rest = formatMoney(dueMinor);
  const words =
    ending === 'outside'
      ? {
          heading: `Finish the sale with ${rest} taken another way?`,
          what: `${card} stays on ${cardOf(sale)}. Take the remaining ${rest} in cash or another way first: the journal records it under your name, and the sale is complete.`,
          yes: `Yes, ${rest} was taken: finish the sale`,
        }
      : {
          heading: `Void the ${card} approval?`,
          what: `${card} goes back to ${cardOf(sale)} and the sale is canceled: nothing stays charged for it.`,
          yes: `Yes, return ${card} to the card`,
        };
  return (
    <div className="dialog-backdrop">
      <div
        {...modalDialogProps({ labelledBy: 'partial-end-heading', describedBy: 'partial-end-what' })}
        data-testid="confirm-partial-end"
      >
        <h2 id="partial-end-heading">{words.heading}</h2>
        <p id="partial-end-what">{words.what}</p>
        <div className="dialog-actions">
          <button type="button" className="primary" onClick={onConfirm} data-testid="confirm-partial-end-yes">
            {words.yes} <kbd>Y</kbd>
          </button>
          <button type="button" ref={back} onClick={onCancel}>
            No, go back <kbd>Esc</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
