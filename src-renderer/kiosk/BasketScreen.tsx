import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BasketLine, CatalogueItem, KioskBasket } from '../../src-main/lane/ipc/contract';
import { kioskOutcomeHeadline } from '../components/kiosk-outcome';
import { formatMoney } from '../../src-main/platform/money';
import { usePos, usePosActions } from '../store/use-pos';
import { CancelOrderButton } from './CancelOrder';
import { CataloguePicker } from './CataloguePicker';
import { KioskNoticeLine } from './KioskNoticeLine';
import { useKioskWords } from './use-kiosk-words';

/** One line of the basket: the item, its quantity with fewer and more, remove, and the line's price. */
function BasketLineRow({ line, locked }: { line: BasketLine; locked: boolean }) {
  const words = useKioskWords();
  const { setLineQuantity } = usePosActions();
  // The quantity last asked for while the main process has not answered: a second tap before the
  // basket comes back counts from it, so a quick "+ +" on a busy kiosk asks for two more, not one.
  const asked = useRef<number | null>(null);
  const change = (by: number) => {
    const quantity = Math.min(99, Math.max(by === 0 ? 0 : 1, (asked.current ?? line.quantity) + by));
    asked.current = quantity;
    void setLineQuantity(line.itemId, quantity).finally(() => {
      if (asked.current === quantity) asked.current = null;
    });
  };
  return (
    <li className="kiosk-line" data-testid="basket-line">
      <span className="kiosk-line-name">{line.name}</span>
      {/* The controls stay together: on a narrow column they wrap below the name as one row. */}
      <span className="kiosk-line-controls">
        <span className="kiosk-line-quantity" role="group" aria-label={words.quantityOf(line.name, line.quantity)}>
          <button
            type="button"
            aria-label={words.fewer(line.name)}
            disabled={locked || line.quantity <= 1}
            onClick={() => change(-1)}
          >
            {'\u2212'}
          </button>
          <output aria-hidden="true">{line.quantity}</output>
          <button
            type="button"
            aria-label={words.more(line.name)}
            disabled={locked || line.quantity >= 99}
            onClick={() => change(+1)}
          >
            +
          </button>
        </span>
        <span className="kiosk-line-price">{formatMoney(line.netMinor)}</span>
        <button
          type="button"
          className="kiosk-line-remove"
          aria-label={words.remove(line.name)}
          disabled={locked}
          onClick={() => void setLineQuantity(line.itemId, 0)}
        >
          {'\u00d7'}
        </button>
      </span>
    </li>
  );
}

/** One sum of the basket: its words and the amount. */
function TotalRow({
  words,
  minor,
  testId,
  strong,
}: {
  words: string;
  minor: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? 'kiosk-total' : undefined}>
      <dt>{words}</dt>
      <dd data-testid={testId}>{formatMoney(minor)}</dd>
    </div>
  );
}

/** The sums, always in view: subtotal, tax, total, and after a partial payment what was paid and is still owed. */
export function BasketTotals({ basket }: { basket: KioskBasket }) {
  const words = useKioskWords();
  return (
    <dl className="kiosk-totals" data-testid="basket-totals">
      <TotalRow words={words.subtotal} minor={basket.subtotalMinor} testId="basket-subtotal" />
      <TotalRow words={words.tax} minor={basket.taxMinor} testId="basket-tax" />
      <TotalRow words={words.total} minor={basket.totalMinor} testId="basket-total" strong />
      {basket.paidMinor > 0 ? (
        <>
          <TotalRow words={words.paid} minor={basket.paidMinor} testId="basket-paid" />
          <TotalRow words={words.stillToPay} minor={basket.dueMinor} testId="basket-due" strong />
        </>
      ) : null}
    </dl>
  );
}

/** The basket's heading, how the last payment went, a scan problem, and what to do with an empty basket. */
function BasketHeading({ basket }: { basket: KioskBasket }) {
  const words = useKioskWords();
  const sale = usePos((state) => state.terminal?.sale ?? null);
  // A payment that ended without settling the basket (declined, stopped) is said here too.
  const outcome = sale && !sale.running && basket.dueMinor > 0 ? kioskOutcomeHeadline(sale, words.outcome) : null;
  return (
    <>
      <h1 id="kiosk-basket-heading" data-testid="kiosk-headline">
        {words.basketHeading}
      </h1>
      {outcome && outcome !== words.outcome.welcome ? (
        <p className="kiosk-outcome-line" role="status" data-testid="kiosk-outcome">
          {outcome}
        </p>
      ) : null}
      <KioskNoticeLine />
      {basket.lines.length === 0 ? <p className="kiosk-lead">{words.basketEmpty}</p> : null}
    </>
  );
}

/** The basket's lines, each with its quantity, remove and price. */
function BasketLineList({ basket }: { basket: KioskBasket }) {
  const words = useKioskWords();
  return (
    <ul className="kiosk-line-list" aria-label={words.basketHeading}>
      {basket.lines.map((line) => (
        <BasketLineRow key={line.itemId} line={line} locked={basket.locked} />
      ))}
    </ul>
  );
}

/** Pay what is owed by card, or on the phone where the store takes it. */
function PayButtons({ basket }: { basket: KioskBasket }) {
  const words = useKioskWords();
  const walletEnabled = usePos((state) => state.walletEnabled);
  const { payBasket } = usePosActions();
  const nothingToPay = basket.lines.length === 0 || basket.dueMinor <= 0;
  const tenders = walletEnabled ? (['card', 'wallet'] as const) : (['card'] as const);
  return tenders.map((tender) => (
    <button
      key={tender}
      type="button"
      className={tender === 'card' ? 'primary kiosk-big' : 'kiosk-big'}
      disabled={nothingToPay}
      onClick={() => void payBasket(tender)}
      data-testid={`pay-${tender}`}
    >
      {tender === 'card' ? words.payByCard(basket.dueMinor) : words.payOnPhone}
    </button>
  ));
}

/**
 * Accessibility mode: what is only read (the heading, the outcome, the sums) in the upper half;
 * in the lower half, where a seated customer reaches, either the lines with paying, adding and
 * cancelling, or the catalogue as a view of its own (its Back returns to the lines).
 */
function BasketWithinReach({ basket, items }: { basket: KioskBasket; items: readonly CatalogueItem[] }) {
  const words = useKioskWords();
  const [picking, setPicking] = useState(false);
  // Once part is paid the lines are fixed: nothing to pick.
  const canAdd = !basket.locked;
  return (
    <div className="kiosk-reach">
      <div className="kiosk-reach-read">
        <div className="kiosk-reach-heading">
          <BasketHeading basket={basket} />
        </div>
        <BasketTotals basket={basket} />
      </div>
      {picking && canAdd ? (
        <CataloguePicker items={items} onBack={() => setPicking(false)} />
      ) : (
        <div className="kiosk-reach-basket">
          {basket.lines.length > 0 ? (
            <section className="kiosk-lines" aria-labelledby="kiosk-basket-heading" tabIndex={0}>
              <BasketLineList basket={basket} />
            </section>
          ) : null}
          <div className="kiosk-actions">
            <PayButtons basket={basket} />
            {canAdd ? (
              <button type="button" className="kiosk-big" onClick={() => setPicking(true)} data-testid="add-item">
                {words.addItem}
              </button>
            ) : null}
            {basket.lines.length > 0 ? <CancelOrderButton /> : null}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The customer's basket: its lines with quantities, the catalogue to pick from, the sums always
 * in view, and paying (by card, or on the phone where the store takes it). Scanned items arrive
 * here from the scanner without a touch. Once part is paid the catalogue goes and the lines take
 * its room; accessibility mode brings every control into the lower half.
 */
export function BasketScreen() {
  const words = useKioskWords();
  const { basket, items, accessible } = usePos(
    useShallow((state) => ({
      basket: state.kiosk?.basket ?? null,
      items: state.catalogue?.items ?? [],
      accessible: state.accessible,
    })),
  );
  if (!basket) return null;
  if (accessible) return <BasketWithinReach basket={basket} items={items} />;
  return (
    <div className={`kiosk-basket${basket.locked ? ' kiosk-basket-paid' : ''}`}>
      <section className="kiosk-lines" aria-labelledby="kiosk-basket-heading" tabIndex={0}>
        <BasketHeading basket={basket} />
        <BasketLineList basket={basket} />
      </section>
      {/* Once part is paid the lines are fixed: nothing to pick. */}
      {basket.locked ? null : <CataloguePicker items={items} />}
      <section className="kiosk-checkout" aria-label={words.total}>
        <BasketTotals basket={basket} />
        <div className="kiosk-actions">
          <PayButtons basket={basket} />
          {basket.lines.length > 0 ? <CancelOrderButton /> : null}
        </div>
      </section>
    </div>
  );
}
